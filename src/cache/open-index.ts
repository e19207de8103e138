// Opening the index: creating the folder (0700) and file (0600), marking it as agentlog's
// (`application_id`), WAL mode and the busy timeout, and rebuilding an index of another schema or agentlog
// version or a damaged one, never a file that is not agentlog's.
import { chmodSync, closeSync, mkdirSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { openSqliteDatabase } from '../sqlite/open-sqlite-database.js';
import { setUpPatiently } from '../sqlite/set-up-patiently.js';
import { indexFileName } from './cache-location.js';
import { indexApplicationId, indexFileKind } from './index-file-kind.js';
import { indexDdl, schemaVersion } from './index-tables.js';

/** An open index database. */
export interface IndexDb {
  db: Database.Database;
  /** Path of the SQLite file (`:memory:` for a private index in memory). */
  file: string;
  /** True when the index was (re)created by this open: new, of another schema or agentlog version, or damaged. */
  created: boolean;
}

export interface OpenIndexOptions {
  /** The cache folder (created if missing, readable by the user only). */
  cacheDir: string;
  /** The running agentlog version: an index written by another version is rebuilt. */
  agentlogVersion: string;
  /** Milliseconds to wait for another agentlog process that is writing (default 60 s). */
  busyTimeoutMs?: number;
  /** Told when a damaged index of ours is set aside (one sentence). */
  onWarning?: (message: string) => void;
}

/** An index opened read-only that cannot be used as it is. */
export class IndexUnavailableError extends Error {
  override readonly name = 'IndexUnavailableError';
}

/**
 * The file at the index's place is not an agentlog index (another program's database, a text file, a
 * folder), or the cache folder is not a folder: agentlog neither writes nor deletes it.
 */
export class ForeignIndexError extends Error {
  override readonly name = 'ForeignIndexError';
}

/** The cache folder cannot hold an index (it is a file): the caller may work without the cache. */
export class CacheFolderError extends Error {
  override readonly name = 'CacheFolderError';
}

/** How long a process waits for another one's write transaction, by default. */
const defaultBusyTimeoutMs = 60_000;

/**
 * Opens (or creates) the index for writing: WAL mode, one writer at a time (others wait up to the busy
 * timeout). The folder is created 0700 and the file 0600 (SQLite gives its WAL and shared-memory files
 * the file's mode). An index of another schema version (`PRAGMA user_version`) or agentlog version is
 * emptied and set up again inside one write transaction, so that processes opening it at once agree. A
 * file without agentlog's mark is never touched ({@link ForeignIndexError}); a damaged one with the mark is
 * renamed aside (`index.sqlite.damaged`) and a new one created.
 */
export function openIndex(options: OpenIndexOptions): IndexDb {
  const file = path.join(options.cacheDir, indexFileName);
  prepareFolder(options.cacheDir);
  const timeout = options.busyTimeoutMs ?? defaultBusyTimeoutMs;
  const kind = indexFileKind(file);
  if (kind === 'foreign') throw foreign(file);
  if (kind === 'absent') createPrivateFile(file);
  try {
    return setUpPatiently(() => setUp(openSqliteDatabase(file, { timeout }), file, options.agentlogVersion));
  } catch (error) {
    if (!isDamage(error)) throw error;
    // A damaged index of ours: keep it aside (never deleted: the user may want to look) and start again.
    const aside = `${file}.damaged`;
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${aside}${suffix}`, { force: true });
    renameSync(file, aside);
    for (const suffix of ['-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
    options.onWarning?.(
      `The index "${file}" was damaged (${errorMessage(error)}); it was moved to "${aside}" and is built again.`,
    );
    createPrivateFile(file);
    return setUpPatiently(() => setUp(openSqliteDatabase(file, { timeout }), file, options.agentlogVersion));
  }
}

/**
 * A private index in memory, for runs that must not touch the user's cache (`--demo`) or cannot use it.
 */
export function openMemoryIndex(agentlogVersion: string): IndexDb {
  const db = openSqliteDatabase(':memory:');
  initialize(db, agentlogVersion);
  return { db, file: ':memory:', created: true };
}

/**
 * Opens an existing index read-only (for `sql` and `cache info`). Throws {@link IndexUnavailableError}
 * when there is none, it is not an agentlog index, or it was written by another schema or agentlog version.
 */
export function openIndexReadOnly(cacheDir: string, agentlogVersion: string): IndexDb {
  const file = path.join(cacheDir, indexFileName);
  const kind = indexFileKind(file);
  if (kind === 'foreign') throw new IndexUnavailableError(foreign(file).message);
  if (kind === 'absent' || kind === 'empty')
    throw new IndexUnavailableError(
      `There is no index in "${cacheDir}" yet. Run a data command (agentlog report) or agentlog cache update first.`,
    );
  let db: Database.Database;
  try {
    db = openSqliteDatabase(file, { readonly: true, fileMustExist: true, timeout: defaultBusyTimeoutMs });
  } catch (error) {
    throw new IndexUnavailableError(
      `The index "${file}" cannot be opened (${errorMessage(error)}): check that you can read and write the folder "${cacheDir}", or pass another --cache-dir.`,
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
    const code = (error as { code?: unknown }).code;
    if (code === 'SQLITE_READONLY' || code === 'SQLITE_CANTOPEN')
      // A WAL database needs its shared-memory file beside it, even to be read.
      throw new IndexUnavailableError(
        `The index "${file}" cannot be read here: SQLite needs to write beside it and the folder "${cacheDir}" is read-only for you; make it writable, or run a data command with another --cache-dir and query that one.`,
      );
    throw new IndexUnavailableError(
      `The index "${file}" cannot be read (${errorMessage(error)}): run a data command (agentlog report) to rebuild it, or pass another --cache-dir.`,
    );
  }
  return { db, file, created: false };
}

/**
 * Deletes the index file and its WAL and shared-memory files, only when the file is an agentlog index
 * (marked, or from before the mark): false when there is nothing of ours to delete, a
 * {@link ForeignIndexError} for a file that is not ours.
 */
export function removeIndexFiles(file: string): boolean {
  const kind = indexFileKind(file);
  if (kind === 'foreign') throw foreign(file);
  // A damaged index set aside by openIndex is ours too, when it still bears the mark.
  const aside = `${file}.damaged`;
  const asideKind = indexFileKind(aside);
  if (asideKind === 'ours' || asideKind === 'legacy')
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${aside}${suffix}`, { force: true });
  if (kind === 'absent') return false;
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
  return true;
}

function foreign(file: string): ForeignIndexError {
  return new ForeignIndexError(
    `"${file}" is not an agentlog index, so agentlog leaves it alone: pass another --cache-dir (or --no-cache).`,
  );
}

/** Creates the cache folder readable by the user only; refuses a cache "folder" that is a file. */
function prepareFolder(dir: string): void {
  const notFolder = () => new CacheFolderError(`"${dir}" is not a folder`);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ENOTDIR') throw notFolder();
    throw error;
  }
  if (!statSync(dir).isDirectory()) throw notFolder();
}

