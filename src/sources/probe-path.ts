import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Limiter } from './create-limiter.js';
import { fsErrorCode } from './describe-fs-error.js';

/** What is at a path (links followed). */
export type PathProbe =
  | { kind: 'dir' | 'file' | 'other'; stats: Stats }
  | { kind: 'missing' }
  | { kind: 'error'; error: unknown };

/** Stats `target` without throwing: a missing path (or one through a non-folder) is `missing`. */
export async function probePath(target: string, limit: Limiter): Promise<PathProbe> {
  try {
    const stats = await limit(() => stat(target));
    return { kind: stats.isDirectory() ? 'dir' : stats.isFile() ? 'file' : 'other', stats };
  } catch (error) {
    const code = fsErrorCode(error);
    return code === 'ENOENT' || code === 'ENOTDIR' ? { kind: 'missing' } : { kind: 'error', error };
  }
}
