import type { ReadCounts } from '../model/session.js';
import type { LocatedProblem } from '../model/source-location.js';
import type { FileValidationFacts, ValidatorState } from '../reader/file-validator.js';

export type { FileValidationFacts, ValidatorState };

import type { LocatedRecord } from '../agents/record-file.js';
import type { Agent } from '../schemas/common/agent.js';

/** Where a read stopped: just after the last complete (`\n`-terminated) line. */
export interface ResumePoint {
  byteOffset: number;
  /** Number of the line that starts at `byteOffset`. */
  line: number;
  /** Records decoded before `byteOffset` (Codex record decoding depends on the record index). */
  records: number;
  /** The file's agent as decided by its first record before `byteOffset`. */
  agent: Agent | undefined;
}

/** Records, line problems and counts of a run of lines. */
export interface RecordPart {
  records: LocatedRecord[];
  problems: LocatedProblem[];
  counts: ReadCounts;
}

/** What one read of a file from a resume point gave. */
export interface RecordSlice {
  /** Complete lines from the start point to `end`. */
  body: RecordPart;
  /** The last line when it has no `\n` yet (a file being written): read again once it grows. */
  tail: RecordPart | undefined;
  end: ResumePoint;
  /** The agent decided by the first record, tail included. */
  agent: Agent | undefined;
  /** Bytes read from the start point. */
  bytesRead: number;
  /**
   * Sources' `fingerprintPrefix` of the file's bytes up to `end`, which the index stores to tell a file that
   * grew from one rewritten. Taken here, where the file is read (a scan worker), rather than where it is stored.
   */
  fingerprint: string;
  /**
   * With the `validate` option: full validation of the lines read, on the values parsed for the records,
   * resumed from the given state: the state after the complete lines (`body`, to resume from next time)
   * and the facts of the whole file as it is now (the unterminated last line included). The facts'
   * `entry.lines` and `entry.blankLines` count this read's lines only: the caller sets the file's totals.
   */
  validation?: { body: ValidatorState; facts: FileValidationFacts };
}

/**
 * Reads a file from `start` (default: its beginning) into records, like lifecycle's `readRecordFile`,
 * and keeps an unterminated last line apart. `project` cuts each decoded record down in place as it is read
 * (the index passes {@link projectRecord}; after the drift validation saw the record whole), so full records
 * of large files are never held together.
 */
export type RecordSliceReader = (path: string, options?: RecordSliceOptions) => Promise<RecordSlice>;

export interface RecordSliceOptions {
  start?: ResumePoint;
  /** The byte offset to stop at (default: the end of the file): a file read as it was when indexed. */
  end?: number;
  /** Changes a record in place (and returns it). */
  project?: (value: Record<string, unknown>) => Record<string, unknown>;
  /** Validate the lines too, going on from `state` (the validation of the lines before `start`). */
  validate?: { state?: ValidatorState };
}

/** Zero counts. */
export function emptyCounts(): ReadCounts {
  return { lines: 0, blankLines: 0, records: 0, errors: 0, recordsByType: {}, unknownRecordTypes: {} };
}

/** A file that could not be read (permissions, removed since discovery): it is skipped, like a cold read skips it. */
export class FileUnreadableError extends Error {
  override readonly name = 'FileUnreadableError';
}
