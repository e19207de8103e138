/** Test support: reads a JSONL file into a AdapterFile, counting records with an agent's record classifier. */

import { readJsonl } from '../../reader/index.js';
import type { AdapterFile } from '../agent-adapter.js';

export async function readAgentFile(
  path: string,
  classify: (value: Record<string, unknown>) => { name: string; known: boolean },
): Promise<AdapterFile> {
  const file: AdapterFile = {
    file: path,
    records: [],
    counts: { lines: 0, blankLines: 0, records: 0, errors: 0, recordsByType: {}, unknownRecordTypes: {} },
    problems: [],
  };
  const reader = readJsonl(path);
  for await (const result of reader) {
    const location = { file: path, line: result.location.line };
    if (!result.ok) {
      file.problems.push({ location, type: result.error.type, message: result.error.message });
      continue;
    }
    const type = classify(result.value);
    file.counts.recordsByType[type.name] = (file.counts.recordsByType[type.name] ?? 0) + 1;
    if (!type.known)
      file.counts.unknownRecordTypes[type.name] = (file.counts.unknownRecordTypes[type.name] ?? 0) + 1;
    file.records.push({ value: result.value, location });
  }
  file.counts.lines = reader.stats.physicalLines;
  file.counts.blankLines = reader.stats.blankLines;
  file.counts.records = reader.stats.decoded;
  file.counts.errors = reader.stats.errors;
  return file;
}
