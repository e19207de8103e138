import { type DiscoverPathsOptions, discoverPaths } from '../sources/index.js';
import { adapters } from './registry.js';

/**
 * Finds the transcripts in user-given paths (`sources/discover-paths.ts`), with the stores of the agents
 * that keep sessions in one (OpenCode's database and storage tree, each adapter's `roots.searchesIn`).
 */
export function discoverAgentPaths(
  paths: readonly string[],
  options: Omit<DiscoverPathsOptions, 'stores'> = {},
): ReturnType<typeof discoverPaths> {
  return discoverPaths([...paths], {
    ...options,
    stores: (probe) => adapters.flatMap((adapter) => adapter.roots.searchesIn?.(probe) ?? []),
  });
}
