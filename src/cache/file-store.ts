import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type Database from 'better-sqlite3';
import type { UnitFile } from '../lifecycle/build-unit.js';
import { mergeCounts } from '../lifecycle/claude-code/build-claude-code-session.js';
import type { LocatedRecord } from '../lifecycle/claude-code/build-conversation.js';
import { emptyCounts, type RecordPart, type RecordSlice } from '../lifecycle/record-slice.js';
import type { ReadCounts } from '../model/session.js';
import type { LocatedProblem } from '../model/source-location.js';
import { isAgent } from '../schemas/common/agent.js';

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
  skeleton_bytes: number;
  tail: string | null;
  /** JSON `ValidatorState` after the consumed lines (null: not validated when read). */
  validation: string | null;
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
  const hash = createHash('sha1').update(`${length}:`);
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
 * A record part as stored: records `[line, skeleton]` (JSON, raw-deflated in `_chunks`, plain for a tail),
 * problems `[line, type, message]`, counts.
 */
export interface StoredPart {
  records: string | Buffer;
  problems: string;
  counts: string;
}

/** A part as one plain row (the tail of a file: one line at most). */
export function encodePart(part: RecordPart): StoredPart {
  return {
    records: JSON.stringify(part.records.map((r) => [r.location.line, r.value])),
    problems: JSON.stringify(part.problems.map((p) => [p.location.line, p.type, p.message])),
    counts: JSON.stringify(part.counts),
  };
}

export function decodePart(file: string, stored: StoredPart): RecordPart {
  const text =
    typeof stored.records === 'string' ? stored.records : inflateRawSync(stored.records).toString('utf8');
  const records = (JSON.parse(text) as [number, Record<string, unknown>][]).map(
    ([line, value]): LocatedRecord => ({ value, location: { file, line } }),
  );
  const problems = (JSON.parse(stored.problems) as [number, string, string][]).map(
    ([line, type, message]): LocatedProblem => ({ location: { file, line }, type, message }),
  );
  return { records, problems, counts: JSON.parse(stored.counts) as ReadCounts };
}

/** A stored row of a part, with the length of its records' JSON (a measure of their size in memory). */
export interface EncodedRow extends StoredPart {
  jsonBytes: number;
}

/**
 * A read whose body was already encoded for storage where it was read (a scan worker), so that the thread
 * storing it does not compress it again. The rows must be `encodeRows(slice.body)`.
 */
export interface EncodedSlice extends RecordSlice {
  encodedBody: EncodedRow[];
}

/** JSON characters per stored row: large reads become several rows, never one huge string. */
const charsPerRow = 8 * 1024 * 1024;

/**
 * A part encoded as rows of at most about {@link charsPerRow} JSON characters (records stringified one at
 * a time, so a large read never becomes one string); problems and counts go with the first row.
 */
export function encodeRows(part: RecordPart): EncodedRow[] {
  const rows: EncodedRow[] = [];
  let pieces: string[] = [];
  let length = 0;
  const flush = () => {
    const first = rows.length === 0;
    const json = `[${pieces.join(',')}]`;
    rows.push({
      jsonBytes: json.length,
      records: deflateRawSync(json, { level: 1 }),
      problems: first ? JSON.stringify(part.problems.map((p) => [p.location.line, p.type, p.message])) : '[]',
      counts: JSON.stringify(first ? part.counts : emptyCounts()),
    });
    pieces = [];
    length = 0;
  };
  for (const record of part.records) {
    const piece = JSON.stringify([record.location.line, record.value]);
    if (length > 0 && length + piece.length > charsPerRow) flush();
    pieces.push(piece);
    length += piece.length + 1;
  }
  if (pieces.length > 0 || rows.length === 0) flush();
  return rows;
}

/** Statements over `_chunks` and the tail column. */
export interface ChunkStore {
  /** Stores a part (`encoded`: its rows when already encoded); returns the bytes stored and the length of its JSON. */
  append(path: string, part: RecordPart, encoded?: EncodedRow[]): { storedBytes: number; jsonBytes: number };
  clear(path: string): void;
  /** The file as the builders take it: every stored chunk, then the tail. */
  load(row: FileRow): UnitFile;
}

export function createChunkStore(db: Database.Database): ChunkStore {
  const insert = db.prepare(
    'INSERT INTO _chunks (path, seq, records, problems, counts) VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM _chunks WHERE path = ?), ?, ?, ?)',
  );
  const remove = db.prepare('DELETE FROM _chunks WHERE path = ?');
  const select = db.prepare('SELECT records, problems, counts FROM _chunks WHERE path = ? ORDER BY seq');
  return {
    append(path, part, encoded) {
      // Large reads are stored as several rows, each well under the longest string V8 can build.
      let storedBytes = 0;
      let jsonBytes = 0;
      for (const stored of encoded ?? encodeRows(part)) {
        insert.run(path, path, stored.records, stored.problems, stored.counts);
        storedBytes += stored.records.length + stored.problems.length;
        jsonBytes += stored.jsonBytes;
      }
      return { storedBytes, jsonBytes };
    },
    clear(path) {
      remove.run(path);
    },
    load(row) {
      const parts = (select.all(row.path) as StoredPart[]).map((stored) => decodePart(row.path, stored));
      if (row.tail !== null) parts.push(decodePart(row.path, JSON.parse(row.tail) as StoredPart));
      return {
        file: row.path,
        agent: row.agent !== null && isAgent(row.agent) ? row.agent : undefined,
        records: parts.flatMap((p) => p.records),
        problems: parts.flatMap((p) => p.problems),
        counts: mergeCounts(parts.map((p) => p.counts)),
      };
    },
  };
}
