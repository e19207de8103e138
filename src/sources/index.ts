export { claudeCodeRoots } from './claude-code-roots.js';
export { codexRoots } from './codex-roots.js';
export { type DiscoverDefaultOptions, discoverDefault } from './discover-default.js';
export { type DiscoverPathsOptions, discoverPaths } from './discover-paths.js';
export type {
  Discovery,
  DiscoveryWarning,
  PathError,
  SessionFileRef,
  SkippedFile,
  SourceAgent,
} from './discovery.js';
export { isUuid, lastUuid } from './parse-file-name.js';
export { type AgentMeta, readAgentMeta } from './read-agent-meta.js';
export { restatFiles } from './restat-files.js';
