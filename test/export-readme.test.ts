import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportDatasets } from '../src/exporters/index.js';
import { builtinPatterns } from '../src/redaction/index.js';

/**
 * Table rows with their cells trimmed and separator cells as `---`: Biome pads the README's tables to
 * aligned columns, which must not fail this check.
 */
function normalizeTables(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      if (!line.startsWith('|')) return line;
      const cells = line
        .slice(1, line.endsWith('|') ? -1 : undefined)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim())
        .map((cell) => (/^-+$/.test(cell) ? '---' : cell));
      return `| ${cells.join(' | ')} |`;
    })
    .join('\n');
}

const readme = normalizeTables(readFileSync(path.resolve(import.meta.dirname, '../README.md'), 'utf8'));

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
      expect(readme, dataset.name).toContain(normalizeTables(table));
    }
  });

  it('lists every redaction pattern agentlog adds to secretlint', () => {
    for (const pattern of builtinPatterns)
      expect(readme).toContain(`- \`${pattern.kind}\`: ${pattern.description}`);
  });
});
