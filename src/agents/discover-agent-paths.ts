import { type DiscoverPathsOptions, discoverPaths } from '../sources/index.js';
import { agentRoots } from './agent-roots.js';

/**
 * Finds the transcripts in user-given paths (`sources/discover-paths.ts`), with the stores of the agents
 * that keep sessions in one (OpenCode's database and storage tree, each agent's `roots.searchesIn`, from `agent-roots.ts`: no
 * schema is loaded to find them).
 */
export function discoverAgentPaths(
  paths: readonly string[],
  options: Omit<DiscoverPathsOptions, 'stores'> = {},
): ReturnType<typeof discoverPaths> {
  return discoverPaths([...paths], {
    ...options,
    stores: (probe) => agentRoots.flatMap((roots) => roots.searchesIn?.(probe) ?? []),
  });
}
