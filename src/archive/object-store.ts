/**
 * The archive's objects: each a run of a file's bytes (a segment, at most {@link segmentBytes}),
 * Brotli-compressed, stored once under the SHA-256 of its uncompressed bytes. New objects are appended to
 * the run's pack file (`pack-writer.ts`); the catalogue's `objects` row says where each lies. Archives
 * written before packs hold loose objects, one file each under `objects/<2 hex>/<sha256>`; they are read
 * as they are.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, rm, truncate } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, createBrotliDecompress } from 'node:zlib';
import { objectLocation, packedEnd } from './catalogue.js';
import type { Archive } from './open-archive.js';
import { type PackWriter, packFolder, packPath } from './pack-writer.js';

/** A stored object. */
export interface StoredObject {
  /** SHA-256 of the uncompressed bytes, hex. */
  hash: string;
  /** Uncompressed bytes. */
  size: number;
  /** Compressed bytes. */
  stored: number;
  /** Where this run wrote it; absent when the same bytes were stored already (by this run, another, or another process). */
  packed?: { pack: string; offset: number };
}

/** A file's new bytes are cut into segments of at most this size: each is compressed in one call, in memory. */
export const segmentBytes = 8 * 1024 * 1024;

const brotliParams = {
  [constants.BROTLI_PARAM_QUALITY]: 4,
  [constants.BROTLI_PARAM_LGWIN]: 22,
  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
};

const compress = promisify(brotliCompress);

/**
 * Stores `bytes` as an object of `writer`'s pack unless the catalogue, or a write of this run still in
 * flight (`inFlight`, shared by the run), already has them. Compression runs on the thread pool.
 */
export function storeObject(
  archive: Archive,
  writer: PackWriter,
  bytes: Buffer,
  inFlight: Map<string, Promise<StoredObject>>,
): Promise<StoredObject> {
  const hash = createHash('sha256').update(bytes).digest('hex');
  const pending = inFlight.get(hash);
  // The same object for both files: each version names it, whichever of them is committed.
  if (pending) return pending;
  const known = objectLocation(archive, hash);
  if (known) return Promise.resolve({ hash, size: bytes.length, stored: known.stored });
  const write = (async (): Promise<StoredObject> => {
    const compressed = await compress(bytes, {
      params: { ...brotliParams, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    });
    const packed = await writer.append(compressed);
    return { hash, size: bytes.length, stored: compressed.length, packed };
  })();
  inFlight.set(hash, write);
  // A failed write is not an object: a later file with the same bytes tries again.
  write.catch(() => inFlight.delete(hash));
  return write;
}

/** The path of a loose object (archives written before packs). */
export function objectPath(dir: string, hash: string): string {
  return path.join(dir, 'objects', hash.slice(0, 2), hash);
}

/** The uncompressed bytes of an object, as a stream of Buffers. */
export async function* objectChunks(archive: Archive, hash: string): AsyncGenerator<Buffer> {
  const at = objectLocation(archive, hash);
  if (!at) throw new Error(`the catalogue has no object ${hash}`);
  const input =
    at.pack === null
      ? createReadStream(objectPath(archive.dir, hash))
      : createReadStream(packPath(archive.dir, at.pack), {
          start: at.offset,
          end: at.offset + at.stored - 1,
        });
  const output = createBrotliDecompress();
  const done = pipeline(input, output);
  // The pipeline's failure surfaces through the iteration; keep it from being unhandled meanwhile.
  done.catch(() => undefined);
  for await (const chunk of output) yield chunk as Buffer;
  await done;
}

/**
 * Tidies what killed processes left (their file names start with the process id): temporary files in
 * `objects/tmp/` (archives written before packs) and (dot files) in `extracted/` are removed; their packs
 * are cut back to the last byte the catalogue names, or removed when it names none.
 */
export async function removeStaleTemps(archive: Archive): Promise<number> {
  const { dir } = archive;
  let removed = 0;
  let packs: string[] = [];
  try {
    packs = await readdir(packFolder(dir));
  } catch {
    // No pack yet.
  }
  for (const pack of packs) {
    const pid = Number(pack.split('-')[0]);
    if (!Number.isInteger(pid) || pid <= 0 || isAlive(pid)) continue;
    const end = packedEnd(archive, pack);
    if (end === 0) await rm(packPath(dir, pack), { force: true });
    else await truncate(packPath(dir, pack), end);
    removed += 1;
  }
  for (const [folder, prefix] of [
    [path.join(dir, 'objects', 'tmp'), ''],
    [path.join(dir, 'extracted'), '.'],
  ] as const) {
    let names: string[];
    try {
      names = await readdir(folder);
    } catch {
      continue;
    }
    for (const name of names) {
      if (!name.startsWith(prefix)) continue;
      const pid = Number(name.slice(prefix.length).split('-')[0]);
      if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) continue;
      await rm(path.join(folder, name), { force: true });
      removed += 1;
    }
  }
  return removed;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
