// The `files` rows a refresh starts from: without the two states that make most of the table's bytes, which a
// file that changed gets when it is read (validator state) and when it is stored (resume state).
import type { FileRow } from './file-store.js';
import type { IndexDb } from './open-index.js';

/** The sources a refresh covers: its files, and the folders it searched (none: only the files named). */
interface Inputs {
  refs: readonly { path: string }[];
  roots: readonly string[];
}

/**
 * The stored file rows a refresh needs: every file's when it may remove the files gone from under `roots`;
 * with no root (a refresh of a few named files: `statusline`) only those files' rows and the rows of their
 * units (an append checks that its unit still has the same files), so that it does not read the whole table
 * with its resume states.
 */
export function loadFileRows(db: IndexDb['db'], options: Inputs): Map<string, FileRow> {
  // Without the validator states and resume states (most of the table's bytes): a warm run reads neither;
  // a file that changed gets its validator state when it is read (`withValidation`), its resume state
  // when it is stored.
  if (options.roots.length > 0) {
    // Raw rows made into objects here: better-sqlite3's objects took twice the time of the query itself.
    const rows = new Map<string, FileRow>();
    for (const r of db
      .prepare(`SELECT ${fileColumns.join(', ')} FROM files`)
      .raw()
      .all() as unknown[][]) {
      const row = fileRowOf(r);
      rows.set(row.path, row);
    }
    return rows;
  }
  const byPath = db.prepare('SELECT * FROM files WHERE path = ?');
  const byUnit = db.prepare('SELECT * FROM files WHERE unit_id = ?');
  const rows = new Map<string, FileRow>();
  const units = new Set<number>();
  for (const ref of options.refs) {
    const row = byPath.get(ref.path) as FileRow | undefined;
    if (!row) continue;
    rows.set(row.path, row);
    if (row.unit_id !== null) units.add(row.unit_id);
  }
  for (const unit of units) for (const row of byUnit.all(unit) as FileRow[]) rows.set(row.path, row);
  return rows;
}

/** The columns of `files` but `validation` and `state`, in {@link fileRowOf}'s order. */
const fileColumns = [
  'path',
  'agent',
  'role',
  'size',
  'mtime_ms',
  'identity',
  'consumed_bytes',
  'consumed_line',
  'consumed_records',
  'body_agent',
  'fingerprint',
  'lines',
  'records',
  'errors',
  'blank_lines',
  'tail',
  'ref',
  'session_key',
  'body_key',
  'parent_key',
  'unit_id',
  'indexed_at',
] as const satisfies readonly (keyof FileRow)[];

/** A `files` row (but its states) from the values of {@link fileColumns}. */
function fileRowOf(r: unknown[]): FileRow {
  return {
    path: r[0],
    agent: r[1],
    role: r[2],
    size: r[3],
    mtime_ms: r[4],
    identity: r[5],
    consumed_bytes: r[6],
    consumed_line: r[7],
    consumed_records: r[8],
    body_agent: r[9],
    fingerprint: r[10],
    lines: r[11],
    records: r[12],
    errors: r[13],
    blank_lines: r[14],
    tail: r[15],
    ref: r[16],
    session_key: r[17],
    body_key: r[18],
    parent_key: r[19],
    unit_id: r[20],
    indexed_at: r[21],
  } as FileRow;
}

/** `row` with its stored validator state, which {@link loadFileRows} leaves out (a changed file needs it). */
export function withValidation(db: IndexDb['db'], row: FileRow | undefined): FileRow | undefined {
  if (row === undefined || row.validation !== undefined) return row;
  const stored = db.prepare('SELECT validation FROM files WHERE path = ?').get(row.path) as
    | { validation: string | null }
    | undefined;
  return { ...row, validation: stored?.validation ?? null };
}
