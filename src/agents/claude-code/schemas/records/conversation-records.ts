import { z } from 'zod';
import { contentBlockSchema } from '../content-blocks.js';
import { usageSchema } from '../usage.js';
import { promptOriginSchema, todoItemSchema } from './attachment-signal-payloads.js';
import { attachmentPayloadSchema } from './attachment-types.js';
import { openUnion, stringOrArray } from './dispatch-schema.js';
import { chainEnvelopeShape } from './envelope.js';
import { progressDataSchema } from './progress-data.js';
import { systemRecordBaseSchema, systemSubtypeRecordSchemas } from './system-subtypes.js';

// Chain records (spec sections 1.2–1.8): they carry `uuid`/`parentUuid` and form the conversation DAG.

const str = z.string().optional();
const bool = z.boolean().optional();

/** `user.thinkingMetadata` (thinking level chosen for the prompt). */
export const thinkingMetadataSchema = z.looseObject({
  level: str,
  disabled: bool,
  triggers: z.array(z.unknown()).optional(),
  maxThinkingTokens: z.number().optional(),
  kind: str,
});
export type ThinkingMetadata = z.infer<typeof thinkingMetadataSchema>;

/** A user turn: a typed prompt, harness text, pasted images, or tool results. */
export const userRecordSchema = z.looseObject({
  ...chainEnvelopeShape,
  type: z.literal('user'),
  message: z.looseObject({
    role: z.literal('user'),
    content: stringOrArray(contentBlockSchema),
  }),
  isCompactSummary: bool,
  isVisibleInTranscriptOnly: bool,
  isVirtual: bool,
  /** Structured tool output (or an error string); validated against the tool registry, not here. */
  toolUseResult: z.unknown().optional(),
  sourceToolAssistantUUID: str,
  sourceToolUseID: str,
  imagePasteIds: z.array(z.number()).optional(),
  permissionMode: str,
  origin: promptOriginSchema.optional(),
  /** MCP `_meta` of a tool result. */
  mcpMeta: z.record(z.string(), z.unknown()).optional(),
  summarizeMetadata: z.record(z.string(), z.unknown()).optional(),
  thinkingMetadata: thinkingMetadataSchema.optional(),
  todos: z.array(todoItemSchema).optional(),
  autocheckpoint: z.unknown().optional(),
  promptId: str,
  /** `typed`, `queued`, `sdk`, `system`, `suggestion_accepted`, … */
  promptSource: str,
  /** A string in CC 2.1.2xx; an array in a schema-derived fixture. */
  classifierMetaLines: z.union([z.string(), z.array(z.unknown())]).optional(),
  interruptedByShutdown: bool,
  interruptedMessageId: str,
  /** `user-rejected`, `permission-rule`, `automode-blocked`, `interrupted`, `cancelled`, … */
  toolDenialKind: str,
  toolEndsTurn: bool,
  turnCompanion: bool,
  /** What started the turn: `human`, `task_notification`, `peer`, `scheduled`, `sdk`. */
  turnOrigin: str,
  turnPosition: z
    .looseObject({ promptIndex: z.number().optional(), turnIndex: z.number().optional() })
    .optional(),
  /** `now`, `next`, `later`. */
  queuePriority: str,
  queueSkipAttachments: bool,
  queueTranscriptOnly: bool,
  scheduledFireId: str,
  scheduledTaskId: str,
  classifierBoundary: bool,
  hostClassifierContext: str,
  /** The auto-mode classifier's input (internal, reshaped between versions). */
  serverClassifierContext: z
    .looseObject({ request: str, context: z.record(z.string(), z.unknown()).optional() })
    .optional(),
});
export type UserRecord = z.infer<typeof userRecordSchema>;

/** Why the model stopped, beyond `stop_reason` (e.g. `{type: "refusal", category, explanation}`). */
export const stopDetailsSchema = z.looseObject({
  type: z.string(),
  category: z.string().nullable().optional(),
  explanation: z.string().nullable().optional(),
  fallback_has_prefill_claim: bool,
  recommended_model: z.string().nullable().optional(),
});
export type StopDetails = z.infer<typeof stopDetailsSchema>;

