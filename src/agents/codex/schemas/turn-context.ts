import { z } from 'zod';
import { openEnum } from '../../../schemas/common/open-enum.js';

/**
 * The sandbox of a turn. Tagged by `type` (`danger-full-access`, `read-only`, `workspace-write`,
 * `external-sandbox`); builds of late 2025 tagged it by `mode` instead.
 */
export const codexSandboxPolicySchema = z.looseObject({
  type: openEnum(['danger-full-access', 'read-only', 'workspace-write', 'external-sandbox']).optional(),
  mode: openEnum(['danger-full-access', 'read-only', 'workspace-write', 'external-sandbox'])
    .optional()
    .describe('Tag of late-2025 builds'),
  writable_roots: z.array(z.string()).nullish(),
  network_access: z
    .union([z.boolean(), z.string()])
    .nullish()
    .describe('A boolean, or `"restricted"`/`"enabled"` for external sandboxes'),
  exclude_tmpdir_env_var: z.boolean().nullish(),
  exclude_slash_tmp: z.boolean().nullish(),
});
export type CodexSandboxPolicy = z.infer<typeof codexSandboxPolicySchema>;

/** Collaboration mode: `{mode, settings: {model, reasoning_effort, developer_instructions}}` (flat in some builds). */
export const codexCollaborationModeSchema = z.looseObject({
  mode: z.string().nullish(),
  settings: z
    .looseObject({
      model: z.string().nullish(),
      reasoning_effort: z.string().nullish(),
      developer_instructions: z.string().nullish(),
    })
    .nullish(),
  model: z.string().nullish(),
  reasoning_effort: z.string().nullish(),
  developer_instructions: z.string().nullish(),
});

/**
 * `turn_context` payload: written once per user turn and again after compaction. `cwd` is authoritative
 * from this turn on. Every field is optional: builds differ and hand-written logs keep only `model`.
 */
export const codexTurnContextSchema = z.looseObject({
  turn_id: z.string().nullish(),
  trace_id: z.string().nullish(),
  cwd: z.string().optional(),
  workspace_roots: z.array(z.string()).nullish(),
  current_date: z.string().nullish(),
  timezone: z.string().nullish(),
  approval_policy: openEnum(['untrusted', 'on-failure', 'on-request', 'never']).optional(),
  approvals_reviewer: z.string().nullish(),
  sandbox_policy: codexSandboxPolicySchema.optional(),
  permission_profile: z.looseObject({}).nullish().describe('Newer builds'),
  file_system_sandbox_policy: z.looseObject({}).nullish().describe('Newer builds'),
  network: z
    .looseObject({
      allowed_domains: z.array(z.string()).nullish(),
      denied_domains: z.array(z.string()).nullish(),
    })
    .nullish(),
  model: z.string().optional(),
  personality: z.string().nullish(),
  collaboration_mode: codexCollaborationModeSchema.nullish(),
  realtime_active: z.boolean().nullish(),
  effort: openEnum(['minimal', 'low', 'medium', 'high', 'xhigh']).nullish(),
  summary: openEnum(['auto', 'concise', 'detailed', 'none']).nullish(),
  base_instructions: z.string().nullish(),
  user_instructions: z.string().nullish(),
  developer_instructions: z.string().nullish(),
  final_output_json_schema: z.unknown().optional(),
  truncation_policy: z.looseObject({ mode: openEnum(['bytes', 'tokens']), limit: z.number() }).nullish(),
});
export type CodexTurnContext = z.infer<typeof codexTurnContextSchema>;
