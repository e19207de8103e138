/**
 * Archives one file: nothing when it is as last archived; only the new bytes when it grew (its first bytes
 * still hash to the newest version's SHA-256); the whole file, as a new version, when it was rewritten or
 * truncated (the earlier versions stay). The file is read once, up to the size it had when the run saw it.
 */
import { createHash, type Hash } from 'node:crypto';
import { type FileHandle, open } from 'node:fs/promises';
import { type ArchivedKind, type ArchivedVersion, commitVersion, latestVersion } from './catalogue.js';
import { type StoredObject, type WriteObjectOptions, writeObject } from './object-store.js';
import type { Archive } from './open-archive.js';

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

const chunkSize = 1024 * 1024;

/** Archives `file` into `archive`; rejects (archive unchanged for it) on a read or write failure. */
export async function archiveFile(
  archive: Archive,
  file: FileToArchive,
  options: WriteObjectOptions = {},
): Promise<ArchiveFileResult> {
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
    let hash = createHash('sha256');
    let base: ArchivedVersion | undefined;
    let bytesRead = 0;
    if (latest && latest.size > 0 && info.size >= latest.size) {
      bytesRead += await hashRange(handle, 0, latest.size, hash);
      if (bytesRead === latest.size && hash.copy().digest('hex') === latest.sha256) base = latest;
      else hash = createHash('sha256');
    }
    const from = base?.size ?? 0;
    let size = from;
    let segment: StoredObject | undefined;
    if (info.size > from) {
      // A whole file is one segment: its object's hash is the version's, computed once.
      const whole = from === 0;
      const tapped = async function* () {
        for await (const chunk of rangeChunks(handle, from, info.size)) {
          if (!whole) hash.update(chunk);
          size += chunk.length;
          yield chunk;
        }
      };
      segment = await writeObject(archive.dir, tapped(), { ...options, expectedBytes: info.size - from });
      bytesRead += segment.size;
      // A file cut shorter while it was read: its bytes are what was read.
      if (segment.size === 0) segment = undefined;
    }
    const sha256 = from === 0 && segment ? segment.hash : hash.digest('hex');
    const segments = [...(base?.segments ?? []), ...(segment ? [segment.hash] : [])];
    const added = commitVersion(archive, {
      path: file.path,
      kind: file.kind,
      ref: file.ref,
      size,
      sha256,
      mtimeMs: info.mtimeMs,
      identity,
      segments,
      objects: segment ? [segment] : [],
    });
    const bytesStored = segment?.created ? segment.stored : 0;
    if (!added) return { outcome: 'unchanged', bytesRead, bytesStored: 0 };
    return {
      outcome: latest === undefined ? 'new' : base ? 'appended' : 'rewritten',
      bytesRead,
      bytesStored,
    };
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** Feeds bytes `from..to` of the file to `hash`; returns how many there were (fewer if the file shrank). */
async function hashRange(handle: FileHandle, from: number, to: number, hash: Hash): Promise<number> {
  let read = 0;
  for await (const chunk of rangeChunks(handle, from, to)) {
    hash.update(chunk);
    read += chunk.length;
  }
  return read;
}

/** Bytes `from..to` of an open file, in fresh Buffers. */
async function* rangeChunks(handle: FileHandle, from: number, to: number): AsyncGenerator<Buffer> {
  let position = from;
  while (position < to) {
    const want = Math.min(chunkSize, to - position);
    const buffer = Buffer.allocUnsafe(want);
    const { bytesRead } = await handle.read(buffer, 0, want, position);
    if (bytesRead === 0) return;
    position += bytesRead;
    yield bytesRead === want ? buffer : buffer.subarray(0, bytesRead);
  }
}
