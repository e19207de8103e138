import type { RecordFile } from '../../lifecycle/claude-code/build-claude-code-session.js';
import type { LocatedRecord } from '../../lifecycle/claude-code/build-conversation.js';
import { describeCut, MAX_JSON_DEPTH, readJsonl, TOO_DEEP } from '../../reader/index.js';
import { copilotRecordType } from './copilot-record-type.js';

/**
 * Reads a Copilot CLI `events.jsonl` into located records (streamed, line by line): every line is a record
 * (counted by type, unknown types apart), a located error, or a blank line.
 */
export async function readCopilotEvents(path: string): Promise<RecordFile> {
  const records: LocatedRecord[] = [];
  const file: RecordFile = {
    file: path,
    records,
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
    const type = copilotRecordType(result.value);
    file.counts.recordsByType[type.name] = (file.counts.recordsByType[type.name] ?? 0) + 1;
    if (!type.known)
      file.counts.unknownRecordTypes[type.name] = (file.counts.unknownRecordTypes[type.name] ?? 0) + 1;
    for (const cut of result.cuts ?? [])
      file.problems.push({ location, type: TOO_DEEP, message: describeCut(cut, MAX_JSON_DEPTH) });
    records.push({ value: result.value, location });
  }
  file.counts.lines = reader.stats.physicalLines;
  file.counts.blankLines = reader.stats.blankLines;
  file.counts.records = reader.stats.decoded;
  file.counts.errors = reader.stats.errors;
  return file;
}
