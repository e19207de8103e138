import os from 'node:os';
import { type DiscoverDefaultOptions, type Discovery, discoverDefault } from '../sources/index.js';
import { agentRoots } from './agent-roots.js';
import { forkRootSearches } from './fork-roots.js';

/**
 * Finds the transcripts of every registered agent in its default places: Claude Code's and Codex's (built
 * into `sources/discover-default.ts`), the folders of the forks that write their formats (`fork-roots.ts`) and
 * each adapter's `roots.searches` (listed in `agent-roots.ts`, which loads no schema).
 */
export function discoverAgents(options: Omit<DiscoverDefaultOptions, 'searches'> = {}): Promise<Discovery> {
  const env = options.env ?? process.env;
  const home = options.home ?? os.homedir();
  const searches = [
    ...forkRootSearches(env, home),
    ...agentRoots.flatMap((roots) => roots.searches?.(env, home) ?? []),
  ];
  return discoverDefault({ ...options, searches });
}
