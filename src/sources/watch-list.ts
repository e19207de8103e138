// What a discovery looked at on disk, each path with its state then: every folder it listed (stated before it
// was listed), every file in those folders, every path it probed (existing or not). While none of them has
// changed, a discovery would find the same files with the same sizes, times and contents, so an answer computed
// from them stands (the CLI's response memo, `cli/response-memo.cts`, checks exactly these states).
import { type Stats, statSync } from 'node:fs';

/**
 * A path's state as `fs.statSync` (links followed) gives it: `[0]` for a path that does not exist, else its
 * kind (1 file, 2 folder, 3 other), size, mtimeMs, ctimeMs and inode. A folder's mtime moves when an entry is
 * added, removed or renamed; a file's size, mtime and ctime when it is written.
 */
export type WatchedState = readonly [0] | readonly [1 | 2 | 3, number, number, number, number];

/** The state of a path from its `Stats`, or of a path that does not exist. */
export function watchedState(stats: Stats | undefined): WatchedState {
  if (stats === undefined) return [0];
  const kind = stats.isFile() ? 1 : stats.isDirectory() ? 2 : 3;
  return [kind, stats.size, stats.mtimeMs, stats.ctimeMs, stats.ino];
}

/**
 * Timestamps are coarse (a few milliseconds on Linux, 2 s on FAT): a path changed this recently may change
 * again without its state moving, so a watch list holding one is not to be trusted later (as git's racy
 * index entries).
 */
const racyMs = 2_000;

export class WatchList {
  readonly #states = new Map<string, WatchedState>();
  #trusted = true;

  /** Records `path` as seen now (`stats` undefined: it does not exist). The first sight of a path counts. */
  see(path: string, stats: Stats | undefined): void {
    if (this.#states.has(path)) return;
    this.#states.set(path, watchedState(stats));
    if (stats !== undefined && Math.max(stats.mtimeMs, stats.ctimeMs) > Date.now() - racyMs)
      this.#trusted = false;
  }

  /**
   * States `path` (links followed) and records it; a path whose state cannot be read (a folder on the way that
   * is a file, no permission) makes the list untrusted. Returns the stats, undefined when there are none.
   */
  stat(path: string): Stats | undefined {
    let stats: Stats | undefined;
    try {
      stats = statSync(path, { throwIfNoEntry: false });
    } catch {
      this.distrust();
      return undefined;
    }
    this.see(path, stats);
    return stats;
  }

  /** Marks the list as not telling the whole story (a path that could not be read, a store, an archive). */
  distrust(): void {
    this.#trusted = false;
  }

  /** True when every path seen is older than the timestamps' grain and nothing was distrusted. */
  get trusted(): boolean {
    return this.#trusted;
  }

  /** The paths seen, with their states, in the order they were first seen. */
  entries(): [string, WatchedState][] {
    return [...this.#states];
  }
}
