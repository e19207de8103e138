// A file's identity (inode and change time) beside its size and mtime, so that a file replaced in place
// with the same size and mtime is read again.
import { statSync } from 'node:fs';

/**
 * The inode and change time of a file (null when it cannot be read): a file replaced by another of the
 * same size and modification time (`utimes`) has another change time, and usually another inode. A
 * discovered file carries the identity discovery saw (no second `stat`).
 */
export function fileIdentity(file: string | { path: string; identity?: string }): string | null {
  if (typeof file !== 'string') {
    if (file.identity !== undefined) return file.identity;
    return fileIdentity(file.path);
  }
  try {
    const stats = statSync(file);
    return `${stats.ino}:${stats.ctimeMs}`;
  } catch {
    return null;
  }
}
