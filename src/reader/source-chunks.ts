import { open } from 'node:fs/promises';
import { ReadError, toReadError } from './read-error.js';
import { readPathOf } from './read-path.js';

/**
 * Reads a file as fresh Buffers of up to `chunkSize` bytes, starting at `startOffset` (from the archive's
 * copy when the file was redirected there, see `read-path.ts`). Open and stat failures reject on the
 * first `next()` as a `ReadError` naming `path`.
 */
export async function* fileChunks(
  path: string,
  startOffset: number,
  chunkSize: number,
  endOffset = Number.POSITIVE_INFINITY,
): AsyncGenerator<Buffer> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(await readPathOf(path), 'r');
  } catch (error) {
    throw toReadError(error, path);
  }
  try {
    let seekable = true;
    try {
      const info = await handle.stat();
      if (info.isDirectory()) {
        throw new ReadError('is-directory', path, `Path is a directory, not a file: "${path}"`);
      }
      seekable = info.isFile();
    } catch (error) {
      throw toReadError(error, path);
    }
    let position = startOffset;
    // Pipes and devices cannot seek: read and drop the bytes before the start offset.
    let toSkip = seekable ? 0 : startOffset;
    for (;;) {
      const want = Math.min(chunkSize, endOffset - position);
      if (want <= 0) return;
      const buffer = Buffer.allocUnsafe(want);
      let bytesRead: number;
      try {
        ({ bytesRead } = await handle.read(buffer, 0, want, seekable ? position : null));
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
