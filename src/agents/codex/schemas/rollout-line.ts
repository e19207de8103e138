import { z } from 'zod';
import { codexEventMsgSchema } from './event-msg.js';
import { codexResponseItemSchema } from './response-item.js';
import { codexSessionMetaSchema } from './session-meta.js';
import { codexTurnContextSchema } from './turn-context.js';

/** `compacted`: a compaction marker; `replacement_history` is the history that replaces the old one. */
export const codexCompactedSchema = z.looseObject({
  message: z.string(),
  replacement_history: z.array(codexResponseItemSchema).nullish(),
  window_id: z.string().nullish().describe('Context window ids (newest builds)'),
});
export type CodexCompacted = z.infer<typeof codexCompactedSchema>;

/** `inter_agent_communication`: a message between agents with its delivery metadata (2026). */
export const codexInterAgentCommunicationSchema = z.looseObject({});

/** `inter_agent_communication_metadata` (newest builds; opaque). */
export const codexInterAgentCommunicationMetadataSchema = z.looseObject({
  trigger_turn: z.boolean().nullish(),
});

/** `world_state`: the model-visible environment state, full or as a diff (newest builds). */
export const codexWorldStateSchema = z.looseObject({
  full: z.boolean().nullish(),
  state: z.looseObject({}).nullish(),
});

/** `security_risk_score` (newest builds; opaque). */
export const codexSecurityRiskScoreSchema = z.looseObject({});

/** The payload schema of each known envelope `type` (`RolloutItem`). */
export const codexEnvelopePayloadSchemas = {
  session_meta: codexSessionMetaSchema,
  response_item: codexResponseItemSchema,
  event_msg: codexEventMsgSchema,
  turn_context: codexTurnContextSchema,
  compacted: codexCompactedSchema,
  inter_agent_communication: codexInterAgentCommunicationSchema,
  inter_agent_communication_metadata: codexInterAgentCommunicationMetadataSchema,
  world_state: codexWorldStateSchema,
  security_risk_score: codexSecurityRiskScoreSchema,
} as const;
export type KnownCodexEnvelopeType = keyof typeof codexEnvelopePayloadSchemas;

/** Every envelope `type` this package knows. */
export const knownCodexEnvelopeTypes = Object.keys(codexEnvelopePayloadSchemas) as readonly string[];

/**
 * One envelope-era line: `{timestamp, type, payload}`. `timestamp` is the write time (RFC 3339; forks
 * re-stamp replayed lines). Extra keys (e.g. `ordinal`) are kept.
 */
export const codexEnvelopeSchema = z.looseObject({
  timestamp: z.string(),
  type: z.string(),
  payload: z.looseObject({}),
});
export type CodexEnvelope = z.infer<typeof codexEnvelopeSchema>;

/** `{"record_type":"state"}`: a bare-era state sentinel (no payload, no timestamp); readers skip it. */
export const codexStateLineSchema = z.looseObject({ record_type: z.string() });
