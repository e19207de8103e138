#!/usr/bin/env node
// Writes the demo logs that `agentlog report --demo` reads: synthetic Claude Code transcripts and Codex
// rollouts of three small projects, in the layouts and record shapes real tools write (see
// ../../shared/spec/formats.md). Everything is deterministic: ids come from generators seeded by the
// session name, timestamps from fixed start times in the 14 days ending 2026-11-20. Running it twice
// gives byte-identical files; test/demo-data.test.ts checks the committed demo/ against a fresh run.
// The pieces live in scripts/demo/: the writers (claude/, codex/), the projects, one file per session.
//
// Usage: node scripts/make-demo.mjs [OUT_DIR]   (default: demo/ at the repository root)

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ClaudeSession } from './demo/claude/session.mjs';
import { c1 } from './demo/sessions/c1-geo-midpoint.mjs';
import { c2 } from './demo/sessions/c2-csv-quotes.mjs';
import { c3 } from './demo/sessions/c3-shop-skeleton.mjs';
import { s01 } from './demo/sessions/s01-shop-cart-badge.mjs';
import { s02 } from './demo/sessions/s02-csv-delimiter.mjs';
import { s03 } from './demo/sessions/s03-geo-accuracy.mjs';
import { s04 } from './demo/sessions/s04-shop-nan-total.mjs';
import { s05 } from './demo/sessions/s05-csv-release.mjs';
import { s06 } from './demo/sessions/s06-geo-bbox.mjs';
import { s07 } from './demo/sessions/s07-shop-recently-viewed.mjs';
import { s08 } from './demo/sessions/s08-csv-infer-dates.mjs';
import { s09 } from './demo/sessions/s09-geo-unit-option.mjs';
import { s10 } from './demo/sessions/s10-shop-quantity-stepper.mjs';
import { s11 } from './demo/sessions/s11-csv-tag-release.mjs';
import { s12 } from './demo/sessions/s12-geo-benchmarks.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.resolve(process.argv[2] ?? path.join(repoRoot, 'demo'));

const README = `# Demo logs

Synthetic session logs that \`agentlog report --demo\` (and any other command with \`--demo\`) reads.
They are written by \`scripts/make-demo.mjs\`: do not edit them by hand, change the script and run
\`node scripts/make-demo.mjs\`. A test compares this folder with a fresh run.

Three small projects (\`/home/demo/src/shop-web\`, \`csv-tool\`, \`geo-lib\`), 12 Claude Code sessions
(versions 1.0.88 to 2.1.118) in \`claude/projects/\`, and 3 Codex rollouts (both file eras) in
\`codex/sessions/\`, spread over 2026-11-07 to 2026-11-20.
`;

// In date order: sessions of one project see the files earlier ones changed.
const sessions = [
  s01(),
  c1(),
  s02(),
  s03(),
  s04(),
  s05(),
  s06(),
  s07(),
  c2(),
  s08(),
  s09(),
  s10(),
  c3(),
  s11(),
  s12(),
];

rmSync(path.join(outDir, 'claude'), { recursive: true, force: true });
rmSync(path.join(outDir, 'codex'), { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
writeFileSync(path.join(outDir, 'README.md'), README);

let fileCount = 1;
let bytes = Buffer.byteLength(README);
for (const session of sessions) {
  for (const file of session.output()) {
    const target = path.join(outDir, file.rel);
    const text = file.text ?? file.records.map((record) => `${JSON.stringify(record)}\n`).join('');
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, text);
    fileCount += 1;
    bytes += Buffer.byteLength(text);
  }
}

const claudeCount = sessions.filter((s) => s instanceof ClaudeSession).length;
console.log(
  `make-demo: ${sessions.length} sessions (${claudeCount} Claude Code, ${sessions.length - claudeCount} Codex), ${fileCount} files, ${(bytes / 1024).toFixed(1)} KB in ${path.relative(process.cwd(), outDir) || '.'}`,
);
