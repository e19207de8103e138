import { z } from 'zod';
import { openEnum } from '../../../schemas/common/open-enum.js';

/** Epoch seconds in most builds, an ISO string in some. */
const instantSchema = z.union([z.number(), z.string()]);

/** `user_message`: what the user typed (the model-facing text is in a `message` response item). */
export const codexUserMessageEventSchema = z.looseObject({
  type: z.literal('user_message'),
  message: z.string(),
  images: z.array(z.string()).nullish().describe('Image URLs (data URLs) attached to the message'),
  local_images: z.array(z.string()).nullish().describe('Paths of attached local images (newer builds)'),
  text_elements: z.array(z.looseObject({})).nullish().describe('Placeholders in the text (newer builds)'),
  kind: z.string().nullish().describe('Message kind (mid-2025 builds)'),
});

/** `agent_message`: assistant text shown to the user. */
export const codexAgentMessageEventSchema = z.looseObject({
  type: z.literal('agent_message'),
  message: z.string(),
  phase: openEnum(['commentary', 'final_answer']).nullish(),
  memory_citation: z.looseObject({}).nullish().describe('Memory entries the message cites (newest builds)'),
});

/** `agent_reasoning`: a reasoning summary shown to the user. */
export const codexAgentReasoningEventSchema = z.looseObject({
  type: z.literal('agent_reasoning'),
  text: z.string(),
});

/** `agent_reasoning_raw_content`: raw reasoning text, when the provider exposes it. */
export const codexAgentReasoningRawContentEventSchema = z.looseObject({
  type: z.literal('agent_reasoning_raw_content'),
  text: z.string(),
});

/** `task_started` (alias `turn_started`): a turn began. */
export const codexTaskStartedEventSchema = z.looseObject({
  type: z.enum(['task_started', 'turn_started']),
  turn_id: z.string().nullish(),
  model_context_window: z.number().nullish(),
  started_at: instantSchema.nullish(),
  collaboration_mode_kind: z.string().nullish(),
});

/** `task_complete` (alias `turn_complete`): a turn ended; `error` is set when it failed (newest builds). */
export const codexTaskCompleteEventSchema = z.looseObject({
  type: z.enum(['task_complete', 'turn_complete']),
  turn_id: z.string().nullish(),
  last_agent_message: z.string().nullish(),
  started_at: instantSchema.nullish(),
  completed_at: instantSchema.nullish(),
  duration_ms: z.number().nullish(),
  time_to_first_token_ms: z.number().nullish(),
  error: z.looseObject({ message: z.string() }).nullish(),
});

/** `turn_aborted`: the turn stopped before completing. */
export const codexTurnAbortedEventSchema = z.looseObject({
  type: z.literal('turn_aborted'),
  reason: openEnum(['interrupted', 'replaced', 'review_ended']),
  turn_id: z.string().nullish(),
  started_at: instantSchema.nullish(),
  completed_at: instantSchema.nullish(),
  duration_ms: z.number().nullish(),
});

/** `context_compacted`: the history was compacted (no fields). */
export const codexContextCompactedEventSchema = z.looseObject({ type: z.literal('context_compacted') });

/** `thread_rolled_back`: turns were dropped from the history. */
export const codexThreadRolledBackEventSchema = z.looseObject({
  type: z.literal('thread_rolled_back'),
  num_turns: z.number().nullish(),
});

/** `thread_name_updated`: the thread got a (new) name. */
export const codexThreadNameUpdatedEventSchema = z.looseObject({
  type: z.literal('thread_name_updated'),
  thread_id: z.string().nullish(),
  thread_name: z.string().nullish(),
});

/** `thread_goal_updated`: the thread goal changed (camelCase fields, 2026). */
export const codexThreadGoalUpdatedEventSchema = z.looseObject({
  type: z.literal('thread_goal_updated'),
  threadId: z.string().nullish(),
  turnId: z.string().nullish(),
  goal: z.looseObject({ objective: z.string().nullish(), status: z.string().nullish() }).nullish(),
});

/** `thread_settings_applied`: thread settings changed mid-thread (newest builds; not in the spec). */
export const codexThreadSettingsAppliedEventSchema = z.looseObject({
  type: z.literal('thread_settings_applied'),
  thread_settings: z.looseObject({ cwd: z.string().nullish(), model: z.string().nullish() }),
});

/** `entered_review_mode`: a `/review` started; `target` says what is reviewed. */
export const codexEnteredReviewModeEventSchema = z.looseObject({
  type: z.literal('entered_review_mode'),
  target: z
    .looseObject({ type: openEnum(['uncommittedChanges', 'baseBranch', 'commit', 'custom']) })
    .nullish(),
  prompt: z.string().nullish().describe('Older builds'),
  user_facing_hint: z.string().nullish(),
});

/** `exited_review_mode`: the review ended, with its findings when it completed. */
export const codexExitedReviewModeEventSchema = z.looseObject({
  type: z.literal('exited_review_mode'),
  review_output: z
    .looseObject({
      findings: z.array(z.looseObject({ title: z.string(), body: z.string() })),
      overall_correctness: z.string().nullish(),
      overall_explanation: z.string().nullish(),
      overall_confidence_score: z.number().nullish(),
    })
    .nullish(),
});

/** `item_completed`: a turn item finished (persisted for `Plan` and a few more kinds). */
export const codexItemCompletedEventSchema = z.looseObject({
  type: z.literal('item_completed'),
  thread_id: z.string().nullish(),
  turn_id: z.string().nullish(),
  item: z.looseObject({ type: z.string(), id: z.string().nullish() }),
});

/** `sub_agent_activity`: a sub-agent did something (2026 multi-agent builds). */
export const codexSubAgentActivityEventSchema = z.looseObject({
  type: z.literal('sub_agent_activity'),
  agent_thread_id: z.string().nullish(),
  agent_path: z.string().nullish(),
  kind: z.string().nullish(),
});

/** `undo_completed`: an undo finished (not in the spec; seen in fixtures). */
export const codexUndoCompletedEventSchema = z.looseObject({
  type: z.literal('undo_completed'),
  success: z.boolean(),
  message: z.string().nullish(),
});

/** `error`: a turn-level error (extended persistence). */
export const codexErrorEventSchema = z.looseObject({
  type: z.literal('error'),
  message: z.string(),
  codex_error_info: z.unknown().optional().describe('Error class: a string or a `{kind: {...}}` object'),
});

/** `warning` (extended persistence). */
export const codexWarningEventSchema = z.looseObject({
  type: z.literal('warning'),
  message: z.string(),
});
