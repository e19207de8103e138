import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportDatasets } from '../src/exporters/index.js';
import { builtinPatterns } from '../src/redaction/index.js';

const readme = readFileSync(path.resolve(import.meta.dirname, '../README.md'), 'utf8');

describe('README', () => {
  it('has one table per export dataset with every column, its type and meaning', () => {
    for (const dataset of Object.values(exportDatasets)) {
      const table = [
        `**\`${dataset.name}\`**: ${dataset.description}.`,
        '',
        '| column | type | meaning |',
        '| --- | --- | --- |',
        ...dataset.columns.map(
          (c) => `| \`${c.name}\` | ${c.type} | ${c.description.replace(/\|/g, '\\|')} |`,
        ),
      ].join('\n');
      expect(readme, dataset.name).toContain(table);
    }
  });

  it('lists every redaction pattern agentlog adds to secretlint', () => {
    for (const pattern of builtinPatterns)
      expect(readme).toContain(`- \`${pattern.kind}\`: ${pattern.description}`);
  });
});
