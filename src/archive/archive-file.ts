/**
 * Archives one file: nothing when it is as last archived; only the new bytes when it grew (its first bytes
 * still hash to the newest version's SHA-256); the whole file, as a new version, when it was rewritten or
 * truncated (the earlier versions stay). The file is read once, up to the size it had when the run saw it,
 * and its new bytes are stored as objects of at most `segmentBytes` each. The version itself is returned
 * for the run to commit with others (`archive-files.ts`), once its objects are durable.
 */
import { createHash, type Hash } from 'node:crypto';
import { type FileHandle, open } from 'node:fs/promises';
import {
  type ArchivedKind,
  type ArchivedVersion,
  commitVersions,
  latestVersion,
  type NewVersion,
} from './catalogue.js';
import { type StoredObject, segmentBytes, storeObject } from './object-store.js';
import type { Archive } from './open-archive.js';
import { PackWriter, type PackWriterOptions } from './pack-writer.js';

/** A file to archive. */
export interface FileToArchive {
  path: string;
  kind: ArchivedKind;
  /** JSON of what discovery said of a session file (`{}` for a sidecar). */
  ref: string;
}

/** What archiving a file did. */
export interface ArchiveFileResult {
  outcome: 'new' | 'appended' | 'rewritten' | 'unchanged';
  /** Bytes read from the file. */
  bytesRead: number;
  /** Bytes of new objects written. */
  bytesStored: number;
}

/** A file read and its new bytes stored: the version to commit, if any, and what committing it means. */
export interface PreparedFile extends ArchiveFileResult {
  version?: NewVersion;
}

/** Where a run stores objects: its pack, and the objects it is writing (shared by its files). */
export interface ObjectSink {
  writer: PackWriter;
  inFlight: Map<string, Promise<StoredObject>>;
}

/** Reads `file` and stores its new bytes in `sink`; rejects (nothing named by the catalogue) on a failure. */
export async function prepareFile(
  archive: Archive,
  file: FileToArchive,
  sink: ObjectSink,
): Promise<PreparedFile> {
  const handle = await open(file.path, 'r');
  try {
    const info = await handle.stat();
    const identity = `${info.ino}:${info.ctimeMs}`;
    const latest = latestVersion(archive, file.path);
    if (
      latest &&
      latest.size === info.size &&
      latest.mtimeMs === info.mtimeMs &&
      latest.identity === identity &&
      latest.ref === file.ref
    )
      return { outcome: 'unchanged', bytesRead: 0, bytesStored: 0 };
    const hash = createHash('sha256');
    let base: ArchivedVersion | undefined;
    let bytesRead = 0;
    if (latest && latest.size > 0 && info.size >= latest.size) {
      const prefix = createHash('sha256');
      bytesRead += await hashRange(handle, 0, latest.size, prefix, hash);
      if (bytesRead === latest.size && prefix.digest('hex') === latest.sha256) base = latest;
    }
    // A rewritten file is read again from its start.
    const whole = base === undefined ? createHash('sha256') : hash;
    let size = base?.size ?? 0;
    const stored: StoredObject[] = [];
    for (let from = size; from < info.size; ) {
      const bytes = await readRange(handle, from, Math.min(info.size, from + segmentBytes));
      // A file cut shorter while it was read: its bytes are what was read.
      if (bytes.length === 0) break;
      whole.update(bytes);
      bytesRead += bytes.length;
      stored.push(await storeObject(archive, sink.writer, bytes, sink.inFlight));
      from += bytes.length;
      size = from;
    }
    const objects = stored.flatMap((o) => (o.packed ? [{ ...o, packed: o.packed }] : []));
    const version: NewVersion = {
      path: file.path,
      kind: file.kind,
      ref: file.ref,
      size,
      sha256: whole.digest('hex'),
      mtimeMs: info.mtimeMs,
      identity,
      segments: [...(base?.segments ?? []), ...stored.map((o) => o.hash)],
      objects,
    };
    return {
      outcome: latest === undefined ? 'new' : base ? 'appended' : 'rewritten',
      bytesRead,
      bytesStored: objects.reduce((sum, o) => sum + o.stored, 0),
      version,
    };
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/**
 * Commits prepared files (their objects already synced in `writer`'s pack) in one transaction, and says
 * what each came to: a file whose newest version another process committed meanwhile is `unchanged`.
 */
export function commitPrepared(
  archive: Archive,
  writer: PackWriter,
  prepared: readonly PreparedFile[],
): ArchiveFileResult[] {
  const added = commitVersions(
    archive,
    prepared.flatMap((p) => (p.version ? [p.version] : [])),
  );
  let next = 0;
  return prepared.map(({ version, ...result }) => {
    if (!version) return result;
    for (const object of version.objects) writer.committed(object.packed.offset + object.stored);
    return added[next++] ? result : { outcome: 'unchanged', bytesRead: result.bytesRead, bytesStored: 0 };
  });
}

/** Archives one file on its own, with a pack of its own (the run of `archive-files.ts` shares one). */
export async function archiveFile(
  archive: Archive,
  file: FileToArchive,
  options: PackWriterOptions = {},
): Promise<ArchiveFileResult> {
  const writer = new PackWriter(archive.dir, options);
  try {
    const prepared = await prepareFile(archive, file, { writer, inFlight: new Map() });
    if (prepared.version) await writer.sync();
    return commitPrepared(archive, writer, [prepared])[0] as ArchiveFileResult;
  } finally {
    await writer.close();
  }
}

/** Feeds bytes `from..to` of the file to each hash; returns how many there were (fewer if the file shrank). */
async function hashRange(handle: FileHandle, from: number, to: number, ...hashes: Hash[]): Promise<number> {
  let read = 0;
  for (let position = from; position < to; ) {
    const bytes = await readRange(handle, position, Math.min(to, position + segmentBytes));
    if (bytes.length === 0) break;
    for (const hash of hashes) hash.update(bytes);
    read += bytes.length;
    position += bytes.length;
  }
  return read;
}

/** Bytes `from..to` of an open file in a fresh Buffer (shorter if the file ends before). */
async function readRange(handle: FileHandle, from: number, to: number): Promise<Buffer> {
  const buffer = Buffer.allocUnsafe(to - from);
  let filled = 0;
  while (filled < buffer.length) {
    const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, from + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return filled === buffer.length ? buffer : buffer.subarray(0, filled);
}