/** Creates an empty index file with mode 0600 (unless another process just did). */
function createPrivateFile(file: string): void {
  try {
    closeSync(openSync(file, 'wx', 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  try {
    chmodSync(file, 0o600);
  } catch {
    // Another owner's file (shared cache): its mode is theirs.
  }
}

/** Brings an open index to the current schema inside one write transaction; closes it on failure. */
function setUp(db: Database.Database, file: string, agentlogVersion: string): IndexDb {
  try {
    if (isCurrent(db, agentlogVersion)) {
      configure(db);
      return { db, file, created: false };
    }
    configure(db);
    let created = false;
    db.transaction(() => {
      // Checked again under the write lock: another process may have set it up meanwhile.
      if (isCurrent(db, agentlogVersion)) return;
      for (const name of droppableTables(db)) db.exec(`DROP TABLE IF EXISTS "${name.replaceAll('"', '""')}"`);
      writeSchema(db, agentlogVersion);
      created = true;
    }).immediate();
    return { db, file, created };
  } catch (error) {
    db.close();
    throw error;
  }
}

/** Our tables, full-text (virtual) tables first: dropping one drops its shadow tables. */
function droppableTables(db: Database.Database): string[] {
  const rows = db
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .all() as { name: string; sql: string | null }[];
  const virtual = rows.filter((r) => /^CREATE VIRTUAL TABLE/i.test(r.sql ?? '')).map((r) => r.name);
  return [...virtual, ...rows.map((r) => r.name).filter((n) => !virtual.includes(n))];
}

function isCurrent(db: Database.Database, agentlogVersion: string): boolean {
  if (db.pragma('application_id', { simple: true }) !== indexApplicationId) return false;
  if (db.pragma('user_version', { simple: true }) !== schemaVersion()) return false;
  const row = db.prepare("SELECT value FROM _meta WHERE key = 'agentlog_version'").get() as
    | { value: string }
    | undefined;
  return row?.value === agentlogVersion;
}

/**
 * Page size of a new index: 16 KiB pages leave less of each page unused than SQLite's 4 KiB (rows of a few
 * hundred bytes, report models of a few KiB that stay on their page): 3% of the file. Reports scan whole
 * tables, which larger pages serve as well. Set only while the file is empty (a WAL database keeps its
 * page size); an older index rebuilt in place keeps its own.
 */
const newIndexPageSize = 16384;

function configure(db: Database.Database): void {
  if (db.pragma('page_count', { simple: true }) === 0) db.pragma(`page_size = ${newIndexPageSize}`);
  if (db.pragma('journal_mode', { simple: true }) !== 'wal') db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  // A 16 MiB page cache (SQLite's default is 2 MiB): a cold report's batches of writes spill little before
  // they commit. 64 MiB was no faster and held 20 MiB more at the peak.
  db.pragma('cache_size = -16384');
}

function initialize(db: Database.Database, agentlogVersion: string): void {
  db.transaction(() => writeSchema(db, agentlogVersion)).immediate();
}

function writeSchema(db: Database.Database, agentlogVersion: string): void {
  for (const statement of indexDdl()) db.exec(statement);
  const put = db.prepare('INSERT OR REPLACE INTO _meta (key, value) VALUES (?, ?)');
  put.run('agentlog_version', agentlogVersion);
  put.run('created_at', new Date().toISOString());
  db.pragma(`application_id = ${indexApplicationId}`);
  db.pragma(`user_version = ${schemaVersion()}`);
}

/** SQLite's codes for a file that is not a database or is damaged. */
function isDamage(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT_VTAB';
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
