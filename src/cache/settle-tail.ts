// A file whose last read ended in an unterminated line (a line the agent was still writing) is read again from
// that line's start, and its resume state is the one after that line. Before the new lines are appended, what
// the stored session took from the line is settled, so that the append equals a build of the whole file:
// - the line gave a record: the line read again must give the same record (an agent appends to a file, so the
//   bytes it had are still there), which is then left out of the new lines: the stored session and the resume
//   state already hold it;
// - the line could not be read, or was blank: its problems (the last of the file's problems in the session)
//   and its counts are taken out of the stored session, and the line read again comes as a new one.
import type { RecordPart } from '../lifecycle/record-slice.js';
import type { Session } from '../model/session.js';
import type { LocatedProblem } from '../model/source-location.js';

/** What settling a tail left: the new lines to append, and the problems taken out of the session. */
export interface SettledTail {
  part: RecordPart;
  /** Problems of the line taken out of the session (their rows are to be removed). */
  retracted: LocatedProblem[];
  /** Where the session's problems of its file end now (they were `fileProblems`). */
  fileProblems: number;
}

/**
 * Settles `tail` (the stored unterminated line of the file) against `part` (the lines read again from its start)
 * and `session` (the stored session of the file, mutated: its problems and counts), whose problems of its
 * file are the first `fileProblems`. Undefined when the line read again does not fit: build the file.
 */
export function settleTail(
  session: Session,
  tail: RecordPart,
  part: RecordPart,
  fileProblems: number,
): SettledTail | undefined {
  const [record] = tail.records;
  if (record !== undefined) {
    const [again] = part.records;
    if (
      again === undefined ||
      again.location.line !== record.location.line ||
      JSON.stringify(again.value) !== JSON.stringify(record.value)
    )
      return undefined;
    // The record's own problems (values nested too deeply) come right after it.
    const own = part.problems.slice(0, tail.problems.length);
    if (!sameProblems(own, tail.problems)) return undefined;
    return {
      part: {
        records: part.records.slice(1),
        problems: part.problems.slice(tail.problems.length),
        counts: subtractCounts(part.counts, tail.counts),
      },
      retracted: [],
      fileProblems,
    };
  }
  const start = fileProblems - tail.problems.length;
  if (start < 0 || !sameProblems(session.problems.slice(start, fileProblems), tail.problems))
    return undefined;
  const retracted = session.problems.splice(start, tail.problems.length);
  session.counts = subtractCounts(session.counts, tail.counts);
  return { part, retracted, fileProblems: start };
}

function sameProblems(a: readonly LocatedProblem[], b: readonly LocatedProblem[]): boolean {
  return (
    a.length === b.length &&
    a.every((p, i) => {
      const q = b[i] as LocatedProblem;
      return p.location.line === q.location.line && p.type === q.type && p.message === q.message;
    })
  );
}

/** `counts` without `taken` (a type whose count drops to 0 is gone, as in counts that never had it). */
function subtractCounts(counts: RecordPart['counts'], taken: RecordPart['counts']): RecordPart['counts'] {
  const less = (from: Record<string, number>, by: Record<string, number>) => {
    const out = { ...from };
    for (const [key, n] of Object.entries(by)) {
      const left = (out[key] ?? 0) - n;
      if (left > 0) out[key] = left;
      else delete out[key];
    }
    return out;
  };
  return {
    lines: counts.lines - taken.lines,
    blankLines: counts.blankLines - taken.blankLines,
    records: counts.records - taken.records,
    errors: counts.errors - taken.errors,
    recordsByType: less(counts.recordsByType, taken.recordsByType),
    unknownRecordTypes: less(counts.unknownRecordTypes, taken.unknownRecordTypes),
  };
}
