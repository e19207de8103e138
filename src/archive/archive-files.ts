/**
 * One archive run over discovered files: each session file and its meta sidecar, a few at a time, their
 * new bytes appended to the run's pack. Versions are committed in batches: the pack is synced once, then
 * the batch's versions go into the catalogue in one transaction, so a run costs one sync per batch, not
 * per file. A file that fails (gone meanwhile, unreadable, a full disk) is reported and leaves the archive
 * as it was; the others go on. A run killed before a commit leaves only unnamed bytes in its pack.
 */
import type { SessionFileRef } from '../sources/index.js';
import {
  type ArchiveFileResult,
  commitPrepared,
  type FileToArchive,
  type PreparedFile,
  prepareFile,
} from './archive-file.js';
import { refFields } from './gone-archived-files.js';
import { removeStaleTemps, type StoredObject } from './object-store.js';
import type { Archive } from './open-archive.js';
import { PackWriter, type PackWriterOptions } from './pack-writer.js';

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

/** A prepared file waiting for its batch's commit. */
interface Batched {
  file: FileToArchive;
  prepared: PreparedFile;
}

/** The end of the last object in the pack that a prepared file needs (0 when it wrote none). */
function packedEnd({ prepared }: Batched): number {
  return Math.max(0, ...(prepared.version?.objects ?? []).map((o) => o.packed.offset + o.stored));
}

/** A batch is committed once its new objects reach this many compressed bytes, or this many versions. */
const batchBytes = 64 * 1024 * 1024;
const batchVersions = 2000;

export interface ArchiveRunOptions extends PackWriterOptions {
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
  await removeStaleTemps(archive);
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
  const writer = new PackWriter(
    archive.dir,
    options.failAfterBytes === undefined ? {} : { failAfterBytes: options.failAfterBytes },
  );
  const sink = { writer, inFlight: new Map<string, Promise<StoredObject>>() };
  let batch: Batched[] = [];
  let batchStored = 0;
  let done = 0;
  const count = (result: ArchiveFileResult) => {
    stats[result.outcome] += 1;
    stats.bytesRead += result.bytesRead;
    stats.bytesStored += result.bytesStored;
    done += 1;
    options.onProgress?.(done, work.length);
  };
  // One commit at a time: a batch taken is synced and committed while the workers fill the next one.
  let committing = Promise.resolve();
  const commitTaken = (taken: typeof batch) => {
    for (const result of commitPrepared(
      archive,
      writer,
      taken.map(({ prepared }) => prepared),
    ))
      count(result);
  };
  const commit = () => {
    const taken = batch;
    batch = [];
    batchStored = 0;
    committing = committing.then(async () => {
      if (taken.length === 0) return;
      try {
        await writer.sync();
      } catch (error) {
        for (const { file } of taken) fail(file, error);
        return;
      }
      if (!stats.full) {
        try {
          commitTaken(taken);
        } catch (error) {
          for (const { file } of taken) fail(file, error);
        }
        return;
      }
      // On a full disk, one file at a time, as many as the catalogue has room for. When it has none, the file
      // whose bytes lie last in the pack is given up and the pack cut back before it, to make that room.
      let pending = taken;
      while (pending.length > 0) {
        const [first, ...rest] = pending as [Batched, ...Batched[]];
        try {
          commitTaken([first]);
          pending = rest;
        } catch (error) {
          const last = pending.reduce((a, b) => (packedEnd(b) > packedEnd(a) ? b : a));
          fail(last.file, error);
          pending = pending.filter((one) => one !== last);
          await writer.cutBack(Math.max(0, ...pending.map(packedEnd)));
        }
      }
    });
    return committing;
  };
  const fail = (file: FileToArchive, error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code;
    // Gone since discovery (a clean-up racing the run): nothing to archive, nothing lost by this run.
    if (code !== 'ENOENT') stats.failures.push({ path: file.path, error });
    // A full disk fails every file after it: stop, and say it once.
    if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL')
      stats.full ??= { error, notTried: 0 };
    done += 1;
    options.onProgress?.(done, work.length);
  };
  let next = 0;
  const worker = async () => {
    for (;;) {
      if (stats.full) return;
      const file = work[next++];
      if (file === undefined) return;
      try {
        const prepared = await prepareFile(archive, file, sink);
        if (!prepared.version) {
          count(prepared);
          continue;
        }
        batch.push({ file, prepared });
        batchStored += prepared.bytesStored;
        if (batchStored >= batchBytes || batch.length >= batchVersions) await commit();
      } catch (error) {
        fail(file, error);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
    // What was stored whole before a full disk is committed too, when there is room for it.
    if (stats.full) await writer.dropFailedWrites();
    await commit();
  } finally {
    await writer.close();
  }
  if (stats.full) stats.full.notTried = Math.max(0, work.length - next);
  return stats;
}
