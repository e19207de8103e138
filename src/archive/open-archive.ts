/**
 * The archive's catalogue: one SQLite file (`archive.sqlite`, WAL) beside the `packs/` folder. It says
 * which files the archive holds and, for each, every version seen: its size, SHA-256 and the ordered
 * objects (compressed segments) whose bytes make it. SQLite gives the atomic commit and the safety of
 * several processes at once; a version is committed only after its objects are durable on disk.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { openSqliteDatabase } from '../sqlite/open-sqlite-database.js';
import { setUpPatiently } from '../sqlite/set-up-patiently.js';

/** The catalogue's file name inside the archive folder. */
export const catalogueFileName = 'archive.sqlite';
/** `PRAGMA application_id` of an agentlog archive: "AgAr" in ASCII. */
const archiveApplicationId = 0x41674172;
/** 1: loose objects only; 2: objects in packs (`objects.pack`, `objects.offset`), loose ones still read. */
const schemaVersion = 2;

/** An open archive. */
export interface Archive {
  db: Database.Database;
  /** The archive folder. */
  dir: string;
}

/** The archive folder holds something that is not an agentlog archive, or cannot be used. */
export class ArchiveUnavailableError extends Error {
  override readonly name = 'ArchiveUnavailableError';
}

const ddl = `
CREATE TABLE IF NOT EXISTS files (
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL,
  ref TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS versions (
  id INTEGER PRIMARY KEY,
  file_id INTEGER NOT NULL REFERENCES files(id),
  size INTEGER NOT NULL,
  sha256 TEXT NOT NULL,
  mtime_ms REAL NOT NULL,
  identity TEXT,
  segments TEXT NOT NULL,
  archived_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS versions_by_file ON versions (file_id, id);
CREATE TABLE IF NOT EXISTS objects (
  hash TEXT PRIMARY KEY,
  size INTEGER NOT NULL,
  stored INTEGER NOT NULL,
  pack TEXT,
  "offset" INTEGER
);
`;

/**
 * Opens the archive in `dir`. With `create`, a missing archive is made (folder 0700, catalogue 0600);
 * without, a missing archive gives undefined. A catalogue without agentlog's mark is never written
 * ({@link ArchiveUnavailableError}).
 */
export function openArchive(dir: string, options: { create: boolean }): Archive | undefined {
  const file = path.join(dir, catalogueFileName);
  if (!existsSync(file)) {
    if (!options.create) return undefined;
    if (existsSync(dir) && !statSync(dir).isDirectory())
      throw new ArchiveUnavailableError(`The archive folder "${dir}" is a file, not a folder.`);
    mkdirSync(path.join(dir, 'packs'), { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
    try {
      closeSync(openSync(file, 'wx', 0o600));
    } catch (error) {
      // Another process created it first: it is set up below, in a transaction.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  // A new catalogue another run is setting up answers SQLITE_BUSY at once: set up again after a pause.
  return setUpPatiently(() => setUpArchive(file, dir));
}

function setUpArchive(file: string, dir: string): Archive {
  const db = openSqliteDatabase(file, { timeout: 60_000 });
  try {
    // Both read in one snapshot: another run setting the catalogue up may commit between two reads, and its
    // tables without the mark it writes in the same commit would look like someone else's file.
    const { id, empty } = db.transaction(() => ({
      id: db.pragma('application_id', { simple: true }),
      empty: (db.prepare('SELECT count(*) AS n FROM sqlite_master').get() as { n: number }).n === 0,
    }))();
    if (id !== archiveApplicationId && !(id === 0 && empty))
      throw new ArchiveUnavailableError(
        `"${file}" is not an agentlog archive: it is left as it is. Choose another --archive-dir.`,
      );
    db.pragma('journal_mode = WAL');
    // A commit that a power cut loses is only archived again by the next run; the objects a version names
    // are synced before its commit, so a version that survives has its bytes.
    db.pragma('synchronous = NORMAL');
    if (id !== archiveApplicationId || db.pragma('user_version', { simple: true }) !== schemaVersion)
      db.transaction(() => {
        const version = db.pragma('user_version', { simple: true });
        if (version === 1)
          db.exec(
            'ALTER TABLE objects ADD COLUMN pack TEXT; ALTER TABLE objects ADD COLUMN "offset" INTEGER;',
          );
        db.exec(ddl);
        db.pragma(`application_id = ${archiveApplicationId}`);
        db.pragma(`user_version = ${schemaVersion}`);
      }).immediate();
    return { db, dir };
  } catch (error) {
    db.close();
    if (error instanceof Database.SqliteError && /not a database|malformed/i.test(error.message))
      throw new ArchiveUnavailableError(
        `"${file}" is not a readable agentlog archive (${error.message}): it is left as it is. Move it away, or choose another --archive-dir.`,
      );
    throw error;
  }
}
