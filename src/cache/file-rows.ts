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
  if (options.roots.length > 0)
    return new Map(
      (db.prepare(`SELECT ${fileColumnsWithoutStates} FROM files`).all() as FileRow[]).map((r) => [
        r.path,
        r,
      ]),
    );
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

/** The columns of `files` but `validation` and `state`. */
const fileColumnsWithoutStates = `path, agent, role, size, mtime_ms, identity, consumed_bytes, consumed_line,
  consumed_records, body_agent, fingerprint, lines, records, errors, blank_lines, tail, ref, session_key, body_key,
  parent_key, unit_id, indexed_at`;

/** `row` with its stored validator state, which {@link loadFileRows} leaves out (a changed file needs it). */
export function withValidation(db: IndexDb['db'], row: FileRow | undefined): FileRow | undefined {
  if (row === undefined || row.validation !== undefined) return row;
  const stored = db.prepare('SELECT validation FROM files WHERE path = ?').get(row.path) as
    | { validation: string | null }
    | undefined;
  return { ...row, validation: stored?.validation ?? null };
}
