/**
 * The records of a Cursor chat store (`~/.cursor/chats/<hash>/<agent id>/store.db`, read by
 * `read-chat-store.ts`): each meta row and each blob is one record, `{cursorStore: <what>, ...}`, around the
 * store's own JSON (the meta object, a message). Messages are the AI SDK's (`{role, content}`: text, reasoning,
 * `tool-call` and `tool-result` parts), as peers' readers of real stores describe them; the only sample here is
 * a mock, whose assistant parts are `reasoning` and `output_text`. Unknown keys and part types are kept.
 */
import { z } from 'zod';
import { markOpenShape } from '../../../schemas/common/unknown-keys.js';

function otherPartSchema(description = 'A part of another type: kept, and reported as drift by `validate`') {
  return markOpenShape(z.looseObject({ type: z.string() }).describe(description));
}

export const storeTextPartSchema = z.looseObject({
  type: z.enum(['text', 'output_text']).describe('`output_text` in the mock store'),
  text: z.string(),
});
export const storeReasoningPartSchema = z.looseObject({
  type: z.literal('reasoning'),
  text: z.string(),
  signature: z.string().optional(),
  providerOptions: markOpenShape(z.looseObject({}).optional().describe('`cursor.modelName`: the model')),
});
export const storeToolCallPartSchema = z.looseObject({
  type: z.literal('tool-call'),
  toolCallId: z.string(),
  toolName: z.string(),
  args: markOpenShape(z.looseObject({}).optional().describe("Checked against the tool's input schema")),
  providerOptions: markOpenShape(z.looseObject({}).optional()),
});
export const storeToolResultPartSchema = z.looseObject({
  type: z.literal('tool-result'),
  toolCallId: z.string(),
  toolName: z.string().optional(),
  result: z.unknown().describe('A string, or an array of `{type: "text", text}` parts'),
  isError: z.boolean().optional(),
});
const partSchema = z.union([
  storeTextPartSchema,
  storeReasoningPartSchema,
  storeToolCallPartSchema,
  storeToolResultPartSchema,
  otherPartSchema(),
]);
const contentSchema = z.union([z.string(), z.array(partSchema)]);
const anyMessageSchema = z.looseObject({
  role: z.string(),
  id: z.string().optional(),
  content: contentSchema,
});

function messageRecord(role: string, description: string) {
  return z
    .looseObject({
      cursorStore: z.literal('message'),
      blobId: z.string().describe('The blob id: SHA-256 of its bytes'),
      message: z.looseObject({
        role: z.literal(role),
        id: z.string().optional().describe('"1" on every assistant message seen: not an id'),
        content: contentSchema,
      }),
    })
    .describe(description);
}

/** The record schema of each known store record type, by the name `decode.recordType` gives. */
export const cursorStoreRecordSchemas = {
  'store-meta': z
    .looseObject({
      cursorStore: z.literal('meta'),
      meta: z.looseObject({
        agentId: z.string().describe('The session id (the folder name)'),
        latestRootBlobId: z.string().describe('The tree node the conversation is walked from'),
        name: z.string().optional().describe('The session title'),
        mode: z.string().optional().describe('`auto-run`, `agent`...'),
        createdAt: z.union([z.number(), z.string()]).optional().describe('Milliseconds since 1970'),
        lastUsedModel: z.string().optional(),
      }),
    })
    .describe('Meta row `0`: the session, hex-encoded JSON'),
  'store-meta-entry': z
    .looseObject({ cursorStore: z.literal('meta-entry'), key: z.string(), value: z.unknown() })
    .describe('Another meta row, kept as it is'),
  'store-node': z
    .looseObject({
      cursorStore: z.literal('node'),
      blobId: z.string(),
      children: z.array(z.string()).describe('Field 1: the message blobs in conversation order'),
      fields: z.array(z.looseObject({ field: z.number(), wireType: z.number(), length: z.number() })),
      workspace: z.string().optional().describe('Field 9: the workspace URI (`file:///...`)'),
      message: anyMessageSchema.optional().describe('A JSON message after the fields (the mock store)'),
    })
    .describe('A tree node the walk from the root reaches (protobuf fields)'),
  'store-user': messageRecord('user', 'A prompt (often `<user_info>` context and a `<user_query>`)'),
  'store-assistant': messageRecord('assistant', 'A model response: text, reasoning and `tool-call` parts'),
  'store-tool': messageRecord('tool', 'Tool results: `tool-result` parts answering calls by `toolCallId`'),
  'store-system': messageRecord('system', 'The system prompt'),
} as const;
export type CursorStoreRecordType = keyof typeof cursorStoreRecordSchemas;

/** The message part types the schemas know. */
export const knownStorePartTypes: ReadonlySet<string> = new Set([
  'text',
  'output_text',
  'reasoning',
  'tool-call',
  'tool-result',
]);
