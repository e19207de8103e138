import { readFile, stat } from 'node:fs/promises';
import { boundDepth } from '../../schemas/common/bound-depth.js';

/** Contents of a Claude Code `agent-<agentId>.meta.json`; unknown keys are kept. */
export interface AgentMeta {
  /** The `Task`/`Agent` tool_use that spawned the subagent. */
  toolUseId?: string;
  /** The subagent type, e.g. `Explore`. */
  agentType?: string;
  [key: string]: unknown;
}

/** Meta files larger than this are not read. */
const maxMetaBytes = 1024 * 1024;

/**
 * Reads a subagent `.meta.json` tolerantly: undefined when the file is missing, too large, not JSON
 * or not a JSON object. `toolUseId`/`agentType` values that are not strings are dropped.
 */
export async function readAgentMeta(metaPath: string): Promise<AgentMeta | undefined> {
  let value: unknown;
  try {
    const stats = await stat(metaPath);
    if (!stats.isFile() || stats.size > maxMetaBytes) return undefined;
    const text = await readFile(metaPath, 'utf8');
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  boundDepth(value);
  const meta: AgentMeta = { ...(value as Record<string, unknown>) };
  for (const key of ['toolUseId', 'agentType'] as const) {
    if (key in meta && typeof meta[key] !== 'string') delete meta[key];
  }
  return meta;
}
