// The fingerprint of a file's first bytes that the index stores with each file, to tell a file that grew from
// one that was rewritten.
import { closeSync, openSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';

/** `node:crypto`, loaded when a file is fingerprinted: a status line call over files that did not change never is. */
function nodeCrypto(): typeof import('node:crypto') {
  return createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto');
}

/** Bytes hashed at each end of a consumed prefix. */
const window = 64 * 1024;

/**
 * A fingerprint of the first `length` bytes of a file: a hash of its first and last 64 KiB and the length.
 * Cheap (at most 128 KiB read) and enough to tell an appended file from a rewritten one.
 */
export function fingerprintPrefix(path: string, length: number): string {
  const hash = nodeCrypto().createHash('sha1').update(`${length}:`);
  if (length > 0) {
    const fd = openSync(path, 'r');
    try {
      const head = Buffer.allocUnsafe(Math.min(window, length));
      readFully(fd, head, 0);
      hash.update(head);
      if (length > window) {
        const tailLength = Math.min(window, length - window);
        const tail = Buffer.allocUnsafe(tailLength);
        readFully(fd, tail, length - tailLength);
        hash.update(tail);
      }
    } finally {
      closeSync(fd);
    }
  }
  return hash.digest('base64url');
}

function readFully(fd: number, buffer: Buffer, position: number): void {
  let done = 0;
  while (done < buffer.length) {
    const n = readSync(fd, buffer, done, buffer.length - done, position + done);
    if (n === 0) throw new Error('File shrank while reading its fingerprint');
    done += n;
  }
}
