/**
 * One archive run over discovered files: each session file and its meta sidecar, a few at a time. A file
 * that fails (gone meanwhile, unreadable, a full disk) is reported and leaves the archive as it was; the
 * others go on.
 */
import type { SessionFileRef } from '../sources/index.js';
import { archiveFile, type FileToArchive } from './archive-file.js';
import { refFields } from './gone-archived-files.js';
import { removeStaleTemps, type WriteObjectOptions } from './object-store.js';
import type { Archive } from './open-archive.js';

export interface ArchiveRunStats {
  files: number;
  new: number;
  appended: number;
  rewritten: number;
  unchanged: number;
  bytesRead: number;
  bytesStored: number;
  failures: { path: string; error: unknown }[];
  /** Set when the archive's disk is full: the run stopped there; `notTried` files were left for the next. */
  full?: { error: unknown; notTried: number };
}

export interface ArchiveRunOptions extends WriteObjectOptions {
  /** Files archived at once (default 4). */
  concurrency?: number;
  onProgress?: (done: number, total: number) => void;
}

/** Archives `refs` (and their meta sidecars) into `archive`. Files gone from disk are left alone. */
export async function archiveFiles(
  archive: Archive,
  refs: readonly SessionFileRef[],
  options: ArchiveRunOptions = {},
): Promise<ArchiveRunStats> {
  await removeStaleTemps(archive.dir);
  const work: FileToArchive[] = [];
  for (const ref of refs) {
    if (ref.fromArchive) continue;
    work.push({ path: ref.path, kind: 'session', ref: refFields(ref) });
    if (ref.metaPath !== undefined) work.push({ path: ref.metaPath, kind: 'meta', ref: '{}' });
  }
  const stats: ArchiveRunStats = {
    files: work.length,
    new: 0,
    appended: 0,
    rewritten: 0,
    unchanged: 0,
    bytesRead: 0,
    bytesStored: 0,
    failures: [],
  };
  const write: WriteObjectOptions =
    options.failAfterBytes === undefined ? {} : { failAfterBytes: options.failAfterBytes };
  let next = 0;
  let done = 0;
  const worker = async () => {
    for (;;) {
      if (stats.full) return;
      const file = work[next++];
      if (file === undefined) return;
      try {
        const result = await archiveFile(archive, file, write);
        stats[result.outcome] += 1;
        stats.bytesRead += result.bytesRead;
        stats.bytesStored += result.bytesStored;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        // Gone since discovery (a clean-up racing the run): nothing to archive, nothing lost by this run.
        if (code !== 'ENOENT') stats.failures.push({ path: file.path, error });
        // A full disk fails every file after it: stop, and say it once.
        if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL')
          stats.full ??= { error, notTried: 0 };
      }
      done += 1;
      options.onProgress?.(done, work.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
  if (stats.full) stats.full.notTried = Math.max(0, work.length - next);
  return stats;
}
