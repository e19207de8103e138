// Demo session s08-csv-infer-dates: csv-tool, Claude Code 2.1.41 (Sonnet 4.5): manual compaction (`compact_boundary`, summary, command records), `ai-title`, `last-prompt`.

import { ClaudeSession, SONNET } from '../claude/session.mjs';
import { csvTool } from '../csv-tool-files.mjs';
import { vitestRun } from './vitest-output.mjs';

/** Writes demo session s08-csv-infer-dates. */
export function s08() {
  const s = new ClaudeSession({
    name: 's08-csv-infer-dates',
    project: csvTool,
    version: '2.1.41',
    model: SONNET,
    start: '2026-11-14T10:10:03.442Z',
    slug: 'steady-folding-compass',
    permissionMode: 'acceptEdits',
  });
  const c = s.main;
  c.prompt(
    "Refactor stats.ts: move the column type inference into its own module, and make it recognise ISO dates (YYYY-MM-DD) as a 'date' type.",
    { wait: [0, 0] },
  );
  c.step({ calls: [c.read('src/stats.ts'), c.read('test/stats.test.ts')] });
  s.aiTitle('Extract column type inference and detect dates');
  c.step({
    thinking:
      'inferType(values) returns number | date | text. Dates first (a strict YYYY-MM-DD regex plus a valid Date), then numbers. Empty values are filtered by the caller already.',
    calls: [
      c.write(
        'src/infer-type.ts',
        "export type ColumnType = 'number' | 'date' | 'text';\n\nconst ISO_DATE = /^\\d{4}-\\d{2}-\\d{2}$/;\n\n/** The narrowest type that fits every value (values are non-empty). */\nexport function inferType(values: string[]): ColumnType {\n  if (values.length > 0 && values.every((v) => ISO_DATE.test(v) && !Number.isNaN(Date.parse(v)))) return 'date';\n  if (values.every((v) => !Number.isNaN(Number(v)))) return 'number';\n  return 'text';\n}\n",
      ),
    ],
  });
  c.step({
    calls: [
      c.edit(
        'src/stats.ts',
        "import type { Row } from './parse.js';\n\nexport interface ColumnStat {\n  name: string;\n  type: 'number' | 'text';\n  count: number;\n}\n\nexport function columnStats(rows: Row[]): ColumnStat[] {\n  const names = Object.keys(rows[0] ?? {});\n  return names.map((name) => {\n    const values = rows.map((row) => row[name]).filter((v) => v !== '');\n    const numeric = values.every((v) => !Number.isNaN(Number(v)));\n    return { name, type: numeric ? 'number' : 'text', count: values.length };",
        "import { type ColumnType, inferType } from './infer-type.js';\nimport type { Row } from './parse.js';\n\nexport interface ColumnStat {\n  name: string;\n  type: ColumnType;\n  count: number;\n}\n\nexport function columnStats(rows: Row[]): ColumnStat[] {\n  const names = Object.keys(rows[0] ?? {});\n  return names.map((name) => {\n    const values = rows.map((row) => row[name]).filter((v) => v !== '');\n    return { name, type: inferType(values), count: values.length };",
      ),
    ],
  });
  c.step({
    calls: [
      c.edit(
        'test/stats.test.ts',
        "    expect(columnStats([{ n: '1' }, { n: '2.5' }])).toEqual([{ name: 'n', type: 'number', count: 2 }]);\n  });\n",
        "    expect(columnStats([{ n: '1' }, { n: '2.5' }])).toEqual([{ name: 'n', type: 'number', count: 2 }]);\n  });\n\n  it('infers ISO dates', () => {\n    expect(columnStats([{ d: '2026-10-01' }, { d: '2026-10-02' }])).toEqual([{ name: 'd', type: 'date', count: 2 }]);\n  });\n",
      ),
    ],
  });
  c.step({
    calls: [
      c.bash('npm test', 'Run the test suite', {
        out: vitestRun(
          csvTool,
          '@demo/csv-tool@1.3.0-rc.1',
          [
            ['test/parse.test.ts', 4, 5],
            ['test/stats.test.ts', 2, 4],
          ],
          '10:14:52',
        ),
        ms: [2200, 3400],
      }),
    ],
  });
  c.step({
    text: 'Done. Type inference now lives in `src/infer-type.ts` (`inferType(values)` returns `number`, `date` or `text`; dates must match `YYYY-MM-DD` and be valid). `columnStats` uses it, and there is a test for date columns. All 6 tests pass.',
  });
  c.compact(
    'This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:\n\nAnalysis:\nThe user asked to move column type inference out of src/stats.ts and to detect ISO dates. I created src/infer-type.ts with inferType(values) returning number, date or text, used it from columnStats, and added a test for date columns. All tests passed, and the CLI now reports the Date column of fixtures/bank-export.csv as date.\n\nSummary:\n1. Primary Request and Intent: refactor type inference into its own module and recognise YYYY-MM-DD dates.\n2. Files and Code Sections:\n   - src/infer-type.ts (new): `inferType(values: string[]): ColumnType`.\n   - src/stats.ts: `ColumnStat.type` is `ColumnType`; uses `inferType`.\n   - test/stats.test.ts: new case "infers ISO dates".\n3. Errors and fixes: none.\n4. Pending Tasks: none.\n5. Current Work: the change is complete and verified with `npm test` and the CLI.',
    { preTokens: 31862 },
  );
  c.prompt('Now add a --json flag to the stats command that prints the column stats as a JSON array.');
  c.step({ calls: [c.read('src/cli.ts')] });
  c.step({
    calls: [
      c.edit(
        'src/cli.ts',
        "const [command, file] = args;\nif (command !== 'stats' || !file) {\n  console.error('usage: csv-tool stats [--delimiter <char>] <file>');\n  process.exit(2);\n}\nconst rows = parseCsv(readFileSync(file, 'utf8'), delimiter);\nfor (const stat of columnStats(rows)) {",
        "const json = args.includes('--json');\nconst [command, file] = args.filter((arg) => arg !== '--json');\nif (command !== 'stats' || !file) {\n  console.error('usage: csv-tool stats [--delimiter <char>] [--json] <file>');\n  process.exit(2);\n}\nconst rows = parseCsv(readFileSync(file, 'utf8'), delimiter);\nconst stats = columnStats(rows);\nif (json) {\n  console.log(JSON.stringify(stats, null, 2));\n  process.exit(0);\n}\nfor (const stat of stats) {",
      ),
    ],
  });
  c.step({
    calls: [
      c.bash(
        'npm run build && node dist/cli.js stats --json fixtures/bank-export.csv',
        'Build and try --json',
        {
          out: '\n> @demo/csv-tool@1.3.0-rc.1 build\n> tsc -p .\n\n[\n  {\n    "name": "Date",\n    "type": "date",\n    "count": 2\n  },\n  {\n    "name": "Description",\n    "type": "text",\n    "count": 2\n  },\n  {\n    "name": "Amount",\n    "type": "number",\n    "count": 2\n  }\n]',
          ms: [3500, 5200],
        },
      ),
    ],
  });
  c.step({
    text: '`csv-tool stats --json <file>` now prints the stats as a JSON array (name, type, count); without the flag the tab-separated output is unchanged. The flag can go anywhere on the command line.',
  });
  s.aiTitle('Extract column type inference and detect dates');
  s.lastPrompt('Now add a --json flag to the stats command that prints the column stats as a JSON array.');
  return s;
}
