import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';

/** Writes lines to a stream or file, waiting when the stream asks to (memory stays flat). */
export interface LineSink {
  write(line: string): Promise<void>;
  /** Ends a file (flushes and closes it); a stream given by the caller is left open. */
  close(): Promise<void>;
  /** Longest line written, in bytes (UTF-8). */
  readonly longest: number;
}

export function lineSink(target: string | NodeJS.WritableStream): LineSink {
  const stream: NodeJS.WritableStream = typeof target === 'string' ? createWriteStream(target) : target;
  let closed = false;
  let longest = 0;
  let failure: unknown;
  const onError = (error: unknown) => {
    failure ??= error;
  };
  stream.on('error', onError);
  return {
    async write(line) {
      if (failure) throw failure;
      const text = `${line}\n`;
      longest = Math.max(longest, Buffer.byteLength(text));
      if (!stream.write(text)) await drained(stream);
      if (failure) throw failure;
    },
    async close() {
      if (closed) return;
      closed = true;
      if (typeof target === 'string') {
        stream.end();
        await finished(stream).catch(onError);
      }
      stream.off('error', onError);
      if (failure) throw failure;
    },
    get longest() {
      return longest;
    },
  };
}

/** Resolves when the stream drains, closes or fails, without leaving listeners behind. */
function drained(stream: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      stream.off('error', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
    stream.on('error', done);
  });
}
