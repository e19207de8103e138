// Demo session s02-csv-delimiter: csv-tool, Claude Code 2.0.14 (Sonnet 4.5): parallel reads with chained results, Bash in the background, BashOutput, KillShell.

import { ClaudeSession, SONNET } from '../claude/session.mjs';
import { csvTool } from '../csv-tool-files.mjs';
import { vitestRun } from './vitest-output.mjs';

/** Writes demo session s02-csv-delimiter. */
export function s02() {
  const s = new ClaudeSession({
    name: 's02-csv-delimiter',
    project: csvTool,
    version: '2.0.14',
    model: SONNET,
    start: '2026-11-09T14:03:10.904Z',
  });
  const c = s.main;
  c.prompt(
    'The parser chokes on the semicolon-separated export from our bank (see fixtures/bank-export.csv). Add a --delimiter option, and auto-detect between comma, semicolon and tab when it is not given.',
    { wait: [0, 0] },
  );
  c.step({
    text: 'Let me look at the parser and the CLI entry point.',
    calls: [c.read('src/parse.ts'), c.read('src/cli.ts')],
  });
  c.step({
    thinking:
      'Detection can look at the header line: pick the candidate that splits it into the most fields. parseCsv gets an optional delimiter; the CLI passes --delimiter through.',
    calls: [
      c.edit(
        'src/parse.ts',
        "export type Row = Record<string, string>;\n\nexport function parseCsv(text: string): Row[] {\n  const [header, ...lines] = text.trim().split(/\\r?\\n/);\n  const names = header.split(',');\n  return lines.map((line) => {\n    const cells = line.split(',');",
        "export type Row = Record<string, string>;\n\nconst CANDIDATES = [',', ';', '\\t'];\n\n/** The candidate that splits the header line into the most fields. */\nexport function detectDelimiter(headerLine: string): string {\n  let best = ',';\n  for (const d of CANDIDATES) if (headerLine.split(d).length > headerLine.split(best).length) best = d;\n  return best;\n}\n\nexport function parseCsv(text: string, delimiter?: string): Row[] {\n  const [header, ...lines] = text.trim().split(/\\r?\\n/);\n  const sep = delimiter ?? detectDelimiter(header);\n  const names = header.split(sep);\n  return lines.map((line) => {\n    const cells = line.split(sep);",
      ),
    ],
  });
  c.step({
    calls: [
      c.edit(
        'src/cli.ts',
        "const [command, file] = process.argv.slice(2);\nif (command !== 'stats' || !file) {\n  console.error('usage: csv-tool stats <file>');\n  process.exit(2);\n}\nconst rows = parseCsv(readFileSync(file, 'utf8'));",
        "const args = process.argv.slice(2);\nconst at = args.indexOf('--delimiter');\nconst delimiter = at >= 0 ? args.splice(at, 2)[1] : undefined;\nconst [command, file] = args;\nif (command !== 'stats' || !file) {\n  console.error('usage: csv-tool stats [--delimiter <char>] <file>');\n  process.exit(2);\n}\nconst rows = parseCsv(readFileSync(file, 'utf8'), delimiter);",
      ),
    ],
  });
  c.step({
    calls: [
      c.edit(
        'test/parse.test.ts',
        "    expect(parseCsv('a,b\\n1,2\\n')).toEqual([{ a: '1', b: '2' }]);\n  });\n",
        "    expect(parseCsv('a,b\\n1,2\\n')).toEqual([{ a: '1', b: '2' }]);\n  });\n\n  it('reads semicolon-separated files', () => {\n    expect(parseCsv('a;b\\n1;2\\n')).toEqual([{ a: '1', b: '2' }]);\n  });\n\n  it('honours an explicit delimiter', () => {\n    expect(parseCsv('a|b\\n1|2\\n', '|')).toEqual([{ a: '1', b: '2' }]);\n  });\n",
      ),
    ],
  });
  c.step({
    calls: [
      c.bash('npm test', 'Run the test suite', {
        out: vitestRun(
          csvTool,
          '@demo/csv-tool@1.2.3',
          [
            ['test/parse.test.ts', 3, 4],
            ['test/stats.test.ts', 1, 3],
          ],
          '14:09:12',
        ),
        ms: [2200, 3500],
      }),
    ],
  });
  c.step({
    text: "Tests pass. I'll start the compiler in watch mode and try the bank export.",
    calls: [c.bash('npm run build -- --watch', 'Start tsc in watch mode', { background: '3c9e1f' })],
  });
  c.step({
    calls: [
      c.bash('sleep 3 && node dist/cli.js stats fixtures/bank-export.csv', 'Run stats on the bank export', {
        out: 'Date\ttext\t2\nDescription\ttext\t2\nAmount\tnumber\t2',
        ms: [3400, 3900],
      }),
    ],
  });
  c.step({
    calls: [
      c.bashOutput(
        '3c9e1f',
        'npm run build -- --watch',
        '> @demo/csv-tool@1.2.3 build\n> tsc -p . --watch\n\n[2:09:31 PM] Starting compilation in watch mode...\n\n[2:09:33 PM] Found 0 errors. Watching for file changes.',
      ),
    ],
  });
  c.step({ calls: [c.killShell('3c9e1f', 'npm run build -- --watch')] });
  c.step({
    text: 'Done:\n\n- `src/parse.ts`: `parseCsv(text, delimiter?)`; without a delimiter, `detectDelimiter` picks whichever of `,` `;` or tab splits the header into the most fields.\n- `src/cli.ts`: `csv-tool stats [--delimiter <char>] <file>`.\n- Tests for semicolon files and an explicit delimiter.\n\nThe bank export now parses into three columns (`Date`, `Description`, `Amount`, the last one numeric). Quoted fields that contain the delimiter are still not supported; that needs a real tokenizer.',
  });
  return s;
}
