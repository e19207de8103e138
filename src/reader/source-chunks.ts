import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { ReadError, toReadError } from './read-error.js';
import { readPathOf } from './read-path.js';

/**
 * Reads a file as fresh Buffers of up to `chunkSize` bytes, starting at `startOffset` (from the archive's
 * copy when the file was redirected there, see `read-path.ts`). Open and stat failures reject on the
 * first `next()` as a `ReadError` naming `path`. (Fresh on purpose: reading into one reused buffer saved a
 * cold report about 0.3 s of page faults, but these allocations are what prompt V8's collections while a
 * run parses; without them a cold `usage` of the benchmark peaked at 360 MiB instead of 270.)
 *
 * A regular file is read with synchronous calls: its bytes are in the page cache or a disk read away, while a
 * promise per open, stat, read and close (each a round trip through libuv's thread pool) cost a cold index
 * of the benchmark's 2,254 files about a second of CPU, an eighth of the run. Anything else (a pipe, a
 * device) is read through a file handle, since opening or reading it synchronously could block the thread
 * until another process writes.
 */
export async function* fileChunks(
  path: string,
  startOffset: number,
  chunkSize: number,
  endOffset = Number.POSITIVE_INFINITY,
): AsyncGenerator<Buffer> {
  let target: string;
  let regular: boolean;
  try {
    target = await readPathOf(path);
    const info = statSync(target);
    if (info.isDirectory())
      throw new ReadError('is-directory', path, `Path is a directory, not a file: "${path}"`);
    regular = info.isFile();
  } catch (error) {
    throw toReadError(error, path);
  }
  if (!regular) {
    yield* handleChunks(target, path, startOffset, chunkSize, endOffset);
    return;
  }
  let fd: number;
  try {
    fd = openSync(target, 'r');
  } catch (error) {
    throw toReadError(error, path);
  }
  try {
    for (let position = startOffset; ; ) {
      const want = Math.min(chunkSize, endOffset - position);
      if (want <= 0) return;
      const buffer = Buffer.allocUnsafe(want);
      // A turn of the event loop between reads: V8 finishes its incremental garbage collections in tasks the
      // loop runs, which reads without a turn put off while the heap grows (a cold `usage` peaked 100 MiB higher).
      await new Promise<void>((resolve) => setImmediate(resolve));
      let bytesRead: number;
      try {
        bytesRead = readSync(fd, buffer, 0, want, position);
      } catch (error) {
        throw toReadError(error, path);
      }
      if (bytesRead === 0) return;
      position += bytesRead;
      yield bytesRead === want ? buffer : buffer.subarray(0, bytesRead);
    }
  } finally {
    try {
      closeSync(fd);
    } catch {
      // Nothing was written through it: a failed close loses nothing.
    }
  }
}

/** A file that is not a regular one (a pipe, a device): not seekable, so the bytes before `startOffset` are read and dropped. */
async function* handleChunks(
  target: string,
  path: string,
  startOffset: number,
  chunkSize: number,
  endOffset: number,
): AsyncGenerator<Buffer> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(target, 'r');
  } catch (error) {
    throw toReadError(error, path);
  }
  try {
    let position = startOffset;
    let toSkip = startOffset;
    for (;;) {
      const want = Math.min(chunkSize, endOffset - position);
      if (want <= 0) return;
      const buffer = Buffer.allocUnsafe(want);
      let bytesRead: number;
      try {
        ({ bytesRead } = await handle.read(buffer, 0, want, null));
      } catch (error) {
        throw toReadError(error, path);
      }
      if (bytesRead === 0) return;
      position += bytesRead;
      let from = 0;
      if (toSkip > 0) {
        from = Math.min(toSkip, bytesRead);
        toSkip -= from;
        if (from === bytesRead) continue;
      }
      yield from === 0 && bytesRead === want ? buffer : buffer.subarray(from, bytesRead);
    }
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** Turns the chunks of a stream or async iterable into Buffers; a failing source rejects as a `ReadError` ('io'). */
export async function* iterableChunks(
  source: AsyncIterable<Uint8Array | string>,
  name: string,
): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of source) yield toBuffer(chunk, name);
  } catch (error) {
    if (error instanceof ReadError) throw error;
    const detail = error instanceof Error ? error.message : String(error);
    throw new ReadError('io', name, `Could not read "${name}": ${detail}`, { cause: error });
  }
}

function toBuffer(chunk: unknown, name: string): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === 'string') return Buffer.from(chunk, 'utf8');
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  throw new ReadError('io', name, `Could not read "${name}": expected bytes or strings, got ${typeof chunk}`);
}
