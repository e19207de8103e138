export { type AgentMeta, readAgentMeta } from '../agents/claude-code/read-agent-meta.js';
export { claudeCodeRoots } from '../agents/claude-code/roots.js';
export { codexRoots } from '../agents/codex/roots.js';
export {
  type AgentClassifier,
  base as fileRef,
  type Classified,
  type ClassifyContext,
  type FileFacts,
  skip as skipFile,
} from './classify-file.js';
export type { DirLookup } from './dir-lookup.js';
export {
  claudeCodeRootSearch,
  codexRootSearch,
  type DiscoverDefaultOptions,
  discoverDefault,
  type RootSearch,
} from './discover-default.js';
export { type DiscoverPathsOptions, discoverPaths, type StoreProbe } from './discover-paths.js';
export type {
  Discovery,
  DiscoveryWarning,
  PathError,
  SessionFileRef,
  SkippedFile,
  SourceAgent,
} from './discovery.js';
export { expandHome } from './expand-home.js';
export { isUuid, lastUuid } from './parse-file-name.js';
export { restatFiles } from './restat-files.js';
export { type WatchedState, WatchList, watchedState } from './watch-list.js';
export { withWriteAheadLog } from './with-write-ahead-log.js';
