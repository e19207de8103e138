import { z } from 'zod';
import { openEnum } from '../../../schemas/common/open-enum.js';
import { openExternallyTagged } from '../../../schemas/common/open-union.js';

/** Git state when the session started. */
export const codexGitInfoSchema = z.looseObject({
  commit_hash: z.string().nullish(),
  branch: z.string().nullish(),
  repository_url: z.string().nullish(),
});
export type CodexGitInfo = z.infer<typeof codexGitInfoSchema>;

/** How a sub-agent thread was spawned: links it to its parent thread. */
export const codexThreadSpawnSchema = z.looseObject({
  parent_thread_id: z.string(),
  depth: z.number(),
  agent_path: z.string().nullish(),
  agent_nickname: z.string().nullish(),
  agent_role: z.string().nullish(),
});
export type CodexThreadSpawn = z.infer<typeof codexThreadSpawnSchema>;

/** `source.subagent`: `"review"`, `"compact"`, `"memory_consolidation"`, `{thread_spawn}`, `{other}`. */
export const codexSubagentSourceSchema = openExternallyTagged({
  thread_spawn: codexThreadSpawnSchema,
  other: z.string(),
});

/**
 * `session_meta.source`: `"cli"`, `"vscode"`, `"exec"`, `"mcp"`, `"unknown"`, or `{subagent: ...}`,
 * `{custom: ...}`, `{internal: ...}`. Sub-agent rollouts link to their parent here.
 */
export const codexSessionSourceSchema = openExternallyTagged({
  subagent: codexSubagentSourceSchema,
});
export type CodexSessionSource = z.infer<typeof codexSessionSourceSchema>;

/** A client-provided (dynamic) tool declared at session start: a tool, or a namespace of tools. */
export const codexDynamicToolSchema = z.looseObject({
  type: openEnum(['function', 'namespace', 'dynamic']).nullish(),
  name: z.string(),
  namespace: z.string().nullish(),
  description: z.string().nullish(),
  inputSchema: z.unknown().optional(),
  tools: z.array(z.looseObject({ name: z.string() })).nullish(),
});

/**
 * `session_meta` payload (envelope era). Identity of the rollout is the *first* meta line: forks copy the
 * parent's meta after their own. Real logs always carry `id`, `timestamp`, `cwd`, `originator` and
 * `cli_version`; they are optional here because hand-written logs omit them.
 */
export const codexSessionMetaSchema = z.looseObject({
  id: z.string().optional().describe('Thread id (UUID, v7 in recent builds)'),
  session_id: z.string().nullish().describe('Same as `id` (newest builds)'),
  timestamp: z.string().optional(),
  cwd: z.string().optional(),
  originator: openEnum([
    'codex_cli_rs',
    'codex_exec',
    'codex_vscode',
    'codex-tui',
    'Codex Desktop',
  ]).optional(),
  cli_version: z.string().optional(),
  instructions: z.string().nullish().describe('Base instructions (until 2026; then `base_instructions`)'),
  base_instructions: z
    .looseObject({ text: z.string().nullable() })
    .nullish()
    .describe('Base instructions (2026)'),
  source: codexSessionSourceSchema.optional(),
  model_provider: z.string().nullish(),
  forked_from_id: z.string().nullish().describe('Set iff the rollout is a fork'),
  parent_thread_id: z.string().nullish(),
  agent_nickname: z.string().nullish(),
  agent_role: z.string().nullish(),
  agent_type: z.string().nullish().describe('Alias of `agent_role`'),
  agent_path: z.string().nullish(),
  thread_source: z.string().nullish(),
  dynamic_tools: z
    .union([z.array(codexDynamicToolSchema), codexDynamicToolSchema])
    .nullish()
    .describe('Client-provided tools (an array; a single object in some fixtures)'),
  memory_mode: z.string().nullish(),
  git: codexGitInfoSchema.nullish(),
});
export type CodexSessionMeta = z.infer<typeof codexSessionMetaSchema>;

/**
 * The bare-era first line (until ≈Sept 2025): `{id, timestamp, instructions, git?}` with no envelope and no
 * `cwd` (recover it from the `<environment_context>` of the first user message).
 */
export const codexBareSessionMetaSchema = z.looseObject({
  id: z.string(),
  timestamp: z.string(),
  instructions: z.string().nullish(),
  git: codexGitInfoSchema.nullish(),
});
export type CodexBareSessionMeta = z.infer<typeof codexBareSessionMetaSchema>;
