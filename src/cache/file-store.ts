// The `files` table's rows, the fingerprint that tells an appended file from a rewritten one, and the stored
// form of a file's unterminated last line.
import { closeSync, openSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { RecordPart } from '../lifecycle/record-slice.js';

/** `node:crypto`, loaded when a file is fingerprinted: a status line call over files that did not change never is. */
function nodeCrypto(): typeof import('node:crypto') {
  return createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto');
}

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
   * `ValidatorState` after the consumed lines, raw-deflated JSON (null: not validated when read); not always
   * selected (a refresh loads it only for a file that grew, see `withValidation`).
   */
  validation?: Buffer | null;
  /** Deflated JSON resume state of a Claude Code session file (see `appendClaudeSession`); not always selected. */
  state?: Buffer | null;
  ref: string;
  session_key: string | null;
  body_key: string | null;
  parent_key: string | null;
  unit_id: number | null;
  indexed_at: string;
}

/** Bytes hashed at each end of a consumed prefix. */
const window = 64 * 1024;

/**
 * A fingerprint of the first `length` bytes of a file: a hash of its first and last 64 KiB and the length.
 * Cheap (at most 128 KiB read) and enough to tell an appended file from a rewritten one.
 */
export function fingerprintPrefix(path: string, length: number): string {
  const hash = nodeCrypto().createHash('sha1').update(`${length}:`);
  if (length > 0) {
    const fd = openSync(path, 'r');
    try {
      const head = Buffer.alloc(Math.min(window, length));
      readFully(fd, head, 0);
      hash.update(head);
      if (length > window) {
        const tailLength = Math.min(window, length - window);
        const tail = Buffer.alloc(tailLength);
        readFully(fd, tail, length - tailLength);
        hash.update(tail);
      }
    } finally {
      closeSync(fd);
    }
  }
  return hash.digest('base64url');
}

function readFully(fd: number, buffer: Buffer, position: number): void {
  let done = 0;
  while (done < buffer.length) {
    const n = readSync(fd, buffer, done, buffer.length - done, position + done);
    if (n === 0) throw new Error('File shrank while reading its fingerprint');
    done += n;
  }
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
