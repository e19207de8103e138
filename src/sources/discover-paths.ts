import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { addWalk, collectDiscovery, emptyGathered, type Gathered } from './collect-discovery.js';
import { createLimiter, type Limiter } from './create-limiter.js';
import { describeFsError } from './describe-fs-error.js';
import { type RootSearch, searchRoot } from './discover-default.js';
import type { Discovery, PathError } from './discovery.js';
import { isCollectedPathName } from './parse-file-name.js';
import { probePath } from './probe-path.js';
import { walkTree } from './walk-tree.js';
import type { WatchList } from './watch-list.js';

export interface DiscoverPathsOptions {
  /** File-system calls in flight at once (default 32). */
  concurrency?: number;
  /**
   * The searches of an agent's store found in a user-given path (OpenCode's `opencode.db` or `storage/`
   * tree, from `src/agents/`): called with each folder a walk lists (and with the folder of a given file,
   * that file alone); the files those searches find are classified by them, before the walk's own.
   */
  stores?: (at: StoreProbe) => RootSearch[];
  /** Records every path the discovery looks at, with its state (see `watch-list.ts`). */
  watch?: WatchList;
}

/** A folder met by a walk of user-given paths, with the names it holds. */
export interface StoreProbe {
  dir: string;
  files: ReadonlySet<string>;
  dirs: ReadonlySet<string>;
}

/**
 * Finds transcripts in user-given paths. Folders are walked recursively for `*.jsonl`; files are
 * taken whatever their name (orphaned copies excepted). Each file is classified by its path shape:
 * `agent-*.jsonl` and files in a `subagents` folder are subagents, `rollout-*.jsonl` are Codex, the rest are
 * candidate sessions whose agent is decided later by content. A path that cannot be searched becomes
 * an entry of `errors` (never thrown). Result paths are absolute. Reads only.
 */
export async function discoverPaths(
  paths: string[],
  options: DiscoverPathsOptions = {},
): Promise<Discovery & { errors: PathError[] }> {
  const limit = createLimiter(options.concurrency);
  const gathered = emptyGathered(options.watch);
  const outcomes = await Promise.all(
    paths.map((given) => searchPath(given, gathered, limit, options.stores)),
  );
  const errors: PathError[] = [];
  outcomes.forEach((outcome, i) => {
    const given = paths[i] ?? '';
    if (outcome.error !== undefined) errors.push({ ok: false, path: given, message: outcome.error });
    if (outcome.absolute !== undefined) {
      gathered.searched.push({ agent: 'unknown', path: outcome.absolute, exists: outcome.exists });
    }
  });
  return { ...(await collectDiscovery(gathered, limit)), errors };
}

interface PathOutcome {
  absolute?: string;
  exists: boolean;
  error?: string;
}

async function searchPath(
  given: string,
  gathered: Gathered,
  limit: Limiter,
  stores: DiscoverPathsOptions['stores'],
): Promise<PathOutcome> {
  if (given.trim() === '') return { exists: false, error: 'Path is empty' };
  const absolute = path.resolve(given);
  const probe = await probePath(absolute, limit, gathered.watch);
  switch (probe.kind) {
    case 'missing':
      return { absolute, exists: false, error: `Path '${given}' does not exist` };
    case 'error':
      return {
        absolute,
        exists: true,
        error: `Cannot read path '${given}': ${describeFsError(probe.error)}`,
      };
    case 'other':
      return { absolute, exists: true, error: `Path '${given}' is neither a file nor a folder` };
    case 'file': {
      const realPath = await limit(() => realpath(absolute)).catch(() => absolute);
      const { size, mtimeMs, ino, ctimeMs } = probe.stats;
      const file = { path: absolute, realPath, size, mtimeMs, identity: `${ino}:${ctimeMs}` };
      const at = {
        dir: path.dirname(absolute),
        files: new Set([path.basename(absolute)]),
        dirs: new Set<string>(),
      };
      const searches = stores?.(at) ?? [];
      if (searches.length > 0) {
        const found = emptyGathered(gathered.watch);
        await Promise.all(searches.map((search) => searchRoot(search, found, limit)));
        const taken = found.found.filter((f) => f.file.path === absolute);
        if (taken.length > 0) {
          gathered.found.push(...taken);
          return { absolute, exists: true };
        }
      }
      gathered.found.push({ file, context: { kind: 'paths' } });
      return { absolute, exists: true };
    }
    case 'dir': {
      const walk = await walkTree(absolute, {
        collect: isCollectedPathName,
        ...(gathered.watch ? { watch: gathered.watch } : {}),
      });
      const searches = stores
        ? [...walk.listings].flatMap(([dir, listing]) =>
            stores({ dir, files: listing.files, dirs: listing.dirs }),
          )
        : [];
      if (searches.length > 0) {
        // Store files first: a file reached twice keeps its first classification.
        const found = emptyGathered(gathered.watch);
        await Promise.all(searches.map((search) => searchRoot(search, found, limit)));
        gathered.found.push(...found.found);
        gathered.warnings.push(...found.warnings);
      }
      addWalk(gathered, walk, { kind: 'paths' });
      return { absolute, exists: true };
    }
    default:
      return probe satisfies never;
  }
}
