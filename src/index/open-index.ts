import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { indexFileName } from './cache-location.js';
import { indexDdl, schemaVersion } from './index-tables.js';

/** An open index database. */
export interface IndexDb {
  db: Database.Database;
  /** Path of the SQLite file. */
  file: string;
  /** True when the file was (re)created by this open: new, of another schema or agentlog version, or unreadable. */
  created: boolean;
}

export interface OpenIndexOptions {
  /** The cache folder (created if missing). */
  cacheDir: string;
  /** The running agentlog version: an index written by another version is rebuilt. */
  agentlogVersion: string;
  /** Milliseconds to wait for another agentlog process that is writing (default 10 s). */
  busyTimeoutMs?: number;
}

/** An index opened read-only that cannot be used as it is. */
export class IndexUnavailableError extends Error {
  override readonly name = 'IndexUnavailableError';
}

/**
 * Opens (or creates) the index for writing: WAL mode, one writer at a time (others wait up to the busy
 * timeout). An index of another schema version (`PRAGMA user_version`) or written by another agentlog
 * version is deleted and created again, and so is a file that is not a readable SQLite database.
 */
export function openIndex(options: OpenIndexOptions): IndexDb {
  mkdirSync(options.cacheDir, { recursive: true });
  const file = path.join(options.cacheDir, indexFileName);
  const timeout = options.busyTimeoutMs ?? 10_000;
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { timeout });
    if (isCurrent(db, options.agentlogVersion)) return { db, file, created: false };
  } catch (error) {
    if (isBusy(error)) throw error;
    // Not a database (or a damaged one): start again below.
  }
  db?.close();
  removeIndexFiles(file);
  db = new Database(file, { timeout });
  initialize(db, options.agentlogVersion);
  return { db, file, created: true };
}

/**
 * Opens an existing index read-only (for `sql` and `cache info`). Throws {@link IndexUnavailableError}
 * when there is none or it was written by another schema or agentlog version.
 */
export function openIndexReadOnly(cacheDir: string, agentlogVersion: string): IndexDb {
  const file = path.join(cacheDir, indexFileName);
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true, timeout: 10_000 });
  } catch {
    throw new IndexUnavailableError(
      `There is no index in "${cacheDir}" yet. Run a data command (agentlog report) or agentlog cache update first.`,
    );
  }
  try {
    if (!isCurrent(db, agentlogVersion)) {
      db.close();
      throw new IndexUnavailableError(
        `The index in "${cacheDir}" was written by another agentlog version. Run a data command (agentlog report) or agentlog cache update to rebuild it.`,
      );
    }
  } catch (error) {
    if (error instanceof IndexUnavailableError) throw error;
    db.close();
    throw new IndexUnavailableError(`The index "${file}" cannot be read: ${String(error)}`);
  }
  return { db, file, created: false };
}

/** Deletes the index file and its WAL and shared-memory files. */
export function removeIndexFiles(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
}

function isCurrent(db: Database.Database, agentlogVersion: string): boolean {
  const version = db.pragma('user_version', { simple: true });
  if (version !== schemaVersion()) return false;
  const row = db.prepare("SELECT value FROM _meta WHERE key = 'agentlog_version'").get() as
    | { value: string }
    | undefined;
  if (row?.value !== agentlogVersion) return false;
  if (!db.readonly) configure(db);
  return true;
}

function configure(db: Database.Database): void {
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  // A 64 MiB page cache: batches of writes do not spill to disk before they commit.
  db.pragma('cache_size = -65536');
}

function initialize(db: Database.Database, agentlogVersion: string): void {
  configure(db);
  db.transaction(() => {
    for (const statement of indexDdl()) db.exec(statement);
    const put = db.prepare('INSERT INTO _meta (key, value) VALUES (?, ?)');
    put.run('agentlog_version', agentlogVersion);
    put.run('created_at', new Date().toISOString());
    db.pragma(`user_version = ${schemaVersion()}`);
  }).immediate();
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
}
