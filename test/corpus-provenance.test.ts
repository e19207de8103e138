import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusDir, corpusMoreDir } from './corpus.js';

/** Rows of a PROVENANCE.tsv, keyed by its header. */
function provenance(dir: string): Record<string, string>[] {
  const [header = '', ...rows] = readFileSync(path.join(dir, 'PROVENANCE.tsv'), 'utf8').trimEnd().split('\n');
  const names = header.split('\t');
  return rows.map((row) =>
    Object.fromEntries(row.split('\t').map((value, i) => [names[i] ?? `${i}`, value])),
  );
}

function dataFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .filter((file) => file !== 'PROVENANCE.tsv' && file !== 'FORMATS.md')
    .sort();
}

describe.each([
  ['corpus', corpusDir],
  ['corpus-more', corpusMoreDir],
])('test/data/%s keeps its attribution', (_name, dir) => {
  const rows = provenance(dir);

  it('lists every file, from an MIT or Apache-2.0 repository, with its source and commit', () => {
    expect(rows.map((row) => row.local_file).sort()).toEqual(dataFiles(dir));
    for (const row of rows) {
      expect(row.license_of_repo, row.local_file).toMatch(/^(MIT|Apache-2\.0)\b/);
      expect(row.repo, row.local_file).toMatch(/\S+\/\S+/);
      expect(row.commit, row.local_file).toMatch(/^[0-9a-f]{40}$/);
    }
  });

  it('holds each file byte for byte as collected (size and SHA-256)', () => {
    for (const row of rows) {
      const bytes = readFileSync(path.join(dir, row.local_file ?? ''));
      expect(bytes.length, row.local_file).toBe(Number(row.bytes));
      expect(createHash('sha256').update(bytes).digest('hex'), row.local_file).toBe(row.sha256);
    }
  });
});
