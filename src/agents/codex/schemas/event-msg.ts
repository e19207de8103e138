import { z } from 'zod';
import { type OpenVariant, openDiscriminatedUnion } from '../../../schemas/common/open-union.js';
import {
  codexCollabAgentInteractionEndEventSchema,
  codexCollabAgentSpawnEndEventSchema,
  codexCollabCloseEndEventSchema,
  codexCollabResumeEndEventSchema,
  codexCollabWaitingEndEventSchema,
} from './event-msg-collab.js';
import {
  codexDynamicToolCallRequestEventSchema,
  codexDynamicToolCallResponseEventSchema,
  codexExecCommandEndEventSchema,
  codexGuardianAssessmentEventSchema,
  codexImageGenerationEndEventSchema,
  codexMcpToolCallEndEventSchema,
  codexPatchApplyEndEventSchema,
  codexViewImageToolCallEventSchema,
  codexWebSearchEndEventSchema,
} from './event-msg-tools.js';
import {
  codexAgentMessageEventSchema,
  codexAgentReasoningEventSchema,
  codexAgentReasoningRawContentEventSchema,
  codexContextCompactedEventSchema,
  codexEnteredReviewModeEventSchema,
  codexErrorEventSchema,
  codexExitedReviewModeEventSchema,
  codexItemCompletedEventSchema,
  codexSubAgentActivityEventSchema,
  codexTaskCompleteEventSchema,
  codexTaskStartedEventSchema,
  codexThreadGoalUpdatedEventSchema,
  codexThreadNameUpdatedEventSchema,
  codexThreadRolledBackEventSchema,
  codexThreadSettingsAppliedEventSchema,
  codexTurnAbortedEventSchema,
  codexUndoCompletedEventSchema,
  codexUserMessageEventSchema,
  codexWarningEventSchema,
} from './event-msg-turn.js';
import { codexTokenCountEventSchema } from './token-count.js';

/**
 * Event types Codex emits live but does not persist (spec 4.6). Older builds and forks wrote some of
 * them; they are known, and their payloads are kept unchecked.
 */
export const liveOnlyEventMsgTypes = [
  'session_configured',
  'agent_message_delta',
  'agent_message_content_delta',
  'agent_reasoning_delta',
  'agent_reasoning_raw_content_delta',
  'agent_reasoning_section_break',
  'reasoning_content_delta',
  'reasoning_raw_content_delta',
  'exec_command_begin',
  'exec_command_output_delta',
  'exec_approval_request',
  'apply_patch_approval_request',
  'elicitation_request',
  'request_user_input',
  'patch_apply_begin',
  'mcp_tool_call_begin',
  'web_search_begin',
  'image_generation_begin',
  'collab_agent_spawn_begin',
  'collab_agent_interaction_begin',
  'collab_waiting_begin',
  'collab_close_begin',
  'collab_resume_begin',
  'hook_started',
  'hook_completed',
  'mcp_startup_update',
  'mcp_startup_complete',
  'mcp_list_tools_response',
  'list_custom_prompts_response',
  'list_skills_response',
  'get_history_entry_response',
  'plan_update',
  'turn_diff',
  'stream_error',
  'background_event',
  'raw_response_item',
  'item_started',
  'undo_started',
  'shutdown_complete',
] as const;

const liveOnlyEventSchema = z.looseObject({ type: z.string() });

/** The schema of each persisted `event_msg` payload type (spec 4.6, plus types seen in logs). */
export const codexEventMsgSchemas = {
  user_message: codexUserMessageEventSchema,
  agent_message: codexAgentMessageEventSchema,
  agent_reasoning: codexAgentReasoningEventSchema,
  agent_reasoning_raw_content: codexAgentReasoningRawContentEventSchema,
  token_count: codexTokenCountEventSchema,
  task_started: codexTaskStartedEventSchema,
  turn_started: codexTaskStartedEventSchema,
  task_complete: codexTaskCompleteEventSchema,
  turn_complete: codexTaskCompleteEventSchema,
  turn_aborted: codexTurnAbortedEventSchema,
  context_compacted: codexContextCompactedEventSchema,
  thread_rolled_back: codexThreadRolledBackEventSchema,
  thread_name_updated: codexThreadNameUpdatedEventSchema,
  thread_goal_updated: codexThreadGoalUpdatedEventSchema,
  thread_settings_applied: codexThreadSettingsAppliedEventSchema,
  entered_review_mode: codexEnteredReviewModeEventSchema,
  exited_review_mode: codexExitedReviewModeEventSchema,
  item_completed: codexItemCompletedEventSchema,
  sub_agent_activity: codexSubAgentActivityEventSchema,
  undo_completed: codexUndoCompletedEventSchema,
  error: codexErrorEventSchema,
  warning: codexWarningEventSchema,
  patch_apply_end: codexPatchApplyEndEventSchema,
  exec_command_end: codexExecCommandEndEventSchema,
  mcp_tool_call_end: codexMcpToolCallEndEventSchema,
  web_search_end: codexWebSearchEndEventSchema,
  view_image_tool_call: codexViewImageToolCallEventSchema,
  image_generation_end: codexImageGenerationEndEventSchema,
  dynamic_tool_call_request: codexDynamicToolCallRequestEventSchema,
  dynamic_tool_call_response: codexDynamicToolCallResponseEventSchema,
  guardian_assessment: codexGuardianAssessmentEventSchema,
  collab_agent_spawn_end: codexCollabAgentSpawnEndEventSchema,
  collab_agent_interaction_end: codexCollabAgentInteractionEndEventSchema,
  collab_waiting_end: codexCollabWaitingEndEventSchema,
  collab_close_end: codexCollabCloseEndEventSchema,
  collab_resume_end: codexCollabResumeEndEventSchema,
} as const;

export type PersistedCodexEventMsgType = keyof typeof codexEventMsgSchemas;
export type LiveOnlyCodexEventMsgType = (typeof liveOnlyEventMsgTypes)[number];

/** Every `event_msg` type this package knows: the persisted ones, then the live-only ones. */
export const knownEventMsgTypes: readonly string[] = [
  ...Object.keys(codexEventMsgSchemas),
  ...liveOnlyEventMsgTypes,
];

/** The schema for an `event_msg` payload type, or `undefined` for an unknown type. */
export function codexEventMsgSchemaFor(type: string): z.ZodType | undefined {
  if (Object.hasOwn(codexEventMsgSchemas, type))
    return codexEventMsgSchemas[type as PersistedCodexEventMsgType];
  return (liveOnlyEventMsgTypes as readonly string[]).includes(type) ? liveOnlyEventSchema : undefined;
}

/** A persisted event of a known type. */
export type KnownCodexEventMsg = z.infer<(typeof codexEventMsgSchemas)[PersistedCodexEventMsgType]>;
/** An event of any type: known ones are checked, others kept as written. */
export type CodexEventMsg = KnownCodexEventMsg | OpenVariant<'type'>;

/** An `EventMsg` (the payload of `event_msg` lines). */
export const codexEventMsgSchema: z.ZodType<CodexEventMsg> = openDiscriminatedUnion(
  'type',
  codexEventMsgSchemas,
);
