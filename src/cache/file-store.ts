// The `files` table's rows and the stored form of a file's unterminated last line (the fingerprint that tells an
// appended file from a rewritten one is sources' `fingerprintPrefix`).
import type { RecordPart } from '../lifecycle/record-slice.js';

/** A row of the `files` table. */
export interface FileRow {
  path: string;
  agent: string | null;
  role: string;
  size: number;
  mtime_ms: number;
  /** `inode:ctimeMs` of the file when it was read ({@link fileIdentity}). */
  identity: string | null;
  consumed_bytes: number;
  consumed_line: number;
  consumed_records: number;
  body_agent: string | null;
  fingerprint: string;
  lines: number;
  records: number;
  errors: number;
  blank_lines: number;
  tail: string | null;
  /**
   * `ValidatorState` after the consumed lines, JSON (null: not validated when read); not always
   * selected (a refresh loads it only for a file that grew, see `withValidation`).
   */
  validation?: string | null;
  /**
   * Deflated JSON resume state of a Claude Code file or a Codex rollout (`packed-resume.ts`), after every line
   * read, an unterminated last one too (`settle-tail.ts`); not always selected.
   */
  state?: Buffer | null;
  ref: string;
  session_key: string | null;
  body_key: string | null;
  parent_key: string | null;
  unit_id: number | null;
  indexed_at: string;
}

/**
 * The unterminated last line of a file as stored (`files.tail`): its records `[line, skeleton]`, problems
 * `[line, type, message]` and counts, each JSON. Read again once the line is complete.
 */
export interface StoredPart {
  records: string;
  problems: string;
  counts: string;
}

/** The tail of a file (one line at most) as stored. */
export function encodePart(part: RecordPart): StoredPart {
  return {
    records: JSON.stringify(part.records.map((r) => [r.location.line, r.value])),
    problems: JSON.stringify(part.problems.map((p) => [p.location.line, p.type, p.message])),
    counts: JSON.stringify(part.counts),
  };
}

/** A stored tail (`files.tail`, JSON of {@link StoredPart}) of the file `file`, as it was read. */
export function decodePart(file: string, stored: string): RecordPart {
  const part = JSON.parse(stored) as StoredPart;
  return {
    records: (JSON.parse(part.records) as [number, Record<string, unknown>][]).map(([line, value]) => ({
      value,
      location: { file, line },
    })),
    problems: (JSON.parse(part.problems) as [number, string, string][]).map(([line, type, message]) => ({
      location: { file, line },
      type,
      message,
    })),
    counts: JSON.parse(part.counts) as RecordPart['counts'],
  };
}
