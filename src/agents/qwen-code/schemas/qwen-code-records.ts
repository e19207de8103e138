/**
 * Qwen Code chat records: one JSON object per line of `<projects>/<project>/chats/<sessionId>.jsonl`
 * (`ChatRecord` of QwenLM/qwen-code packages/core/src/services/chatRecordingService.ts). Every record
 * carries the envelope fields; `type` says what it is and, for `system` records, `subtype` which event.
 * Unknown keys are kept (loose objects); unknown subtypes are preserved as unknown record types.
 */
import { z } from 'zod';
import { openEnum } from '../../../schemas/common/open-enum.js';
import { markOpenShape } from '../../../schemas/common/unknown-keys.js';

/** Call arguments: checked against the tool's own input schema, not here. */
const openObject = () => markOpenShape(z.looseObject({}));

/** A Gemini `Part`: text (a thought when `thought` is true), a function call or response, or inline data. */
export const qwenPartSchema = z.looseObject({
  text: z.string().optional(),
  thought: z.boolean().optional().describe('True for a thinking part'),
  thoughtSignature: z.string().optional(),
  functionCall: z
    .looseObject({
      id: z.string().optional().describe('Call id; the tool_result record names it in `functionResponse.id`'),
      name: z.string(),
      args: openObject().optional(),
    })
    .optional(),
  functionResponse: z
    .looseObject({
      id: z.string().optional(),
      name: z.string().optional(),
      response: openObject().optional().describe('`{output}` or `{error}`'),
    })
    .optional(),
  inlineData: z.looseObject({ mimeType: z.string().optional(), data: z.string().optional() }).optional(),
});

/** A Gemini `Content`: `role` user | model (system for telemetry placeholders) and its parts. */
export const qwenContentSchema = z.looseObject({
  role: z.string().optional(),
  parts: z.array(qwenPartSchema).optional(),
});

/**
 * Gemini `GenerateContentResponseUsageMetadata`. `promptTokenCount` includes `cachedContentTokenCount`;
 * whether `candidatesTokenCount` includes `thoughtsTokenCount` depends on the backend (see qwen-code-usage.ts).
 */
export const qwenUsageMetadataSchema = z.looseObject({
  promptTokenCount: z.number().optional(),
  candidatesTokenCount: z.number().optional(),
  thoughtsTokenCount: z.number().optional(),
  cachedContentTokenCount: z.number().optional(),
  toolUsePromptTokenCount: z.number().optional(),
  totalTokenCount: z.number().optional(),
});

/** Fields every record carries. */
const envelope = {
  uuid: z.string().describe('Id of this record'),
  parentUuid: z.string().nullable().describe('The previous record of the conversation; null for a root'),
  sessionId: z.string(),
  timestamp: z.string().describe('ISO 8601 write time'),
  cwd: z.string().optional().describe('Project root at write time'),
  version: z.string().optional().describe('Qwen Code CLI version'),
  gitBranch: z.string().optional(),
  promptId: z.string().optional(),
  provenance: openEnum(['real_user', 'assistant_output', 'tool_result', 'system']).optional(),
  agentId: z.string().optional().describe('Background subagent that produced the record'),
  isSidechain: z.boolean().optional(),
  subtype: z.string().optional(),
  systemPayload: z.unknown().optional(),
};

/** `user`: a prompt (or, with a subtype, a notification or mid-turn message). */
export const qwenUserRecordSchema = z
  .looseObject({
    ...envelope,
    type: z.literal('user'),
    message: qwenContentSchema.optional(),
  })
  .describe(
    'A prompt (with a subtype: a notification, a mid-turn message, a cron or background-task prompt)',
  );

/** `assistant`: one model iteration (text, thoughts, function calls) with its usage. */
export const qwenAssistantRecordSchema = z
  .looseObject({
    ...envelope,
    type: z.literal('assistant'),
    model: z.string().optional(),
    message: qwenContentSchema.optional(),
    usageMetadata: qwenUsageMetadataSchema.optional(),
    contextWindowSize: z.number().optional(),
  })
  .describe('One model iteration: text, thoughts and function calls, with the usage of its request');

