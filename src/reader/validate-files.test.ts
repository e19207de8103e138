import { describe, expect, it } from 'vitest';
import { corpusFiles } from '../../test/corpus.js';
import { validateFiles } from '../agents/validate-files.js';
import { validateFile } from './validate-file.js';
import { mergeValidations } from './validate-files.js';

describe('per-file validation merged', () => {
  it('equals validating the files together, also after a JSON round trip (the stored form)', async () => {
    const files = corpusFiles();
    const together = await validateFiles(files);
    const facts = await Promise.all(files.map((f) => validateFile(f)));
    const stored = facts.map((f) => JSON.parse(JSON.stringify(f)) as typeof f);
    expect(mergeValidations(stored)).toEqual(together);
    // Every line is a record, a line error or blank (principle 1), per file and in total.
    const records = Object.values(together.records).reduce((a, b) => a + b, 0);
    expect(records + together.errors.length + together.blankLines).toBe(together.lines);
    for (const fact of facts) {
      const n = Object.values(fact.entry.records).reduce((a, b) => a + b, 0);
      expect(n + fact.entry.errors + fact.entry.blankLines).toBe(fact.entry.lines);
    }
  });

  it('keeps the earliest file as the first occurrence and adds the counts', async () => {
    const files = corpusFiles();
    const facts = await Promise.all(files.map((f) => validateFile(f)));
    const merged = mergeValidations(facts);
    const withFields = merged.unknownFields.filter((f) => f.count > 1);
    for (const field of withFields) {
      const holders = facts.filter((f) =>
        f.unknownFields.some((u) => u.subject === field.subject && u.path === field.path),
      );
      expect(field.first.file).toBe(holders[0]?.entry.file);
      const total = holders.reduce(
        (sum, f) =>
          sum +
          (f.unknownFields.find((u) => u.subject === field.subject && u.path === field.path)?.count ?? 0),
        0,
      );
      expect(field.count).toBe(total);
    }
    // Reversed input order: same totals, first occurrences from the other end.
    const reversed = mergeValidations([...facts].reverse());
    expect(reversed.lines).toBe(merged.lines);
    expect(reversed.records).toEqual(merged.records);
  });
});
