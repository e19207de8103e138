import { z } from 'zod';

/**
 * Data of the conversation records of a Copilot CLI `events.jsonl`: `user.message`, `assistant.message`,
 * `assistant.reasoning` and the turn boundaries. Records of a subagent carry a top-level `agentId` and
 * `data.parentToolCallId` (the `task` call that started it).
 */

/** An attachment of a user message (a file, a selection...). */
export const copilotAttachmentSchema = z.looseObject({
  type: z.string().nullish(),
  path: z.string().nullish(),
  displayName: z.string().nullish(),
});

/** `user.message`: a prompt, a subagent's prompt (`source: "agent-<session id>"`) or injected text. */
export const copilotUserMessageSchema = z.looseObject({
  content: z.string().nullish().describe('The text as typed'),
  transformedContent: z.string().nullish().describe('The text as the model received it (with harness tags)'),
  source: z
    .string()
    .nullish()
    .describe(
      'Empty or "user": typed; "agent-<id>": a subagent prompt; "system", "skill-<name>"...: injected',
    ),
  attachments: z.array(copilotAttachmentSchema).nullish(),
  messageId: z.string().nullish(),
  interactionId: z.string().nullish(),
  turnId: z.string().nullish(),
  delivery: z.string().nullish(),
  parentAgentTaskId: z.string().nullish(),
  supportedNativeDocumentMimeTypes: z.array(z.string()).nullish(),
});

/** One tool request of an assistant message; `arguments` is an object, or the raw text for `apply_patch`. */
export const copilotToolRequestSchema = z.looseObject({
  toolCallId: z.string(),
  name: z.string(),
  arguments: z.unknown().optional(),
  type: z.string().nullish().describe('"function"'),
  intentionSummary: z.string().nullish().describe('One line: what the call is for'),
  toolTitle: z.string().nullish(),
});

/** Provider reasoning blocks, opaque (`thinking` with a signature, or encrypted `reasoning` items). */
export const copilotReasoningBlocksSchema = z.looseObject({
  provider: z.string().nullish(),
  blocks: z
    .array(
      z.looseObject({
        type: z.string().nullish().describe('"thinking" (Anthropic) or "reasoning" (OpenAI)'),
        thinking: z.string().nullish(),
        signature: z.string().nullish(),
        id: z.string().nullish(),
        summary: z.array(z.unknown()).nullish(),
        content: z.array(z.unknown()).nullish(),
        encrypted_content: z.string().nullish(),
      }),
    )
    .nullish(),
});

/** `assistant.message`: the model's text, reasoning and tool requests for one API response. */
export const copilotAssistantMessageSchema = z.looseObject({
  messageId: z.string().nullish(),
  originatingMessageId: z.string().nullish().describe('The user message this answers'),
  model: z.string().nullish(),
  providerId: z.string().nullish(),
  content: z.string().nullish(),
  toolRequests: z.array(copilotToolRequestSchema).nullish(),
  reasoningText: z.string().nullish(),
  reasoningOpaque: z.string().nullish(),
  encryptedContent: z.string().nullish(),
  reasoningBlocks: copilotReasoningBlocksSchema.nullish(),
  outputTokens: z.number().nullish().describe('Output tokens of the response (some versions)'),
  interactionId: z.string().nullish(),
  turnId: z.string().nullish(),
  apiCallId: z.string().nullish().describe('The API call, shared with its session.usage_record'),
  requestId: z.string().nullish(),
  clientRequestId: z.string().nullish(),
  serviceRequestId: z.string().nullish(),
  parentToolCallId: z.string().nullish(),
  phase: z.string().nullish().describe('"final_answer"...'),
  chunkIndex: z.number().nullish(),
  chunkCount: z.number().nullish(),
  serverTools: z.looseObject({ provider: z.string().nullish() }).nullish(),
  rte: z.boolean().nullish(),
});

/** `assistant.reasoning`: reasoning text written as a record of its own (older versions). */
export const copilotAssistantReasoningSchema = z.looseObject({
  reasoningId: z.string().nullish(),
  content: z.string().nullish(),
});

/** `assistant.turn_start` / `assistant.turn_end`: one model round trip of a turn. */
export const copilotTurnBoundarySchema = z.looseObject({
  turnId: z.string().nullish(),
  interactionId: z.string().nullish(),
  model: z.string().nullish(),
  parentToolCallId: z.string().nullish(),
});
