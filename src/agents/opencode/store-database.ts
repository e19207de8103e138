/**
 * OpenCode's SQLite store (`opencode.db`, `opencode-<channel>.db`, Kilo's `kilo.db`), opened read-only and
 * never written: not even the `-wal`/`-shm` files SQLite makes next to a WAL database. While OpenCode runs
 * they exist, and a read-only connection (`query_only`) shares them and sees every committed row; it is closed
 * after each use, so that OpenCode's own last close still removes them. When OpenCode is closed they are gone,
 * and a read-only open would create them; the file is then at rest, so it is read from a private copy (see
 * `openAtRest`). Two schemas:
 * v2 (OpenCode 2.x: `session_v2`, `session_message` with JSON `data`) and v1 (`session`, `message`, `part`,
 * each with JSON `data`). A session is listed with its subagent sessions (`parent_id`) under its root.
 */
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { openSqliteDatabase } from '../../sqlite/open-sqlite-database.js';

export type StoreSchema = 'v2' | 'v1';

/** One root session of a database with the watermark of it and its subagent sessions. */
export interface DatabaseSession {
  id: string;
  /** Rows of the session tree (sessions, messages, parts). */
  rows: number;
  /** Newest `time_updated` of those rows (epoch ms). */
  updated: number;
}

/** A row as a record: the table and the row, its JSON text columns parsed. */
export interface StoreRow {
  table: string;
  row: Record<string, unknown>;
}

interface OpenDatabase {
  db: Database.Database;
  schema: StoreSchema | undefined;
  /** `live` (shares OpenCode's WAL) or the stat of the file at rest that was read into memory. */
  mode: string;
  /** Done with it: a live connection is closed at once, so that OpenCode's last close removes its WAL. */
  release(): void;
}

const opened = new Map<string, OpenDatabase>();

/** The database, opened as the file comment says; kept open per process while its state is the same. */
export function openStoreDatabase(path: string): OpenDatabase {
  const stats = statSync(path);
  const wal = existsSync(`${path}-wal`);
  const live = wal && existsSync(`${path}-shm`);
  const mode = live ? 'live' : `rest:${stats.size}:${stats.mtimeMs}:${stats.ino}`;
  const known = opened.get(path);
  if (known?.mode === mode) return known;
  known?.db.close();
  opened.delete(path);
  if (live) {
    const connection = openSqliteDatabase(path, { readonly: true, fileMustExist: true });
    try {
      connection.pragma('query_only = true');
      connection.pragma('busy_timeout = 5000');
      return { db: connection, schema: schemaOf(connection), mode, release: () => connection.close() };
    } catch (error) {
      connection.close();
      throw error;
    }
  }
  // A `-wal` without its `-shm` (left by a crash) holds commits the file lacks: copied with it.
  const db = openAtRest(path, wal ? Number.POSITIVE_INFINITY : stats.size);
  db.pragma('query_only = true');
  db.pragma('busy_timeout = 5000');
  const open: OpenDatabase = { db, schema: schemaOf(db), mode, release: () => {} };
  opened.set(path, open);
  return open;
}

/** Above this size a database at rest is copied to a private temporary file rather than held in memory. */
const inMemoryLimit = 64 * 1024 * 1024;

/**
 * A database at rest, from a private copy whose header says rollback mode (bytes 18 and 19: 1; WAL is 2), so
 * that SQLite needs no `-wal`/`-shm` files: in memory, or for a large file a temporary file removed at once
 * (the open connection keeps it readable). A `-wal` left without its `-shm` is copied with the file instead.
 */
export function openAtRest(path: string, size: number, limit = inMemoryLimit): Database.Database {
  if (size <= limit) {
    const bytes = readFileSync(path);
    if (bytes.length >= 20 && bytes[18] === 2) bytes.fill(1, 18, 20);
    return openSqliteDatabase(bytes, { readonly: true });
  }
  const dir = mkdtempSync(join(tmpdir(), 'agentlog-opencode-'));
  const copy = join(dir, 'store.db');
  const withWal = existsSync(`${path}-wal`);
  try {
    copyFileSync(path, copy);
    if (withWal) {
      // Kept in WAL mode so that SQLite reads the copied log; its `-shm` is made in the private folder,
      // which is removed when the process ends.
      copyFileSync(`${path}-wal`, `${copy}-wal`);
      process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
      return openSqliteDatabase(copy, { fileMustExist: true });
    }
    const fd = openSync(copy, 'r+');
    try {
      const header = Buffer.alloc(2);
      readSync(fd, header, 0, 2, 18);
      if (header[0] === 2) writeSync(fd, Buffer.from([1, 1]), 0, 2, 18);
    } finally {
      closeSync(fd);
    }
    return openSqliteDatabase(copy, { readonly: true, fileMustExist: true });
  } finally {
    if (!withWal) rmSync(dir, { recursive: true, force: true });
  }
}

function schemaOf(db: Database.Database): StoreSchema | undefined {
  const tables = new Set(
    (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
      (t) => t.name,
    ),
  );
  if (tables.has('session_v2') && tables.has('session_message')) return 'v2';
  if (tables.has('session') && tables.has('message')) return 'v1';
  return undefined;
}

