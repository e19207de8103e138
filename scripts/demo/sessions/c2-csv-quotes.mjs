// Demo session c2-csv-quotes: csv-tool, Codex 0.46 (gpt-5-codex): envelopes, `turn_context`, `shell` with JSON output (one exits 1), `update_plan`, freeform apply_patch with `Exit code:` text output, cumulative `token_count`s and one re-emitted total.

import { CodexRollout, patchUpdate } from '../codex/rollout.mjs';
import { csvTool } from '../csv-tool-files.mjs';
import { rgLines } from '../text.mjs';

/** Writes demo session c2-csv-quotes. */
export function c2() {
  const x = new CodexRollout({
    name: 'c2-csv-quotes',
    project: csvTool,
    start: '2026-11-13T15:31:08.517Z',
    cliVersion: '0.46.0',
    model: 'gpt-5-codex',
    sandbox: 'mode',
    resets: 'in',
  });
  x.meta({
    git: {
      commit_hash: 'c2a7e19f04b83d6e5f1a9c70d8b2e4f613a5c9d7',
      branch: 'main',
      repository_url: 'git@github.com:demo/csv-tool.git',
    },
  });
  x.environment();
  x.prompt(
    'csv-tool splits quoted fields like "Coffee, large" into two cells. Make the parser respect double quotes.',
    [3000, 8000],
  );
  x.event({ type: 'token_count', info: null, rate_limits: x.rateLimits() });
  x.shell(
    'rg -n "split\\(" src',
    rgLines(csvTool, /split\(/, ['src/cli.ts', 'src/parse.ts', 'src/stats.ts']),
    {
      reasoning: '**Locating the field splitting**',
    },
  );
  x.shell("sed -n '1,40p' src/parse.ts", csvTool.read('src/parse.ts'));
  x.updatePlan(
    'Replace the naive split with a small quote-aware tokenizer.',
    [
      ['Add a quote-aware splitLine()', 'in_progress'],
      ['Use it for the header and the rows', 'pending'],
      ['Add tests and run the suite', 'pending'],
    ],
    '**Planning the tokenizer change**',
  );
  const patch = patchUpdate(csvTool, 'src/parse.ts', [
    [
      'export function parseCsv(',
      "/** Splits one line on `sep`, keeping quoted fields (with `\"\"` escapes) together. */\nexport function splitLine(line: string, sep: string): string[] {\n  const cells: string[] = [];\n  let cell = '';\n  let quoted = false;\n  for (let i = 0; i < line.length; i++) {\n    const ch = line[i];\n    if (quoted && ch === '\"' && line[i + 1] === '\"') {\n      cell += '\"';\n      i++;\n    } else if (ch === '\"') quoted = !quoted;\n    else if (ch === sep && !quoted) {\n      cells.push(cell);\n      cell = '';\n    } else cell += ch;\n  }\n  cells.push(cell);\n  return cells;\n}\n\nexport function parseCsv(",
    ],
    ['    const cells = line.split(sep);', '    const cells = splitLine(line, sep);'],
  ]);
  x.applyPatch(patch, ['M src/parse.ts'], { reasoning: '**Writing the tokenizer**' });
  const testPatch = patchUpdate(csvTool, 'test/parse.test.ts', [
    [
      "  it('honours an explicit delimiter', () => {",
      "  it('keeps quoted delimiters inside a field', () => {\n    expect(parseCsv('\"name\",\"price\"\\n\"Coffee, large\",3.20\\n')).toEqual([{ name: 'Coffee, large', price: '3.20' }]);\n  });\n\n  it('honours an explicit delimiter', () => {",
    ],
  ]);
  x.applyPatch(testPatch, ['M test/parse.test.ts']);
  x.shell(
    'npm test',
    `\n> @demo/csv-tool@1.3.0-rc.1 test\n> vitest run\n\n\n RUN  v2.1.2 ${csvTool.cwd}\n\n ❯ test/parse.test.ts (4 tests | 1 failed) 12ms\n   × parseCsv > keeps quoted delimiters inside a field 5ms\n     → expected [ { '"name"': 'Coffee, large', …(1) } ] to deeply equal [ { name: 'Coffee, large', price: '3.20' } ]\n ✓ test/stats.test.ts (1 test) 3ms\n\n FAIL  test/parse.test.ts > parseCsv > keeps quoted delimiters inside a field\nAssertionError: expected [ { '"name"': 'Coffee, large', …(1) } ] to deeply equal [ { name: 'Coffee, large', price: '3.20' } ]\n\n Test Files  1 failed | 1 passed (2)\n      Tests  1 failed | 4 passed (5)\n`,
    { exit: 1, seconds: 2.3, reasoning: '**Running the tests**' },
  );
  const fix = patchUpdate(csvTool, 'src/parse.ts', [
    ['  const names = header.split(sep);', '  const names = splitLine(header, sep);'],
  ]);
  x.applyPatch(fix, ['M src/parse.ts'], { reasoning: '**Tokenizing the header too**' });
  x.shell(
    'npm test',
    `\n> @demo/csv-tool@1.3.0-rc.1 test\n> vitest run\n\n\n RUN  v2.1.2 ${csvTool.cwd}\n\n ✓ test/parse.test.ts (4 tests) 5ms\n ✓ test/stats.test.ts (1 test) 3ms\n\n Test Files  2 passed (2)\n      Tests  5 passed (5)\n`,
    { seconds: 2.1 },
  );
  x.updatePlan(undefined, [
    ['Add a quote-aware splitLine()', 'completed'],
    ['Use it for the header and the rows', 'completed'],
    ['Add tests and run the suite', 'completed'],
  ]);
  x.answer(
    'The parser now respects double quotes.\n\n- `src/parse.ts`: new `splitLine(line, sep)` keeps quoted fields together and unescapes `""`; both the header and the rows use it.\n- `test/parse.test.ts`: a case with `"Coffee, large"`.\n\n`npm test` passes (5 tests). Newlines inside quoted fields are still not supported, since lines are split before tokenizing.',
    '**Summarizing the change**',
  );
  x.repeatTokenCount();
  return x;
}
