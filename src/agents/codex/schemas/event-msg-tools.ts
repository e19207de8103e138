import { z } from 'zod';
import { openEnum } from '../../../schemas/common/open-enum.js';
import { openDiscriminatedUnion } from '../../../schemas/common/open-union.js';
import { codexWebSearchActionSchema } from './response-item.js';

/** A Rust `Duration` as serde writes it (`{secs, nanos}`); some writers use a number or a string. */
export const codexDurationSchema = z.union([
  z.looseObject({ secs: z.number(), nanos: z.number() }),
  z.number(),
  z.string(),
]);
export type CodexDuration = z.infer<typeof codexDurationSchema>;

/** One file change of `patch_apply_end`, keyed by path. */
export const codexFileChangeSchema = openDiscriminatedUnion('type', {
  add: z.looseObject({ type: z.literal('add'), content: z.string() }),
  delete: z.looseObject({ type: z.literal('delete'), content: z.string().nullish() }),
  update: z.looseObject({
    type: z.literal('update'),
    unified_diff: z.string(),
    move_path: z.string().nullish(),
  }),
});
export type CodexFileChange = z.infer<typeof codexFileChangeSchema>;

/** `patch_apply_end`: an `apply_patch` finished; pairs with its call by `call_id`. */
export const codexPatchApplyEndEventSchema = z.looseObject({
  type: z.literal('patch_apply_end'),
  call_id: z.string(),
  turn_id: z.string().nullish(),
  stdout: z.string(),
  stderr: z.string(),
  success: z.boolean(),
  changes: z.record(z.string(), codexFileChangeSchema).nullish(),
  status: z.string().nullish(),
});

/** One command of `parsed_cmd`: how Codex read a shell command (`read`, `list_files`, `search`, `unknown`). */
export const codexParsedCommandSchema = z.looseObject({
  type: openEnum(['read', 'list_files', 'search', 'unknown']),
  cmd: z.string(),
});

/**
 * `exec_command_end`: a command finished (extended persistence, and default in newer builds).
 * `aggregated_output` is cut to 10 000 characters on disk; `formatted_output`/`stdout`/`stderr` are cleared.
 */
export const codexExecCommandEndEventSchema = z.looseObject({
  type: z.literal('exec_command_end'),
  call_id: z.string(),
  process_id: z.string().nullish(),
  turn_id: z.string().nullish(),
  command: z.array(z.string()),
  cwd: z.string().nullish(),
  parsed_cmd: z.array(codexParsedCommandSchema).nullish(),
  source: z.string().nullish().describe('e.g. "unified_exec_startup", "agent", "user_shell"'),
  stdout: z.string().nullish(),
  stderr: z.string().nullish(),
  aggregated_output: z.string().nullish(),
  exit_code: z.number(),
  duration: codexDurationSchema,
  formatted_output: z.string().nullish(),
  status: z.string().nullish(),
});

/** An MCP `CallToolResult` (camelCase, as MCP writes it). */
export const codexMcpCallToolResultSchema = z.looseObject({
  content: z.array(z.looseObject({ type: z.string() })),
  isError: z.boolean().nullish(),
  structuredContent: z.unknown().optional(),
  _meta: z.unknown().optional(),
});

/** `mcp_tool_call_end`: an MCP tool call finished; `result` is Rust `Result` (`{Ok}` or `{Err}`). */
export const codexMcpToolCallEndEventSchema = z.looseObject({
  type: z.literal('mcp_tool_call_end'),
  call_id: z.string(),
  invocation: z.looseObject({
    server: z.string(),
    tool: z.string(),
    arguments: z.unknown().optional(),
  }),
  duration: codexDurationSchema,
  result: z.union([z.looseObject({ Ok: codexMcpCallToolResultSchema }), z.looseObject({ Err: z.string() })]),
});

/** `web_search_end`: a hosted web search finished (pairs with `web_search_call` by position, not id). */
export const codexWebSearchEndEventSchema = z.looseObject({
  type: z.literal('web_search_end'),
  call_id: z.string(),
  query: z.string().nullish(),
  action: codexWebSearchActionSchema.nullish(),
  results: z.array(z.looseObject({})).nullish().describe('Result list (newest builds)'),
});

/** `view_image_tool_call`: `view_image` attached a local image (extended persistence). */
export const codexViewImageToolCallEventSchema = z.looseObject({
  type: z.literal('view_image_tool_call'),
  call_id: z.string(),
  path: z.string(),
});

/** `image_generation_end`: an image generation finished; `result` is base64. */
export const codexImageGenerationEndEventSchema = z.looseObject({
  type: z.literal('image_generation_end'),
  call_id: z.string(),
  status: z.string().nullish(),
  revised_prompt: z.string().nullish(),
  result: z.string().nullish(),
  saved_path: z.string().nullish(),
});

/** `dynamic_tool_call_request`: a client-provided (dynamic) tool was called. Written in camelCase. */
export const codexDynamicToolCallRequestEventSchema = z.looseObject({
  type: z.literal('dynamic_tool_call_request'),
  callId: z.string().nullish(),
  call_id: z.string().nullish(),
  namespace: z.string().nullish(),
  tool: z.string(),
  arguments: z.unknown().optional(),
});

/** `dynamic_tool_call_response`: a dynamic tool answered. */
export const codexDynamicToolCallResponseEventSchema = z.looseObject({
  type: z.literal('dynamic_tool_call_response'),
  call_id: z.string(),
  turn_id: z.string().nullish(),
  namespace: z.string().nullish(),
  tool: z.string(),
  arguments: z.unknown().optional(),
  content_items: z.array(z.looseObject({ type: z.string() })).nullish(),
  success: z.boolean().nullish(),
  error: z.string().nullish(),
  duration: codexDurationSchema.nullish(),
});

/** `guardian_assessment`: the auto-reviewer judged an action (`command`, `apply_patch`, `mcp_tool_call`). */
export const codexGuardianAssessmentEventSchema = z.looseObject({
  type: z.literal('guardian_assessment'),
  id: z.string(),
  target_item_id: z.string().nullish(),
  turn_id: z.string().nullish(),
  status: z.string().nullish(),
  risk_level: z.string().nullish(),
  user_authorization: z.string().nullish(),
  rationale: z.string().nullish(),
  action: z.looseObject({ type: openEnum(['command', 'apply_patch', 'mcp_tool_call']) }).nullish(),
});
