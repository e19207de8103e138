import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Limiter } from './create-limiter.js';
import type { DirListing } from './walk-tree.js';
import type { WatchList } from './watch-list.js';

/**
 * Answers "does folder X hold a file/folder named Y" from walk listings, falling back to `stat`
 * (cached) for folders that were not walked, e.g. the parent of a file given on the command line.
 */
export class DirLookup {
  readonly #listings: ReadonlyMap<string, DirListing>;
  readonly #limit: Limiter;
  readonly #cache = new Map<string, Promise<'file' | 'dir' | 'none'>>();
  readonly #watch: WatchList | undefined;

  constructor(listings: ReadonlyMap<string, DirListing>, limit: Limiter, watch?: WatchList) {
    this.#listings = listings;
    this.#limit = limit;
    this.#watch = watch;
  }

  async hasFile(dir: string, name: string): Promise<boolean> {
    const listing = this.#listings.get(dir);
    if (listing) return listing.files.has(name);
    return (await this.#kind(path.join(dir, name))) === 'file';
  }

  async hasDir(dir: string, name: string): Promise<boolean> {
    const listing = this.#listings.get(dir);
    if (listing) return listing.dirs.has(name);
    return (await this.#kind(path.join(dir, name))) === 'dir';
  }

  #kind(target: string): Promise<'file' | 'dir' | 'none'> {
    let known = this.#cache.get(target);
    if (!known) {
      known = this.#limit(() => stat(target)).then(
        (stats) => {
          this.#watch?.see(target, stats);
          return stats.isDirectory() ? 'dir' : stats.isFile() ? 'file' : 'none';
        },
        () => {
          this.#watch?.see(target, undefined);
          return 'none' as const;
        },
      );
      this.#cache.set(target, known);
    }
    return known;
  }
}