/** The root sessions of a database with their watermarks (undefined: not an OpenCode database). */
export function listDatabaseSessions(path: string): DatabaseSession[] | undefined {
  const open = openStoreDatabase(path);
  try {
    return listSessions(open.db, open.schema);
  } finally {
    open.release();
  }
}

function listSessions(db: Database.Database, schema: StoreSchema | undefined): DatabaseSession[] | undefined {
  if (schema === undefined) return undefined;
  const sessionTable = schema === 'v2' ? 'session_v2' : 'session';
  const sessions = db.prepare(`SELECT id, parent_id, time_updated FROM ${sessionTable}`).all() as {
    id: string;
    parent_id: string | null;
    time_updated: number | null;
  }[];
  const own = new Map<string, { rows: number; updated: number }>();
  for (const s of sessions) own.set(s.id, { rows: 1, updated: Number(s.time_updated ?? 0) });
  const add = (table: string) => {
    const columns = new Set(
      (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name),
    );
    // A table without a session column cannot be split by session: its rows are read with their message.
    if (!columns.has('session_id')) return;
    const newest = columns.has('time_updated') ? 'max(time_updated)' : 'NULL';
    const rows = db
      .prepare(`SELECT session_id AS id, count(*) AS n, ${newest} AS t FROM ${table} GROUP BY session_id`)
      .all() as { id: string; n: number; t: number | null }[];
    for (const row of rows) {
      const mark = own.get(row.id);
      if (!mark) continue;
      mark.rows += row.n;
      mark.updated = Math.max(mark.updated, Number(row.t ?? 0));
    }
  };
  if (schema === 'v2') add('session_message');
  else {
    add('message');
    if (hasTable(db, 'part')) add('part');
  }
  const byId = new Map(sessions.map((s) => [s.id, s]));
  const rootOf = (id: string): string => {
    const seen = new Set<string>();
    let current = id;
    for (;;) {
      const parent = byId.get(current)?.parent_id;
      if (!parent || !byId.has(parent) || seen.has(parent)) return current;
      seen.add(current);
      current = parent;
    }
  };
  const roots = new Map<string, DatabaseSession>();
  for (const s of sessions) {
    const root = rootOf(s.id);
    const mark = own.get(s.id) ?? { rows: 1, updated: 0 };
    const entry = roots.get(root) ?? { id: root, rows: 0, updated: 0 };
    entry.rows += mark.rows;
    entry.updated = Math.max(entry.updated, mark.updated);
    roots.set(root, entry);
  }
  return [...roots.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

function hasTable(db: Database.Database, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
}

/**
 * The rows of a root session and its subagent sessions, in reading order: each session's row, then its
 * messages (v2 by `seq`; v1 by creation, each message followed by its parts by id), then its subagent
 * sessions the same way. JSON columns that do not parse are returned as errors, in place.
 */
export function readDatabaseSession(path: string, rootId: string): (StoreRow | { error: string })[] {
  const open = openStoreDatabase(path);
  try {
    return readSession(path, open.db, open.schema, rootId);
  } finally {
    open.release();
  }
}

function readSession(
  path: string,
  db: Database.Database,
  schema: StoreSchema | undefined,
  rootId: string,
): (StoreRow | { error: string })[] {
  if (schema === undefined) return [{ error: `"${path}" holds no OpenCode tables (session_v2 or session)` }];
  const sessionTable = schema === 'v2' ? 'session_v2' : 'session';
  const sessionRow = db.prepare(`SELECT * FROM ${sessionTable} WHERE id = ?`);
  const childIds = db.prepare(`SELECT id FROM ${sessionTable} WHERE parent_id = ? ORDER BY time_created, id`);
  const out: (StoreRow | { error: string })[] = [];
  const visited = new Set<string>();
  const visit = (id: string) => {
    if (visited.has(id)) return;
    visited.add(id);
    const row = sessionRow.get(id) as Record<string, unknown> | undefined;
    if (!row) return;
    out.push({ table: sessionTable, row: { ...row } });
    if (schema === 'v2') {
      for (const message of db
        .prepare('SELECT * FROM session_message WHERE session_id = ? ORDER BY seq, time_created, id')
        .all(id) as Record<string, unknown>[])
        out.push(withData('session_message', message));
    } else {
      const parts = hasTable(db, 'part')
        ? db.prepare('SELECT * FROM part WHERE message_id = ? ORDER BY id')
        : undefined;
      for (const message of db
        .prepare('SELECT * FROM message WHERE session_id = ? ORDER BY time_created, id')
        .all(id) as Record<string, unknown>[]) {
        out.push(withData('message', message));
        for (const part of (parts?.all(message.id) ?? []) as Record<string, unknown>[])
          out.push(withData('part', part));
      }
    }
    for (const child of childIds.all(id) as { id: string }[]) visit(child.id);
  };
  visit(rootId);
  return out;
}

function withData(table: string, row: Record<string, unknown>): StoreRow | { error: string } {
  if (typeof row.data !== 'string') return { table, row: { ...row } };
  try {
    return { table, row: { ...row, data: JSON.parse(row.data) as unknown } };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      error: `Row "${String(row.id)}" of table ${table}: its data column is not JSON (${message.slice(0, 120)})`,
    };
  }
}
