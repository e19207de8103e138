import { appendFileSync, chmodSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { indexFileName } from '../src/cache/cache-location.js';
import { unpackFact } from '../src/cache/file-facts.js';
import { validationFactKind } from '../src/cache/validation-facts.js';
import { validateFile } from '../src/reader/validate-file.js';
import { copyCorpus, refreshed, tempDir } from './index-helpers.js';

// The drift section's validation facts come from the index's own read of each file: validated on the values
// parsed for the records, going on from the stored state when a file grows. Whatever the appends, the facts
// must be those of validating the file as it is, in one pass.
const dirs = [
  'microsoft__vscode-copilot-chat/src/extension/chatSessions/claude/node/test/fixtures',
  'iansherr__claude-code-log/test/test_data/real_projects/-Users-dain-workspace-claude-code-log-sample',
  'codemie-ai__codemie-code/tests/integration/metrics/fixtures/codex/sessions/2026/01/02',
];

let logs: string;
let cache: string;

function jsonlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.jsonl'))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

function storedFacts(file: string): unknown {
  const db = new Database(path.join(cache, indexFileName), { readonly: true });
  try {
    const row = db
      .prepare('SELECT value FROM _facts WHERE path = ? AND kind = ?')
      .get(file, validationFactKind) as { value: string } | undefined;
    return row && unpackFact(row.value);
  } finally {
    db.close();
  }
}

describe('validation facts stored by the index', () => {
  beforeEach(() => {
    logs = tempDir('logs');
    cache = tempDir('cache');
    copyCorpus(logs, dirs);
    for (const entry of readdirSync(logs, { withFileTypes: true, recursive: true }))
      chmodSync(path.join(entry.parentPath, entry.name), entry.isDirectory() ? 0o755 : 0o644);
  });
  afterEach(() => {
    rmSync(logs, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
  });

  it('equal one-pass validation after appends cut anywhere, a partial last line included', async () => {
    const files = jsonlFiles(logs);
    expect(files.length).toBeGreaterThan(5);
    const contents = new Map(files.map((f) => [f, readFileSync(f)]));
    // Each file starts as its first 40% of bytes (cut inside a line), then grows to 70%, then to its end.
    const cuts = [0.4, 0.7, 1];
    const at = (file: string, share: number) => Math.floor((contents.get(file)?.length ?? 0) * share);
    for (const file of files) writeFileSync(file, (contents.get(file) as Buffer).subarray(0, at(file, 0.4)));
    let appended = 0;
    for (const [step, share] of cuts.entries()) {
      if (step > 0)
        for (const file of files)
          appendFileSync(
            file,
            (contents.get(file) as Buffer).subarray(at(file, cuts[step - 1] ?? 0), at(file, share)),
          );
      const { stats } = await refreshed(cache, logs);
      appended += stats.appended;
      for (const file of files)
        expect(storedFacts(file), `${file} at ${share}`).toEqual(await validateFile(file));
    }
    // The appends were read from the stored offsets, not whole.
    expect(appended).toBeGreaterThanOrEqual(files.length);
  });
});
