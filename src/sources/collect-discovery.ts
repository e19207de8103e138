import { type ClassifyContext, classifyFile } from './classify-file.js';
import type { Limiter } from './create-limiter.js';
import { DirLookup } from './dir-lookup.js';
import type { Discovery, DiscoveryWarning, SessionFileRef, SkippedFile } from './discovery.js';
import type { DirListing, WalkedFile, WalkResult } from './walk-tree.js';
import type { WatchList } from './watch-list.js';

/** A file found by a walk (or named by the user), with how to read its path. */
export interface FoundFile {
  file: WalkedFile;
  context: ClassifyContext;
}

/** Everything the searches of one discovery gathered, before classification. */
export interface Gathered {
  found: FoundFile[];
  listings: Map<string, DirListing>;
  warnings: DiscoveryWarning[];
  searched: Discovery['searched'];
  /** Records what the searches looked at, when the caller asked (`DiscoverDefaultOptions.watch`). */
  watch?: WatchList;
}

/** An empty {@link Gathered}, recording what it looks at in `watch` when given. */
export function emptyGathered(watch?: WatchList): Gathered {
  return { found: [], listings: new Map(), warnings: [], searched: [], ...(watch ? { watch } : {}) };
}

/** Adds the result of one walk, every file read in `context`. */
export function addWalk(gathered: Gathered, walk: WalkResult, context: ClassifyContext): void {
  for (const file of walk.files) gathered.found.push({ file, context });
  for (const [dir, listing] of walk.listings) gathered.listings.set(dir, listing);
  gathered.warnings.push(...walk.warnings);
}

/**
 * Turns gathered files into a {@link Discovery}: drops files reached twice (same real path; the
 * smallest path wins), classifies each file, lets an active Codex rollout win over an archived copy
 * of the same thread, and sorts every list by path.
 */
export async function collectDiscovery(gathered: Gathered, limit: Limiter): Promise<Discovery> {
  const lookup = new DirLookup(gathered.listings, limit, gathered.watch);
  const unique = new Map<string, FoundFile>();
  for (const found of gathered.found) {
    const kept = unique.get(found.file.realPath);
    if (!kept || found.file.path < kept.file.path) unique.set(found.file.realPath, found);
  }
  const classified = await Promise.all(
    [...unique.values()].map((found) => classifyFile(found.file, found.context, lookup)),
  );
  const files: SessionFileRef[] = [];
  const skipped: SkippedFile[] = [];
  for (const item of classified) {
    if ('ref' in item) files.push(item.ref);
    else if ('refs' in item) files.push(...item.refs);
    else if ('skipped' in item) skipped.push(item.skipped);
  }
  const active = dropArchivedDuplicates(files, skipped);
  return {
    files: active.sort(byPath),
    warnings: uniqueWarnings(gathered.warnings).sort((a, b) => byPath(a, b) || compare(a.message, b.message)),
    skipped: skipped.sort((a, b) => byPath(a, b) || compare(a.reason, b.reason)),
    searched: gathered.searched,
  };
}

/** Codex: an archived rollout whose thread id also has an active (non-archived) file is skipped. */
function dropArchivedDuplicates(files: SessionFileRef[], skipped: SkippedFile[]): SessionFileRef[] {
  const activeByThread = new Map<string, string>();
  for (const ref of files) {
    if (ref.agent !== 'codex' || ref.archived || ref.sessionId === undefined) continue;
    const key = ref.sessionId.toLowerCase();
    const seen = activeByThread.get(key);
    if (seen === undefined || ref.path < seen) activeByThread.set(key, ref.path);
  }
  return files.filter((ref) => {
    if (ref.agent !== 'codex' || !ref.archived || ref.sessionId === undefined) return true;
    const winner = activeByThread.get(ref.sessionId.toLowerCase());
    if (winner === undefined) return true;
    skipped.push({
      path: ref.path,
      reason: `Archived copy of Codex thread '${ref.sessionId}'; the active file '${winner}' is used instead`,
    });
    return false;
  });
}

function uniqueWarnings(warnings: DiscoveryWarning[]): DiscoveryWarning[] {
  const seen = new Set<string>();
  return warnings.filter((warning) => {
    const key = `${warning.path}\0${warning.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function byPath(a: { path: string }, b: { path: string }): number {
  return compare(a.path, b.path);
}

/** Code-unit order: the same on every machine and locale. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
