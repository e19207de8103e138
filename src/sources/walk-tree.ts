import { type Dirent, readdirSync, realpathSync, type Stats, statSync } from 'node:fs';
import path from 'node:path';
import { describeFsError, fsErrorCode } from './describe-fs-error.js';
import type { DiscoveryWarning } from './discovery.js';
import type { WatchList } from './watch-list.js';

/** A collected file found by {@link walkTree}. */
export interface WalkedFile {
  path: string;
  /** The file's real path (symbolic links resolved), used to drop duplicates reached through links. */
  realPath: string;
  size: number;
  mtimeMs: number;
  /** `inode:ctimeMs` (see `SessionFileRef.identity`). */
  identity: string;
}

/** Names of the files and folders of one folder (links already resolved to what they point at). */
export interface DirListing {
  files: Set<string>;
  dirs: Set<string>;
}

export interface WalkResult {
  files: WalkedFile[];
  /** Listing of every folder read, by path. */
  listings: Map<string, DirListing>;
  warnings: DiscoveryWarning[];
}

export interface WalkOptions {
  /** Which file names to collect. */
  collect: (name: string) => boolean;
  /** Folders (by name) to list in their parent but not enter. */
  prune?: (name: string) => boolean;
  /** Records every folder listed (stated before it is listed) and every file in them. */
  watch?: WatchList;
}

/**
 * Walks the folder `root` recursively. Symbolic links are followed, but a folder whose real path is
 * one of its own ancestors (a link loop) is reported as a warning and not entered. Unreadable folders
 * and broken links become warnings; the walk goes on. Reads only.
 *
 * The calls are synchronous: thousands of `stat` calls through the thread pool cost several times the
 * calls themselves (measured: 2,254 files in 23 ms synchronous against 130 to 210 ms asynchronous), and a
 * run has nothing else to do while it looks for its files. The recursion is synchronous too: no promise per
 * folder or file.
 */
export async function walkTree(root: string, options: WalkOptions): Promise<WalkResult> {
  const { collect, prune, watch } = options;
  const result: WalkResult = { files: [], listings: new Map(), warnings: [] };
  // A folder below the root was named by this function: normalized, so a child is its path, a separator and the
  // child's name (what `path.join` gives, without normalizing 2,000 paths again). The root is as it was given.
  const normalizedRoot = path.normalize(root);
  const childPath = (dir: string, name: string) =>
    dir === root || dir === normalizedRoot || dir.endsWith(path.sep)
      ? path.join(dir, name)
      : `${dir}${path.sep}${name}`;
  const warn = (at: string, message: string) => result.warnings.push({ path: at, message });

  const visitEntry = (
    dir: string,
    realDir: string,
    entry: Dirent,
    listing: DirListing,
    chain: Set<string>,
  ) => {
    const full = childPath(dir, entry.name);
    const isLink = entry.isSymbolicLink();
    let isDir = entry.isDirectory();
    let isFile = entry.isFile();
    let stats: Stats | undefined;
    if (isLink || (!isDir && !isFile)) {
      try {
        stats = statSync(full);
      } catch (error) {
        // A broken link is watched as missing (its target appearing changes that); anything else, not at all.
        if (fsErrorCode(error) === 'ENOENT') watch?.see(full, undefined);
        else watch?.distrust();
        warn(full, linkProblem(full, error));
        return;
      }
      isDir = stats.isDirectory();
      isFile = stats.isFile();
    }
    if (isDir) {
      listing.dirs.add(entry.name);
      // A folder reached without a link lies inside its parent's real path: no need to resolve it again.
      if (!prune?.(entry.name)) visitDir(full, chain, isLink ? undefined : childPath(realDir, entry.name));
      return;
    }
    if (!isFile) return;
    listing.files.add(entry.name);
    if (watch) {
      if (stats) watch.see(full, stats);
      else stats = watch.stat(full);
    }
    if (!collect(entry.name)) return;
    try {
      stats ??= statSync(full);
      const realPath = isLink ? realpathSync(full) : childPath(realDir, entry.name);
      result.files.push({
        path: full,
        realPath,
        size: stats.size,
        mtimeMs: stats.mtimeMs,
        identity: `${stats.ino}:${stats.ctimeMs}`,
      });
    } catch (error) {
      watch?.distrust();
      warn(full, `Cannot read file '${full}': ${describeFsError(error)}`);
    }
  };

  const visitDir = (dir: string, ancestors: ReadonlySet<string>, known?: string): void => {
    let realDir: string;
    let entries: Dirent[];
    try {
      realDir = known ?? realpathSync(dir);
    } catch (error) {
      watch?.distrust();
      warn(dir, `Cannot resolve folder '${dir}': ${describeFsError(error)}`);
      return;
    }
    if (ancestors.has(realDir)) {
      warn(dir, `Symbolic link loop: '${dir}' leads back to '${realDir}', which contains it; not followed`);
      return;
    }
    try {
      // Stated before it is listed: an entry added in between moves its mtime past the one recorded.
      watch?.see(dir, statSync(dir));
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      watch?.distrust();
      warn(dir, `Cannot read folder '${dir}': ${describeFsError(error)}`);
      return;
    }
    const listing: DirListing = { files: new Set(), dirs: new Set() };
    result.listings.set(dir, listing);
    const chain = new Set(ancestors).add(realDir);
    for (const entry of entries) visitEntry(dir, realDir, entry, listing, chain);
  };

  visitDir(root, new Set());
  return result;
}

function linkProblem(full: string, error: unknown): string {
  const code = fsErrorCode(error);
  if (code === 'ENOENT') return `Broken symbolic link '${full}': its target does not exist; skipped`;
  if (code === 'ELOOP') return `Symbolic link loop at '${full}'; not followed`;
  return `Cannot read '${full}': ${describeFsError(error)}`;
}
