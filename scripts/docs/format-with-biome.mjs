// Generated Markdown and JSON go through the repository's own formatter (Biome, with biome.json), so that
// `npm run lint` accepts them and hand edits of the chapters keep one layout. Biome formats a temporary copy:
// one run for all files.

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const formatted = /\.(md|json)$/;

/** The files (path → text) with every Markdown and JSON text as Biome formats it. */
export function formatWithBiome(repoRoot, files) {
  const dir = mkdtempSync(path.join(tmpdir(), 'agentlog-docs-'));
  try {
    for (const [file, text] of files) {
      if (!formatted.test(file)) continue;
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    }
    const biome = path.join(repoRoot, 'node_modules/@biomejs/biome/bin/biome');
    const config = `--config-path=${path.join(repoRoot, 'biome.json')}`;
    const result = spawnSync(process.execPath, [biome, 'format', '--write', config, dir], {
      encoding: 'utf8',
    });
    if (result.status !== 0)
      throw new Error(`Biome could not format the docs:\n${result.stdout}${result.stderr}`);
    return new Map(
      [...files].map(([file, text]) => [
        file,
        formatted.test(file) ? readFileSync(path.join(dir, file), 'utf8') : text,
      ]),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
