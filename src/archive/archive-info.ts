/** What the archive holds: files and sessions, versions, bytes archived and stored, the compression ratio. */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { extractedFolder } from './extract-version.js';
import { type Archive, catalogueFileName } from './open-archive.js';
import { packFolder } from './pack-writer.js';

export interface ArchiveInfo {
  dir: string;
  /** Session files (transcripts, subagent files, rollouts). */
  sessionFiles: number;
  /** Meta sidecars. */
  sidecars: number;
  versions: number;
  /** The newest versions' sizes added up: the bytes the archive gives back. */
  bytesArchived: number;
  /** Bytes of the objects on disk (each stored once) and the catalogue. */
  bytesStored: number;
  /** `bytesStored / bytesArchived` (0 for an empty archive). */
  ratio: number;
  /** Bytes of extracted copies (see `extract-version.ts`), not counted in `bytesStored`. */
  bytesExtracted: number;
  lastArchivedAt: string | null;
}

/** Counts what `archive` holds. */
export function archiveInfo(archive: Archive): ArchiveInfo {
  const { db } = archive;
  const kinds = db.prepare('SELECT kind, count(*) AS n FROM files GROUP BY kind').all() as {
    kind: string;
    n: number;
  }[];
  const count = (kind: string) => kinds.find((k) => k.kind === kind)?.n ?? 0;
  const versions = db.prepare('SELECT count(*) AS n, max(archived_at) AS last FROM versions').get() as {
    n: number;
    last: string | null;
  };
  const archived = db
    .prepare(
      'SELECT coalesce(sum(size), 0) AS bytes FROM versions v WHERE v.id = (SELECT max(id) FROM versions WHERE file_id = v.file_id)',
    )
    .get() as { bytes: number };
  // On disk: the packs (with any bytes a killed run left unnamed) and the loose objects of older archives.
  const loose = db
    .prepare('SELECT coalesce(sum(stored), 0) AS bytes FROM objects WHERE pack IS NULL')
    .get() as {
    bytes: number;
  };
  const objects = { bytes: loose.bytes + folderBytes(packFolder(archive.dir)) };
  const catalogue = ['', '-wal'].reduce(
    (sum, suffix) => sum + sizeOf(path.join(archive.dir, catalogueFileName + suffix)),
    0,
  );
  const bytesStored = objects.bytes + catalogue;
  return {
    dir: archive.dir,
    sessionFiles: count('session'),
    sidecars: count('meta'),
    versions: versions.n,
    bytesArchived: archived.bytes,
    bytesStored,
    ratio: archived.bytes === 0 ? 0 : bytesStored / archived.bytes,
    bytesExtracted: folderBytes(extractedFolder(archive.dir)),
    lastArchivedAt: versions.last,
  };
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

function folderBytes(folder: string): number {
  try {
    return readdirSync(folder).reduce((sum, name) => sum + sizeOf(path.join(folder, name)), 0);
  } catch {
    return 0;
  }
}
