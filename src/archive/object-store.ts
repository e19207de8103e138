/**
 * The archive's objects: each a run of a file's bytes (a segment), Brotli-compressed, stored once under
 * `objects/<2 hex>/<sha256 of the uncompressed bytes>`. An object is written to a temporary file, synced,
 * then renamed into place (and its folder synced): a crash or a full disk leaves no partial object under
 * an object's name, only a temporary file that the next run removes.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, createBrotliCompress, createBrotliDecompress } from 'node:zlib';

/** A stored object. */
export interface StoredObject {
  /** SHA-256 of the uncompressed bytes, hex. */
  hash: string;
  /** Uncompressed bytes. */
  size: number;
  /** Bytes on disk. */
  stored: number;
  /** False when the same bytes were stored already (by this file, another, or another process). */
  created: boolean;
}

export interface WriteObjectOptions {
  /**
   * Test hook: the write fails with ENOSPC once this many compressed bytes were written by this process
   * (a full disk, without a full disk).
   */
  failAfterBytes?: number;
  /**
   * The number of bytes `source` will give, when known: up to {@link wholeBytes}, the bytes are gathered
   * and compressed in one call on the thread pool (a stream per small file costs more than its bytes).
   */
  expectedBytes?: number;
}

/** Segments up to this size are compressed in one call rather than streamed. */
const wholeBytes = 8 * 1024 * 1024;

const brotliParams = {
  [constants.BROTLI_PARAM_QUALITY]: 4,
  [constants.BROTLI_PARAM_LGWIN]: 22,
  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
};

const compressWhole = promisify(brotliCompress);

let writtenInProcess = 0;

/** The path of an object. */
export function objectPath(dir: string, hash: string): string {
  return path.join(dir, 'objects', hash.slice(0, 2), hash);
}

function tempFolder(dir: string): string {
  return path.join(dir, 'objects', 'tmp');
}

/**
 * Compresses `source` into a new object and returns it; an object with the same bytes already stored is
 * kept as it is. Rejects (leaving nothing behind) when the source or the disk fails.
 */
export async function writeObject(
  dir: string,
  source: AsyncIterable<Buffer>,
  options: WriteObjectOptions = {},
): Promise<StoredObject> {
  const temps = tempFolder(dir);
  await folderOnce(temps);
  const temp = path.join(temps, `${process.pid}-${randomBytes(6).toString('hex')}`);
  const handle = await open(temp, 'wx', 0o600);
  const hash = createHash('sha256');
  let size = 0;
  let stored = 0;
  const tap = async function* (chunks: AsyncIterable<Buffer>) {
    for await (const chunk of chunks) {
      hash.update(chunk);
      size += chunk.length;
      yield chunk;
    }
  };
  const write = async (chunk: Buffer) => {
    if (options.failAfterBytes !== undefined && writtenInProcess + chunk.length > options.failAfterBytes)
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    writtenInProcess += chunk.length;
    let offset = 0;
    while (offset < chunk.length) offset += (await handle.write(chunk, offset)).bytesWritten;
    stored += chunk.length;
  };
  try {
    if (options.expectedBytes !== undefined && options.expectedBytes <= wholeBytes) {
      const parts: Buffer[] = [];
      for await (const chunk of tap(source)) parts.push(chunk);
      await write(
        await compressWhole(Buffer.concat(parts), {
          params: { ...brotliParams, [constants.BROTLI_PARAM_SIZE_HINT]: size },
        }),
      );
    } else
      await pipeline(source, tap, createBrotliCompress({ params: brotliParams }), async (compressed) => {
        for await (const chunk of compressed) await write(chunk as Buffer);
      });
    await handle.datasync();
    await handle.close();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temp, { force: true });
    throw error;
  }
  const digest = hash.digest('hex');
  const target = objectPath(dir, digest);
  try {
    if (await exists(target)) {
      await rm(temp, { force: true });
      return { hash: digest, size, stored: (await stat(target)).size, created: false };
    }
    await folderOnce(path.dirname(target));
    await rename(temp, target);
    await syncFolder(path.dirname(target));
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  return { hash: digest, size, stored, created: true };
}

/** Folders this process made (or found): an object write makes its folder once. */
const folders = new Set<string>();

async function folderOnce(folder: string): Promise<void> {
  if (folders.has(folder)) return;
  await mkdir(folder, { recursive: true, mode: 0o700 });
  folders.add(folder);
}

/** The uncompressed bytes of an object, as a stream of Buffers. */
export async function* objectChunks(dir: string, hash: string): AsyncGenerator<Buffer> {
  const input = createReadStream(objectPath(dir, hash));
  const output = createBrotliDecompress();
  const done = pipeline(input, output);
  // The pipeline's failure surfaces through the iteration; keep it from being unhandled meanwhile.
  done.catch(() => undefined);
  for await (const chunk of output) yield chunk as Buffer;
  await done;
}

/**
 * Removes temporary files that no running write owns: left by a process that was killed or hit a full
 * disk (their names start with the writer's process id), in `objects/tmp/` and (dot files) in
 * `extracted/`.
 */
export async function removeStaleTemps(dir: string): Promise<number> {
  let removed = 0;
  for (const [folder, prefix] of [
    [tempFolder(dir), ''],
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

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

/** Makes a rename durable: syncs the folder holding it (not possible everywhere; then skipped). */
export async function syncFolder(folder: string): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(folder, 'r');
    await handle.sync();
  } catch {
    // Windows and some file systems cannot sync a folder.
  } finally {
    await handle?.close().catch(() => undefined);
  }
}
