/**
 * Reads and writes of the archive's catalogue (see `open-archive.ts`): the files it holds, their versions,
 * the objects the versions are made of.
 */
import type { Statement } from 'better-sqlite3';
import type { Archive } from './open-archive.js';

/** What the archive holds of a file: a session file (with what discovery said of it) or a meta sidecar. */
export type ArchivedKind = 'session' | 'meta';

/** One version of a file: its bytes are the concatenation of its segments' objects. */
export interface ArchivedVersion {
  id: number;
  path: string;
  kind: ArchivedKind;
  /** JSON of the discovery fields of a session file (`{}` for a sidecar). */
  ref: string;
  size: number;
  sha256: string;
  mtimeMs: number;
  identity: string | null;
  /** Object hashes, in order. */
  segments: string[];
  archivedAt: string;
}

interface VersionRow {
  id: number;
  path: string;
  kind: string;
  ref: string;
  size: number;
  sha256: string;
  mtime_ms: number;
  identity: string | null;
  segments: string;
  archived_at: string;
}

/** Prepared statements, once per open catalogue (a run asks for each file's newest version). */
const statements = new WeakMap<Archive['db'], Map<string, Statement>>();

function prepared(archive: Archive, sql: string): Statement {
  let cache = statements.get(archive.db);
  if (!cache) {
    cache = new Map();
    statements.set(archive.db, cache);
  }
  let statement = cache.get(sql);
  if (!statement) {
    statement = archive.db.prepare(sql);
    cache.set(sql, statement);
  }
  return statement;
}

const columns =
  'v.id, f.path, f.kind, f.ref, v.size, v.sha256, v.mtime_ms, v.identity, v.segments, v.archived_at';

function toVersion(row: VersionRow): ArchivedVersion {
  return {
    id: row.id,
    path: row.path,
    kind: row.kind === 'meta' ? 'meta' : 'session',
    ref: row.ref,
    size: row.size,
    sha256: row.sha256,
    mtimeMs: row.mtime_ms,
    identity: row.identity,
    segments: JSON.parse(row.segments) as string[],
    archivedAt: row.archived_at,
  };
}

/** The newest version of the file archived at `path`, if any. */
export function latestVersion(archive: Archive, path: string): ArchivedVersion | undefined {
  const row = prepared(
    archive,
    `SELECT ${columns} FROM versions v JOIN files f ON f.id = v.file_id WHERE f.path = ? ORDER BY v.id DESC LIMIT 1`,
  ).get(path) as VersionRow | undefined;
  return row && toVersion(row);
}

/** The newest version of every archived file, by path. */
export function latestVersions(archive: Archive): ArchivedVersion[] {
  const rows = archive.db
    .prepare(
      `SELECT ${columns} FROM versions v JOIN files f ON f.id = v.file_id
       WHERE v.id = (SELECT max(id) FROM versions WHERE file_id = v.file_id) ORDER BY f.path`,
    )
    .all() as VersionRow[];
  return rows.map(toVersion);
}

/** Every version of every file, by path then oldest first. */
export function allVersions(archive: Archive): ArchivedVersion[] {
  const rows = archive.db
    .prepare(`SELECT ${columns} FROM versions v JOIN files f ON f.id = v.file_id ORDER BY f.path, v.id`)
    .all() as VersionRow[];
  return rows.map(toVersion);
}

/** Where an object's compressed bytes lie: in a pack, or (archives written before packs) a loose file. */
export interface ObjectLocation {
  pack: string | null;
  offset: number;
  stored: number;
}

/** Where the object `hash` lies, if the catalogue has it. */
export function objectLocation(archive: Archive, hash: string): ObjectLocation | undefined {
  const row = prepared(archive, 'SELECT pack, "offset", stored FROM objects WHERE hash = ?').get(hash) as
    | { pack: string | null; offset: number | null; stored: number }
    | undefined;
  return row && { pack: row.pack, offset: row.offset ?? 0, stored: row.stored };
}

/** The end of the last object the catalogue names in `pack` (0 when it names none). */
export function packedEnd(archive: Archive, pack: string): number {
  return prepared(archive, 'SELECT coalesce(max("offset" + stored), 0) FROM objects WHERE pack = ?')
    .pluck()
    .get(pack) as number;
}

/** A version to add (its objects already durable). */
export interface NewVersion extends Omit<ArchivedVersion, 'id' | 'archivedAt'> {
  /** The objects this run wrote for it (others are already in the catalogue). */
  objects: { hash: string; size: number; stored: number; packed: { pack: string; offset: number } }[];
}

/**
 * Adds versions in one transaction; each unless the newest version of its file already holds the same
 * bytes (another process archived them meanwhile): then only its modification time and identity are
 * brought up to date. Returns, for each, whether a version was added.
 */
export function commitVersions(archive: Archive, versions: readonly NewVersion[]): boolean[] {
  return archive.db.transaction(() => versions.map((version) => addVersion(archive, version))).immediate();
}

function addVersion(archive: Archive, version: NewVersion): boolean {
  const sql = (text: string) => prepared(archive, text);
  sql(
    'INSERT INTO files (path, kind, ref) VALUES (?, ?, ?) ON CONFLICT (path) DO UPDATE SET ref = excluded.ref',
  ).run(version.path, version.kind, version.ref);
  const fileId = (sql('SELECT id FROM files WHERE path = ?').get(version.path) as { id: number }).id;
  const latest = sql('SELECT id, size, sha256 FROM versions WHERE file_id = ? ORDER BY id DESC LIMIT 1').get(
    fileId,
  ) as { id: number; size: number; sha256: string } | undefined;
  if (latest && latest.size === version.size && latest.sha256 === version.sha256) {
    sql('UPDATE versions SET mtime_ms = ?, identity = ? WHERE id = ?').run(
      version.mtimeMs,
      version.identity,
      latest.id,
    );
    return false;
  }
  const addObject = sql(
    'INSERT OR IGNORE INTO objects (hash, size, stored, pack, "offset") VALUES (?, ?, ?, ?, ?)',
  );
  for (const object of version.objects)
    addObject.run(object.hash, object.size, object.stored, object.packed.pack, object.packed.offset);
  sql(
    'INSERT INTO versions (file_id, size, sha256, mtime_ms, identity, segments, archived_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ).run(
    fileId,
    version.size,
    version.sha256,
    version.mtimeMs,
    version.identity,
    JSON.stringify(version.segments),
    new Date().toISOString(),
  );
  return true;
}
