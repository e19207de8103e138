import { z } from 'zod';
import { chainEnvelopeShape } from './envelope.js';

// `system` records by `subtype` (spec section 1.6, real logs, and a third-party catalog checked against
// CC 2.1.221–2.1.289). CC 1.0.x wrote system records without a subtype (hook progress text with
// `content`, `level`, `toolUseID`): they validate against the base schema.

const str = z.string().optional();
const num = z.number().optional();
const bool = z.boolean().optional();

/** Fields of every `system` record: the envelope plus `subtype`, `content`, `level`, `toolUseID`. */
export const systemRecordBaseSchema = z.looseObject({
  ...chainEnvelopeShape,
  type: z.literal('system'),
  subtype: str,
  content: z.string().nullable().optional(),
  /** `info`, `warning`, `error`, `suggestion`. */
  level: str,
  toolUseID: str,
});
export type SystemRecordBase = z.infer<typeof systemRecordBaseSchema>;

function subtype<const T extends string, S extends z.ZodRawShape>(name: T, shape: S) {
  return systemRecordBaseSchema.extend({ subtype: z.literal(name), ...shape });
}

/** `compact_boundary.compactMetadata`. */
export const compactMetadataSchema = z.looseObject({
  /** `manual` or `auto`. */
  trigger: str,
  preTokens: num,
  postTokens: num,
  durationMs: num,
  userContext: str,
  messagesSummarized: num,
  cumulativeDroppedTokens: num,
  preCompactDiscoveredTools: z.array(z.string()).optional(),
  preservedSegment: z.looseObject({ headUuid: str, anchorUuid: str, tailUuid: str }).optional(),
  preservedMessages: z
    .looseObject({
      anchorUuid: str,
      uuids: z.array(z.string()).optional(),
      allUuids: z.array(z.string()).optional(),
    })
    .optional(),
});
export type CompactMetadata = z.infer<typeof compactMetadataSchema>;

/** The error object of `api_error`/`error` records (an SDK error, serialized). */
export const systemApiErrorSchema = z.looseObject({
  message: str,
  status: z.number().optional(),
  formatted: str,
  type: z.string().nullable().optional(),
  requestID: str,
  requestId: str,
  headers: z.record(z.string(), z.unknown()).optional(),
  /** The API's error body (`{type: "error", error: {type, message}, request_id}`). */
  error: z.unknown().optional(),
  isNetworkDown: bool,
  connection: z
    .union([z.string(), z.record(z.string(), z.unknown())])
    .nullable()
    .optional(),
  rateLimits: z.record(z.string(), z.unknown()).nullable().optional(),
  noResponse: z.null().optional(),
});
export type SystemApiError = z.infer<typeof systemApiErrorSchema>;

const refusalShape = {
  apiRefusalCategory: str,
  apiRefusalExplanation: z.string().nullable().optional(),
  refusedUserMessageUuid: str,
  retractedMessageUuids: z.array(z.string()).optional(),
  requestId: str,
  source: str,
  direction: str,
};

const retryShape = {
  error: z.union([z.string(), systemApiErrorSchema]).nullable().optional(),
  cause: z.unknown().optional(),
  retryInMs: num,
  retryAttempt: num,
  maxRetries: num,
  source: str,
};

/** One schema per known subtype (envelope and base fields included). */
export const systemSubtypeRecordSchemas = [
  subtype('compact_boundary', { compactMetadata: compactMetadataSchema.optional() }),
  subtype('microcompact_boundary', { microcompactMetadata: z.record(z.string(), z.unknown()).optional() }),
  subtype('local_command', { commandRun: z.looseObject({ command: str, args: str }).optional() }),
  subtype('informational', { preventContinuation: bool }),
  subtype('api_error', retryShape),
  subtype('error', retryShape),
  subtype('stop_hook_summary', {
    hookCount: num,
    hookInfos: z.array(z.looseObject({ command: str, durationMs: num, promptText: str })).optional(),
    hookErrors: z.array(z.unknown()).optional(),
    hookAdditionalContext: z.array(z.unknown()).optional(),
    preventedContinuation: bool,
    stopReason: str,
    hasOutput: bool,
    hookLabel: str,
    totalDurationMs: num,
  }),
  subtype('turn_duration', {
    durationMs: num,
    budgetTokens: num,
    budgetLimit: num,
    budgetNudges: num,
    messageCount: num,
    pendingBackgroundAgentCount: num,
    pendingWorkflowCount: num,
  }),
  subtype('memory_saved', { writtenPaths: z.array(z.string()).optional() }),
  subtype('away_summary', {}),
  subtype('session_start', {}),
  subtype('api_refusal', refusalShape),
  subtype('model_refusal_fallback', {
    ...refusalShape,
    /** `local` when a subagent fell back and the session model is unchanged. */
    scope: str,
    trigger: str,
    originalModel: str,
    fallbackModel: str,
  }),
  subtype('model_refusal_no_fallback', refusalShape),
  subtype('agents_killed', {}),
  subtype('scheduled_task_fire', {
    cron: str,
    /** e.g. `loop`. */
    cronKind: str,
    taskKind: str,
    taskId: str,
    prompt: str,
    foldedUuids: z.array(z.string()).optional(),
    noOpStreak: num,
    streakStartedAt: str,
  }),
  subtype('permission_retry', {}),
  subtype('bridge_status', { url: str }),
  subtype('model_fallback', {}),
  subtype('model_consent_fallback', {}),
  subtype('per_turn_effort_changed', {}),
  // SDK stream-json subtypes: not expected in transcripts, tolerated.
  subtype('init', {}),
  subtype('status', {}),
  subtype('hook_started', {}),
  subtype('hook_progress', {}),
  subtype('hook_response', {}),
  subtype('task_started', {}),
  subtype('task_progress', {}),
  subtype('task_notification', {}),
  subtype('session_state_changed', {}),
  subtype('api_retry', {}),
  subtype('elicitation_complete', {}),
  subtype('file_snapshot', {}),
  subtype('local_command_output', {}),
] as const;

export type KnownSystemRecord = z.infer<(typeof systemSubtypeRecordSchemas)[number]>;
export type SystemSubtype = KnownSystemRecord['subtype'];
/** The `system` record of subtype `T`. */
export type SystemRecordOfSubtype<T extends SystemSubtype> = Extract<KnownSystemRecord, { subtype: T }>;

/** Known `system.subtype` values (for reporting unknown ones). */
export const systemSubtypes: readonly SystemSubtype[] = systemSubtypeRecordSchemas.map(
  (schema) => schema.shape.subtype.value,
);
