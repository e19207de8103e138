// The csv-tool project as it is before the first demo session.

import { createProject } from './project.mjs';

/** A small Node CLI that prints column statistics of CSV files. */
export const csvTool = createProject('/home/demo/src/csv-tool', {
  'package.json': `{
  "name": "@demo/csv-tool",
  "version": "1.2.3",
  "type": "module",
  "bin": { "csv-tool": "dist/cli.js" },
  "scripts": {
    "build": "tsc -p .",
    "test": "vitest run",
    "lint": "eslint src test"
  },
  "devDependencies": {
    "typescript": "^5.6.2",
    "vitest": "^2.1.2"
  }
}
`,
  'src/cli.ts': `#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { parseCsv } from './parse.js';
import { columnStats } from './stats.js';

const [command, file] = process.argv.slice(2);
if (command !== 'stats' || !file) {
  console.error('usage: csv-tool stats <file>');
  process.exit(2);
}
const rows = parseCsv(readFileSync(file, 'utf8'));
for (const stat of columnStats(rows)) {
  console.log(\`\${stat.name}\\t\${stat.type}\\t\${stat.count}\`);
}
`,
  'src/parse.ts': `export type Row = Record<string, string>;

export function parseCsv(text: string): Row[] {
  const [header, ...lines] = text.trim().split(/\\r?\\n/);
  const names = header.split(',');
  return lines.map((line) => {
    const cells = line.split(',');
    return Object.fromEntries(names.map((name, i) => [name, cells[i] ?? '']));
  });
}
`,
  'src/stats.ts': `import type { Row } from './parse.js';

export interface ColumnStat {
  name: string;
  type: 'number' | 'text';
  count: number;
}

export function columnStats(rows: Row[]): ColumnStat[] {
  const names = Object.keys(rows[0] ?? {});
  return names.map((name) => {
    const values = rows.map((row) => row[name]).filter((v) => v !== '');
    const numeric = values.every((v) => !Number.isNaN(Number(v)));
    return { name, type: numeric ? 'number' : 'text', count: values.length };
  });
}
`,
  'test/parse.test.ts': `import { describe, expect, it } from 'vitest';
import { parseCsv } from '../src/parse.js';

describe('parseCsv', () => {
  it('reads a header and rows', () => {
    expect(parseCsv('a,b\\n1,2\\n')).toEqual([{ a: '1', b: '2' }]);
  });
});
`,
  'test/stats.test.ts': `import { describe, expect, it } from 'vitest';
import { columnStats } from '../src/stats.js';

describe('columnStats', () => {
  it('infers numbers', () => {
    expect(columnStats([{ n: '1' }, { n: '2.5' }])).toEqual([{ name: 'n', type: 'number', count: 2 }]);
  });
});
`,
  'CHANGELOG.md': `# Changelog

## 1.2.3

- Fix: empty trailing lines no longer produce empty rows.
`,
  'fixtures/bank-export.csv': `Date;Description;Amount
2026-10-01;Coffee;-3.20
2026-10-02;Salary;2450.00
`,
});
