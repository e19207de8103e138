import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Limiter } from './create-limiter.js';
import { fsErrorCode } from './describe-fs-error.js';
import type { WatchList } from './watch-list.js';

/** What is at a path (links followed). */
export type PathProbe =
  | { kind: 'dir' | 'file' | 'other'; stats: Stats }
  | { kind: 'missing' }
  | { kind: 'error'; error: unknown };

/**
 * Stats `target` without throwing: a missing path (or one through a non-folder) is `missing`. `watch` records
 * what was found.
 */
export async function probePath(target: string, limit: Limiter, watch?: WatchList): Promise<PathProbe> {
  try {
    const stats = await limit(() => stat(target));
    watch?.see(target, stats);
    return { kind: stats.isDirectory() ? 'dir' : stats.isFile() ? 'file' : 'other', stats };
  } catch (error) {
    const code = fsErrorCode(error);
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      watch?.see(target, undefined);
      return { kind: 'missing' };
    }
    watch?.distrust();
    return { kind: 'error', error };
  }
}