/** `toolCallResult`: the scheduler's view of a finished call. */
export const qwenToolCallResultSchema = z.looseObject({
  callId: z.string().optional(),
  status: openEnum(['success', 'error', 'cancelled']).optional(),
  resultDisplay: z.unknown().optional(),
  error: z.unknown().optional(),
  errorType: z.string().optional(),
  executionStatus: z.string().optional(),
});

/** `tool_result`: the `functionResponse` parts sent back to the model, with `toolCallResult`. */
export const qwenToolResultRecordSchema = z
  .looseObject({
    ...envelope,
    type: z.literal('tool_result'),
    message: qwenContentSchema.optional(),
    toolCallResult: qwenToolCallResultSchema.optional(),
  })
  .describe("The answers to calls (`functionResponse` parts) and the scheduler's `toolCallResult`");

/** `system`: an event (`subtype`) with its `systemPayload`. */
export const qwenSystemRecordSchema = z
  .looseObject({
    ...envelope,
    type: z.literal('system'),
    subtype: z.string(),
    message: qwenContentSchema.optional(),
  })
  .describe('An event named by `subtype`, with its `systemPayload`');

/** The `uiEvent` of a `ui_telemetry` record: `qwen-code.api_response`, `qwen-code.tool_call`, ... */
export const qwenUiEventSchema = z.looseObject({
  'event.name': z.string().optional(),
  'event.timestamp': z.string().optional(),
  model: z.string().optional(),
  input_token_count: z.number().optional(),
  output_token_count: z.number().optional(),
  cached_content_token_count: z.number().optional(),
  thoughts_token_count: z.number().optional(),
  tool_token_count: z.number().optional(),
  total_token_count: z.number().optional(),
  function_name: z.string().optional(),
  call_id: z.string().optional().describe('The call the tool_call event is about (newer builds)'),
  decision: z.string().optional().describe('accept, reject, modify or auto_accept'),
  duration_ms: z.number().optional(),
  status: z.union([z.string(), z.number()]).optional(),
  success: z.boolean().optional(),
  prompt_id: z.string().optional(),
  response_id: z.string().optional(),
});

/** Payload schemas of the system subtypes seen in logs; other known subtypes are loose objects. */
export const qwenSystemPayloadSchemas = {
  ui_telemetry: z.looseObject({ uiEvent: qwenUiEventSchema.optional() }),
  chat_compression: z.looseObject({
    info: z
      .looseObject({
        originalTokenCount: z.number().optional(),
        newTokenCount: z.number().optional(),
        compressionStatus: z.number().optional(),
      })
      .optional(),
    compressedHistory: z.array(qwenContentSchema).optional(),
  }),
  slash_command: z.looseObject({ phase: z.string().optional(), rawCommand: z.string().optional() }),
  at_command: z.looseObject({ filesRead: z.array(z.string()).optional(), status: z.string().optional() }),
  custom_title: z.looseObject({ customTitle: z.string(), titleSource: z.string().optional() }),
  parent_session: z.looseObject({ parentSessionId: z.string() }),
  attribution_snapshot: z.looseObject({ snapshot: z.looseObject({}).optional() }),
  rewind: z.looseObject({ truncatedCount: z.number().optional() }),
} as const;

/** Every `system` subtype of the ChatRecord type (qwen-code, 2026). */
export const knownQwenSystemSubtypes = [
  'session_notes',
  'chat_compression',
  'slash_command',
  'ui_telemetry',
  'at_command',
  'attribution_snapshot',
  'notification',
  'background_task_completed',
  'cron',
  'mid_turn_user_message',
  'custom_title',
  'parent_session',
  'session_source',
  'session_execution_engine',
  'omni_recall',
  'session_model',
  'session_approval_mode',
  'rewind',
  'agent_bootstrap',
  'agent_launch_prompt',
  'agent_retry',
  'agent_session_ready',
  'file_history_snapshot',
  'user_text_elements',
  'session_artifact_event',
  'session_artifact_snapshot',
  'session_sources_snapshot',
  'branch_checkpoint',
  'goal_state',
  'goal_runtime',
  'goal_turn_end',
  'realtime_message',
  'turn_result',
  'managed_session_header_v1',
  'managed_session_event_v1',
  'managed_session_commit_v1',
] as const;

