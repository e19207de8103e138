import { readSource } from '../agents/read-source.js';
import type { LocatedRecord } from '../agents/record-file.js';
import { agentOfRecord, recordTypeOf } from '../agents/registry.js';
import { createAgentFileValidator } from '../agents/validate-source.js';
import type { LocatedProblem } from '../model/source-location.js';
import { describeCut, type LineResult, MAX_JSON_DEPTH, ReadError, TOO_DEEP } from '../reader/index.js';
import { readPathOf } from '../reader/read-path.js';
import type { Agent } from '../schemas/common/agent.js';
import { fingerprintPrefix } from '../sources/fingerprint-prefix.js';
import {
  emptyCounts,
  FileUnreadableError,
  type RecordPart,
  type RecordSlice,
  type RecordSliceReader,
} from './record-slice.js';

/**
 * Reads a file from a resume point for the index, with lifecycle's `readRecordFile` rules (agent from the
 * first record, records counted by type) and the unterminated last line kept apart.
 */
export const readRecordSlice: RecordSliceReader = async (file, options = {}) => {
  const start = options.start ?? { byteOffset: 0, line: 1, records: 0, agent: undefined };
  const project = options.project;
  // Validation runs one line behind the reader: the last line is known to be unterminated (not part of the
  // state to resume from) only once the file has ended.
  const validator = options.validate && createAgentFileValidator(file, {}, options.validate.state);
  let held: LineResult | undefined;
  const body: RecordPart = { records: [], problems: [], counts: emptyCounts() };
  let agent: Agent | undefined = start.agent;
  let index = start.records;
  let last:
    | {
        byteOffset: number;
        record?: LocatedRecord;
        problem?: LocatedProblem;
        type?: RecordType;
        /** Problems about parts of the record (nested too deeply), right after it in `problems`. */
        recordProblems?: number;
        agent: Agent | undefined;
      }
    | undefined;
  const reader = readSource(file, {
    start: { byteOffset: start.byteOffset, line: start.line },
    ...(options.end === undefined ? {} : { end: options.end }),
  });
  try {
    for await (const result of reader) {
      if (validator) {
        if (held) {
          validator.add(held);
          // Projected in place once the validator has seen it whole (see `project` in record-slice.ts).
          if (project && held.ok) project(held.value);
        }
        held = result;
      }
      const location = { file, line: result.location.line };
      if (!result.ok) {
        const problem = { location, type: result.error.type, message: result.error.message };
        body.problems.push(problem);
        last = { byteOffset: result.location.byteOffset, problem, agent };
        continue;
      }
      const before = agent;
      agent ??= agentOfRecord(result.value);
      const type = recordTypeOf(agent, result.value, index++);
      countType(body, type, 1);
      for (const cut of result.cuts ?? [])
        body.problems.push({ location, type: TOO_DEEP, message: describeCut(cut, MAX_JSON_DEPTH) });
      const record = { value: project && !validator ? project(result.value) : result.value, location };
      body.records.push(record);
      const recordProblems = result.cuts?.length ?? 0;
      last = { byteOffset: result.location.byteOffset, record, type, recordProblems, agent: before };
    }
  } catch (error) {
    if (error instanceof ReadError) throw new FileUnreadableError(error.message, { cause: error });
    throw error;
  }
  const stats = reader.stats;
  body.counts.lines = stats.physicalLines;
  body.counts.blankLines = stats.blankLines;
  body.counts.records = stats.decoded;
  body.counts.errors = stats.errors;
  const fileAgent = agent;
  let tail: RecordPart | undefined;
  if (stats.endOffset < start.byteOffset + stats.bytesRead) {
    tail = { records: [], problems: [], counts: emptyCounts() };
    tail.counts.lines = 1;
    body.counts.lines -= 1;
    if (last !== undefined && last.byteOffset >= stats.endOffset) {
      if (last.record !== undefined && last.type !== undefined) {
        tail.records.push(body.records.pop() as LocatedRecord);
        tail.problems.push(...body.problems.splice(body.problems.length - (last.recordProblems ?? 0)));
        countType(body, last.type, -1);
        countType(tail, last.type, 1);
        body.counts.records -= 1;
        tail.counts.records = 1;
        index -= 1;
        agent = last.agent;
      } else {
        tail.problems.push(body.problems.pop() as LocatedProblem);
        body.counts.errors -= 1;
        tail.counts.errors = 1;
      }
    } else {
      body.counts.blankLines -= 1;
      tail.counts.blankLines = 1;
    }
  }
  let validation: RecordSlice['validation'];
  if (validator) {
    const heldIsTail = held !== undefined && held.location.byteOffset >= stats.endOffset;
    if (held && !heldIsTail) validator.add(held);
    const bodyState = validator.state();
    if (held && heldIsTail) validator.add(held);
    if (held?.ok && project) project(held.value);
    validation = { body: bodyState, facts: validator.facts(stats.physicalLines, stats.blankLines) };
  }
  let fingerprint: string;
  try {
    fingerprint = fingerprintPrefix(await readPathOf(file), stats.endOffset);
  } catch (error) {
    throw new FileUnreadableError(
      `Could not read "${file}" again (${error instanceof Error ? error.message : String(error)}).`,
      { cause: error },
    );
  }
  return {
    ...(validation ? { validation } : {}),
    body,
    tail,
    end: { byteOffset: stats.endOffset, line: stats.endLine, records: index, agent },
    agent: fileAgent,
    bytesRead: stats.bytesRead,
    fingerprint,
  };
};

type RecordType = ReturnType<typeof recordTypeOf>;

function countType(part: RecordPart, type: RecordType, delta: number): void {
  const bump = (counts: Record<string, number>) => {
    const value = (counts[type.name] ?? 0) + delta;
    if (value === 0) delete counts[type.name];
    else counts[type.name] = value;
  };
  bump(part.counts.recordsByType);
  if (!type.known) bump(part.counts.unknownRecordTypes);
}
