import { statSync } from 'node:fs';

/**
 * The inode and change time of a file (null when it cannot be read): a file replaced by another of the
 * same size and modification time (`utimes`) has another change time, and usually another inode.
 */
export function fileIdentity(file: string): string | null {
  try {
    const stats = statSync(file);
    return `${stats.ino}:${stats.ctimeMs}`;
  } catch {
    return null;
  }
}
