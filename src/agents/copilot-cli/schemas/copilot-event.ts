import { z } from 'zod';
import {
  copilotLegacyChatMessageSchema,
  copilotLegacySessionSchema,
  copilotLegacyTimelineEntrySchema,
  knownLegacyChatRoles,
  knownLegacyTimelineTypes,
} from './legacy-session.js';
import {
  copilotAssistantMessageSchema,
  copilotAssistantReasoningSchema,
  copilotTurnBoundarySchema,
  copilotUserMessageSchema,
} from './message-events.js';
import {
  copilotAbortSchema,
  copilotAutoModeResolvedSchema,
  copilotHookSchema,
  copilotModelChangeSchema,
  copilotSessionErrorSchema,
  copilotSessionInfoSchema,
  copilotSessionResumeSchema,
  copilotSessionStartSchema,
  copilotShutdownSchema,
  copilotSystemMessageSchema,
  copilotSystemNotificationSchema,
  copilotTruncationSchema,
  copilotUsageCheckpointSchema,
} from './session-events.js';
import {
  copilotSubagentCompletedSchema,
  copilotSubagentConfiguredSchema,
  copilotSubagentSelectedSchema,
  copilotSubagentStartedSchema,
} from './subagent-events.js';
import { copilotToolCompleteSchema, copilotToolStartSchema } from './tool-events.js';
import { copilotUsageRecordSchema } from './usage-events.js';

/**
 * The `data` schema of each record `type` of a Copilot CLI `events.jsonl`: the types of the real files of
 * the corpus (genuine 1.0.95-2 capture and the handwritten 1.0.11 / 1.0.77 fixtures). Any other type is
 * kept as an unknown record.
 */
export const copilotEventDataSchemas = {
  'session.start': copilotSessionStartSchema,
  'session.resume': copilotSessionResumeSchema,
  'session.model_change': copilotModelChangeSchema,
  'session.info': copilotSessionInfoSchema,
  'session.error': copilotSessionErrorSchema,
  'session.truncation': copilotTruncationSchema,
  'session.auto_mode_resolved': copilotAutoModeResolvedSchema,
  'session.usage_record': copilotUsageRecordSchema,
  'session.usage_checkpoint': copilotUsageCheckpointSchema,
  'session.shutdown': copilotShutdownSchema,
  'user.message': copilotUserMessageSchema,
  'assistant.turn_start': copilotTurnBoundarySchema,
  'assistant.turn_end': copilotTurnBoundarySchema,
  'assistant.message': copilotAssistantMessageSchema,
  'assistant.reasoning': copilotAssistantReasoningSchema,
  'tool.execution_start': copilotToolStartSchema,
  'tool.execution_complete': copilotToolCompleteSchema,
  'subagent.started': copilotSubagentStartedSchema,
  'subagent.configured': copilotSubagentConfiguredSchema,
  'subagent.selected': copilotSubagentSelectedSchema,
  'subagent.completed': copilotSubagentCompletedSchema,
  'system.message': copilotSystemMessageSchema,
  'system.notification': copilotSystemNotificationSchema,
  'hook.start': copilotHookSchema,
  abort: copilotAbortSchema,
} as const;
export type KnownCopilotEventType = keyof typeof copilotEventDataSchemas;

/** Every record type this package knows. */
export const knownCopilotEventTypes = Object.keys(
  copilotEventDataSchemas,
) as readonly KnownCopilotEventType[];

/**
 * One line of `events.jsonl`: `{type, data, id, timestamp, parentId}`. `parentId` chains each record to the
 * one before it (null for the first); `agentId` marks a subagent's records. Extra keys are kept.
 */
export const copilotEventEnvelopeSchema = z.looseObject({
  type: z.string(),
  data: z.looseObject({}),
  id: z.string(),
  timestamp: z.string().describe('ISO 8601 write time'),
  parentId: z.string().nullable(),
  agentId: z.string().optional().describe("Set on a subagent's records"),
});
export type CopilotEventEnvelope = z.infer<typeof copilotEventEnvelopeSchema>;

/** The `data` schema of record `type`, if known. */
export function copilotEventDataSchemaFor(type: string): z.ZodType | undefined {
  return Object.hasOwn(copilotEventDataSchemas, type)
    ? copilotEventDataSchemas[type as KnownCopilotEventType]
    : undefined;
}

/**
 * The whole record of each type, by the name `copilotRecordType` gives (the envelope with its `data`):
 * the docs' format chapter and the JSON Schema files come from them. The 2025 documents' records are named
 * `history.*`.
 */
export const copilotRecordSchemas: Readonly<Record<string, z.ZodType>> = Object.fromEntries([
  ...Object.entries(copilotEventDataSchemas).map(([type, data]) => [
    type,
    copilotEventEnvelopeSchema.extend({ type: z.literal(type), data }),
  ]),
  ['history.session', copilotLegacySessionSchema],
  ...knownLegacyChatRoles.map((role) => [`history.chat:${role}`, copilotLegacyChatMessageSchema]),
  ...knownLegacyTimelineTypes.map((type) => [`history.timeline:${type}`, copilotLegacyTimelineEntrySchema]),
]);