/** The record schema of each `type`. */
export const qwenRecordSchemas = {
  user: qwenUserRecordSchema,
  assistant: qwenAssistantRecordSchema,
  tool_result: qwenToolResultRecordSchema,
  system: qwenSystemRecordSchema,
} as const;
export type QwenRecordType = keyof typeof qwenRecordSchemas;
export const knownQwenRecordTypes = Object.keys(qwenRecordSchemas) as QwenRecordType[];

/** What each known subtype records (qwen-code chatRecordingService.ts), for the docs. */
const subtypeMeanings: Readonly<Record<string, string>> = {
  session_notes: 'Notes kept for the notes compression strategy',
  chat_compression: 'A compression checkpoint: token counts before and after, and the compressed history',
  slash_command: 'A slash command (`/compress`, `/about`...): its invocation or its output',
  ui_telemetry:
    'A telemetry event: `qwen-code.api_response` (token counts of a request), `qwen-code.tool_call`...',
  at_command: 'An @-command: the files it read',
  attribution_snapshot: 'AI-contribution tracking state',
  notification: 'A notification (background task, peer message)',
  background_task_completed: 'A background task finished',
  cron: 'A scheduled prompt',
  mid_turn_user_message: 'A message the user typed while the model was working',
  custom_title: 'The session title (`/rename` or generated); the last one wins',
  parent_session: 'The session that spawned this one',
  session_source: 'Which integration created the session',
  session_execution_engine: 'The execution engine of a daemon session',
  omni_recall: 'Recalled context',
  session_model: 'The model a daemon session restores',
  session_approval_mode: 'The approval mode a daemon session restores',
  rewind: 'A rewind of the conversation (`truncatedCount` UI items)',
  agent_bootstrap: "A forked subagent's seeded history",
  agent_launch_prompt: "A subagent's launch prompt",
  agent_retry: 'A subagent retry attempt',
  agent_session_ready: 'A subagent session became ready for its call',
  file_history_snapshot: 'File snapshots for checkpoint restore',
  user_text_elements: 'UI text elements of a prompt',
  session_artifact_event: 'A session artifact changed',
  session_artifact_snapshot: 'Session artifacts (not part of the conversation)',
  session_sources_snapshot: "The session's sources",
  branch_checkpoint: 'A branch point of the conversation',
  goal_state: 'Goal mode state',
  goal_runtime: 'Goal mode runtime event',
  goal_turn_end: 'End of a goal turn',
  realtime_message: 'A realtime (voice) message',
  turn_result: 'The result of a turn (text or error)',
  managed_session_header_v1: 'Managed session log header',
  managed_session_event_v1: 'Managed session log event',
  managed_session_commit_v1: 'Managed session log commit',
};

const systemRecord = (subtype: string) => {
  const payload = Object.hasOwn(qwenSystemPayloadSchemas, subtype)
    ? qwenSystemPayloadSchemas[subtype as keyof typeof qwenSystemPayloadSchemas]
    : undefined;
  return qwenSystemRecordSchema
    .extend({
      subtype: z.literal(subtype),
      ...(payload ? { systemPayload: payload.optional() } : {}),
    })
    .describe(subtypeMeanings[subtype] ?? `System event \`${subtype}\``);
};

/** Subtypes a `user` record carries in the logs (a notification, a mid-turn message...). */
export const knownQwenUserSubtypes = [
  'notification',
  'mid_turn_user_message',
  'cron',
  'background_task_completed',
] as const;

/** The schema of each record type by the name records are counted under (`system:<subtype>`, `user:<subtype>`). */
export const qwenCodeSchemasByName: Readonly<Record<string, z.ZodType>> = {
  user: qwenUserRecordSchema,
  ...Object.fromEntries(
    knownQwenUserSubtypes.map((subtype) => [
      `user:${subtype}`,
      qwenUserRecordSchema
        .extend({ subtype: z.literal(subtype) })
        .describe(`A user-role record: ${(subtypeMeanings[subtype] ?? subtype).toLowerCase()}`),
    ]),
  ),
  assistant: qwenAssistantRecordSchema,
  tool_result: qwenToolResultRecordSchema,
  ...Object.fromEntries(
    knownQwenSystemSubtypes.map((subtype) => [`system:${subtype}`, systemRecord(subtype)]),
  ),
};
