import type { ReadCounts } from './session.js';

/** Sums read counts of several files. */
export function mergeCounts(counts: readonly ReadCounts[]): ReadCounts {
  const total: ReadCounts = {
    lines: 0,
    blankLines: 0,
    records: 0,
    errors: 0,
    recordsByType: {},
    unknownRecordTypes: {},
  };
  for (const c of counts) {
    total.lines += c.lines;
    total.blankLines += c.blankLines;
    total.records += c.records;
    total.errors += c.errors;
    for (const [k, v] of Object.entries(c.recordsByType))
      total.recordsByType[k] = (total.recordsByType[k] ?? 0) + v;
    for (const [k, v] of Object.entries(c.unknownRecordTypes))
      total.unknownRecordTypes[k] = (total.unknownRecordTypes[k] ?? 0) + v;
  }
  return total;
}
