// What a file at the index's place is, read from its first bytes: agentlog only ever writes, resets or
// deletes a file that carries its mark (SQLite's `application_id`), or an index of an agentlog release from
// before the mark (recognised by its `_meta` table).
import { closeSync, openSync, readSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { openSqliteDatabase } from '../sqlite/open-sqlite-database.js';

/** `PRAGMA application_id` of every agentlog index: "AgLg" in ASCII. */
export const indexApplicationId = 0x41674c67;

/**
 * - `absent`: no file; `empty`: a file of 0 bytes (SQLite's own state before a database's first write,
 *   e.g. another agentlog creating it right now);
 * - `ours`: an SQLite database with agentlog's mark; `legacy`: an agentlog index written before the mark;
 * - `foreign`: anything else (another program's database, a text file, a folder): never touched.
 */
export type IndexFileKind = 'absent' | 'empty' | 'ours' | 'legacy' | 'foreign';

const sqliteMagic = 'SQLite format 3\u0000';

/** Classifies `file` without writing anything. */
export function indexFileKind(file: string): IndexFileKind {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return 'absent';
    if (code === 'EISDIR') return 'foreign';
    throw error;
  }
  const header = Buffer.alloc(100);
  let length: number;
  try {
    length = readSync(fd, header, 0, 100, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EISDIR') return 'foreign';
    throw error;
  } finally {
    closeSync(fd);
  }
  if (length === 0) return 'empty';
  if (length < 100 || header.toString('latin1', 0, 16) !== sqliteMagic) return 'foreign';
  // The mark (a big-endian 32-bit application id at offset 68) is written once, when the index is set up, and
  // never taken away: a header that bears it is ours. Else, in WAL mode, the newest first page may still be in
  // the WAL: ask SQLite (the raw header decides when it cannot open the file).
  if (header.readUInt32BE(68) === indexApplicationId) return 'ours';
  return kindFromSqlite(file) ?? 'foreign';
}

/**
 * Marked: ours; not marked and without any table: empty (a database another agentlog process is setting
 * up); an agentlog index from before the mark (a `_meta` table naming the agentlog version, `_units`,
 * `files`): legacy. Undefined when SQLite cannot open it read-only.
 */
function kindFromSqlite(file: string): IndexFileKind | undefined {
  let db: Database.Database;
  try {
    db = openSqliteDatabase(file, { readonly: true, fileMustExist: true, timeout: 10_000 });
  } catch {
    return undefined;
  }
  try {
    // In one snapshot: another process setting the index up commits its tables and its mark together.
    return db.transaction((): IndexFileKind => {
      if (db.pragma('application_id', { simple: true }) === indexApplicationId) return 'ours';
      const tables = new Set(
        (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
          (r) => r.name,
        ),
      );
      if (tables.size === 0) return 'empty';
      if (!tables.has('_meta') || !tables.has('_units') || !tables.has('files')) return 'foreign';
      return db.prepare("SELECT 1 FROM _meta WHERE key = 'agentlog_version'").get() !== undefined
        ? 'legacy'
        : 'foreign';
    })();
  } catch (error) {
    // A damaged database that still says it is ours: the caller sets it aside.
    const code = (error as { code?: unknown }).code;
    if (code === 'SQLITE_BUSY') throw error;
    return header68(file) === indexApplicationId ? 'ours' : 'foreign';
  } finally {
    db.close();
  }
}

function header68(file: string): number {
  const header = Buffer.alloc(72);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, header, 0, 72, 0);
  } finally {
    closeSync(fd);
  }
  return header.readUInt32BE(68);
}
