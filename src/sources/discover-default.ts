import os from 'node:os';
import path from 'node:path';
import { claudeCodeRoots } from '../agents/claude-code/roots.js';
import { codexRoots } from '../agents/codex/roots.js';
import type { ClassifyContext } from './classify-file.js';
import { addWalk, collectDiscovery, emptyGathered, type Gathered } from './collect-discovery.js';
import { createLimiter, type Limiter } from './create-limiter.js';
import { describeFsError } from './describe-fs-error.js';
import type { Discovery, SourceAgent } from './discovery.js';
import { isCollectedName } from './parse-file-name.js';
import { probePath } from './probe-path.js';
import { walkTree } from './walk-tree.js';
import type { WatchList } from './watch-list.js';

export interface DiscoverDefaultOptions {
  /** Environment to read `CLAUDE_CONFIG_DIR` and `CODEX_HOME` from (default `process.env`). */
  env?: NodeJS.ProcessEnv;
  /** Home folder (default `os.homedir()`). */
  home?: string;
  /** File-system calls in flight at once (default 32). */
  concurrency?: number;
  /**
   * The roots of the other agents (`src/agents/*\/roots.ts`, gathered by `src/agents/discover-agents.ts`),
   * searched after Claude Code's and Codex's.
   */
  searches?: readonly RootSearch[];
  /** Records every path the discovery looks at, with its state (see `watch-list.ts`). */
  watch?: WatchList;
}

/** One root of an agent to search, with its folders to walk. */
export interface RootSearch {
  agent: SourceAgent;
  root: string;
  /** Folders of the root to walk (`.`: the root itself), each with how to read the files found there. */
  parts: {
    name: string;
    context: (dir: string) => ClassifyContext;
    prune?: (name: string) => boolean;
    /** Which file names to collect (default: `*.jsonl` and orphaned copies). */
    collect?: (name: string) => boolean;
  }[];
}

/** The search of a folder in Claude Code's layout (its `projects/`), as Claude Code's and its forks' roots. */
export function claudeCodeRootSearch(root: string): RootSearch {
  return {
    agent: 'claude-code',
    root,
    parts: [
      {
        name: 'projects',
        context: (projectsDir) => ({ kind: 'claude-projects', projectsDir }),
        prune: (name) => name === 'tool-results',
      },
    ],
  };
}

/** The search of a folder in Codex's layout: `sessions/`, and `archived_sessions/` when `archived`. */
export function codexRootSearch(root: string, { archived }: { archived: boolean }): RootSearch {
  return {
    agent: 'codex',
    root,
    parts: [
      { name: 'sessions', context: () => ({ kind: 'codex', archived: false }) },
      ...(archived
        ? [{ name: 'archived_sessions', context: () => ({ kind: 'codex' as const, archived: true }) }]
        : []),
    ],
  };
}

/**
 * Finds the transcripts in the default places: Claude Code `projects/` under every root of
 * {@link claudeCodeRoots}, Codex `sessions/` and `archived_sessions/` under {@link codexRoots}.
 * Roots that do not exist are listed in `searched` with `exists: false`. Reads only.
 */
export async function discoverDefault(options: DiscoverDefaultOptions = {}): Promise<Discovery> {
  const env = options.env ?? process.env;
  const home = options.home ?? os.homedir();
  const limit = createLimiter(options.concurrency);
  const searches: RootSearch[] = [
    ...claudeCodeRoots(env, home).map((root) => claudeCodeRootSearch(root)),
    ...codexRoots(env, home).map((root) => codexRootSearch(root, { archived: true })),
    ...(options.searches ?? []),
  ];
  const gathered = emptyGathered(options.watch);
  const exists = await Promise.all(searches.map((search) => searchRoot(search, gathered, limit)));
  gathered.searched = searches.map((search, i) => ({
    agent: search.agent,
    path: search.root,
    exists: exists[i] ?? false,
  }));
  return collectDiscovery(gathered, limit);
}

/** Walks the parts of one root into `gathered`; tells whether the root exists. */
export async function searchRoot(search: RootSearch, gathered: Gathered, limit: Limiter): Promise<boolean> {
  const root = await probePath(search.root, limit, gathered.watch);
  if (root.kind === 'missing') return false;
  if (root.kind === 'error') {
    gathered.warnings.push({
      path: search.root,
      message: `Cannot read '${search.root}': ${describeFsError(root.error)}`,
    });
    return true;
  }
  if (root.kind !== 'dir') {
    gathered.warnings.push({ path: search.root, message: `'${search.root}' is not a folder; not searched` });
    return true;
  }
  await Promise.all(
    search.parts.map(async (part) => {
      const dir = path.join(search.root, part.name);
      const probe = await probePath(dir, limit, gathered.watch);
      if (probe.kind === 'missing') return;
      if (probe.kind !== 'dir') {
        const why = probe.kind === 'error' ? describeFsError(probe.error) : 'not a folder';
        gathered.warnings.push({ path: dir, message: `Cannot search '${dir}': ${why}` });
        return;
      }
      const walk = await walkTree(dir, {
        collect: part.collect ?? isCollectedName,
        ...(part.prune ? { prune: part.prune } : {}),
        ...(gathered.watch ? { watch: gathered.watch } : {}),
      });
      addWalk(gathered, walk, part.context(dir));
    }),
  );
  return true;
}