/** An Anthropic Messages `Message` as written in assistant records (one content block per record). */
export const assistantMessageSchema = z.looseObject({
  /** `msg_…`; shared by the per-block records of one response. */
  id: str,
  type: z.literal('message').optional(),
  role: z.literal('assistant'),
  /** `<synthetic>` for harness-made messages (API errors, interrupts). */
  model: str,
  content: z.array(contentBlockSchema),
  stop_reason: z.string().nullable().optional(),
  stop_sequence: z.string().nullable().optional(),
  stop_details: stopDetailsSchema.nullable().optional(),
  usage: usageSchema.optional(),
  container: z.looseObject({ id: z.string(), expires_at: str }).nullable().optional(),
  context_management: z
    .looseObject({ applied_edits: z.array(z.record(z.string(), z.unknown())).optional() })
    .nullable()
    .optional(),
  diagnostics: z
    .looseObject({
      cache_miss_reason: z
        .looseObject({ type: z.string(), cache_missed_input_tokens: z.number().optional() })
        .optional(),
    })
    .nullable()
    .optional(),
  /** Changes Claude Code made to the request before sending it (e.g. `thinking_dropped`). */
  input_transformations: z.array(z.looseObject({ type: z.string(), path: str, reason: str })).optional(),
});
export type AssistantMessage = z.infer<typeof assistantMessageSchema>;

/** One content block of a model response (or a synthetic harness message). */
export const assistantRecordSchema = z.looseObject({
  ...chainEnvelopeShape,
  type: z.literal('assistant'),
  message: assistantMessageSchema,
  /** `req_…`; absent on synthetic messages. */
  requestId: str,
  isApiErrorMessage: bool,
  /** `authentication_failed`, `billing_error`, `rate_limit`, `overloaded`, `invalid_request`, … */
  apiError: str,
  /** Same values as `apiError`. */
  error: z.string().nullable().optional(),
  errorDetails: z
    .union([z.string(), z.record(z.string(), z.unknown())])
    .nullable()
    .optional(),
  apiErrorIsTransient: bool,
  apiErrorStatus: z.number().optional(),
  isVirtual: bool,
  /** Reasoning effort the turn ran with (`low`, `medium`, `high`, `xhigh`, `max`). */
  effort: str,
  perTurnEffort: z.string().nullable().optional(),
  isAbortedMidStream: bool,
  truncatedAfterOutput: bool,
  /** Records this one replaces (a retried stream). */
  supersedesUuids: z.array(z.string()).optional(),
  /** Agent, plugin, skill or MCP tool the response is attributed to. */
  attributionAgent: str,
  attributionPlugin: str,
  attributionSkill: str,
  attributionMcpServer: str,
  attributionMcpTool: str,
  advisorModel: str,
  apiBlockIndex: z.number().optional(),
  thinkingDurationMs: z.number().optional(),
  serverClassifierRequest: str,
  /** Subscription rate-limit snapshot of a throttled response. */
  quotaLimits: z
    .looseObject({
      status: str,
      isUsingOverage: bool,
      rateLimitType: str,
      resetsAt: z.number().optional(),
      utilization: z.number().optional(),
      overageStatus: str,
      overageResetsAt: z.number().optional(),
      overageDisabledReason: str,
      unifiedRateLimitFallbackAvailable: bool,
      lowPriorityOffer: str,
      lowPriorityMaxWaitSeconds: z.number().optional(),
      lowPriorityRetryAfterSeconds: z.number().optional(),
    })
    .optional(),
  /** Per `tool_use` id: the working directory the call was ingested under. */
  wireIngestContext: z.record(z.string(), z.looseObject({ cwd: str })).optional(),
  /** Per `tool_use` id: the input as sent, where Claude Code rewrote the stored one. */
  wireToolInputs: z.record(z.string(), z.unknown()).optional(),
});
export type AssistantRecord = z.infer<typeof assistantRecordSchema>;

/** A `system` record: a known subtype validated by its fields, or the base fields for any other subtype. */
export const systemRecordSchema = openUnion('subtype', systemSubtypeRecordSchemas, systemRecordBaseSchema);
export type SystemRecord = z.infer<typeof systemRecordSchema>;

/** Harness context attached to the conversation (hook output, file contents, reminders, …). */
export const attachmentRecordSchema = z.looseObject({
  ...chainEnvelopeShape,
  type: z.literal('attachment'),
  attachment: attachmentPayloadSchema,
  /** Messages rendered to the model for this attachment. */
  rendered: z.array(z.looseObject({ content: str })).optional(),
  renderedInHumanTurn: z.array(z.looseObject({ content: str })).optional(),
  renderedBesideToolResult: bool,
  /** `system` or `user`. */
  renderedRole: str,
});
export type AttachmentRecord = z.infer<typeof attachmentRecordSchema>;

/** Legacy tool/hook progress (persisted ≈2.1.9–2.1.84); readers bridge it out of the chain. */
export const progressRecordSchema = z.looseObject({
  ...chainEnvelopeShape,
  type: z.literal('progress'),
  data: progressDataSchema,
  toolUseID: str,
  parentToolUseID: str,
});
export type ProgressRecord = z.infer<typeof progressRecordSchema>;
