/**
 * Gemini CLI session records (google-gemini/gemini-cli `chatRecordingService.ts`, `chatRecordingTypes.ts`;
 * test/data/corpus-more/FORMATS.md section 1). Every object is loose: keys nobody catalogued are kept, and
 * `validate` reports them as drift.
 */
import { z } from 'zod';

/** A Gemini API `Part` (`{text}`, `{functionResponse}`, `{inlineData}`...): only what agentlog reads is declared. */
export const geminiPartSchema = z.looseObject({
  text: z.string().optional(),
  thought: z.boolean().optional(),
  functionResponse: z
    .looseObject({
      id: z.string().optional(),
      name: z.string().optional(),
      response: z.looseObject({ output: z.unknown().optional(), error: z.unknown().optional() }).optional(),
    })
    .optional(),
  inlineData: z.looseObject({ mimeType: z.string().optional(), data: z.string().optional() }).optional(),
  fileData: z.looseObject({ mimeType: z.string().optional(), fileUri: z.string().optional() }).optional(),
});

/** `content`: a plain string (2025 files) or a Part list (user turns of 2026 files). */
export const geminiContentSchema = z.union([z.string(), z.array(geminiPartSchema), geminiPartSchema]);

/** Token counts of one model response (Gemini `usageMetadata` under short names). */
export const geminiTokensSchema = z.looseObject({
  input: z.number().describe('promptTokenCount: the whole prompt, cached part included'),
  output: z.number().describe('candidatesTokenCount: the answer, thoughts excluded'),
  cached: z.number().describe('cachedContentTokenCount: the part of the prompt read from the cache'),
  thoughts: z.number().optional().describe('thoughtsTokenCount: reasoning'),
  tool: z.number().optional().describe('toolUsePromptTokenCount: prompt tokens of tool use'),
  total: z.number().describe('totalTokenCount = input + output + thoughts + tool'),
});

/** A thought summary of a `gemini` message. */
export const geminiThoughtSchema = z.looseObject({
  subject: z.string().optional(),
  description: z.string().optional(),
  timestamp: z.string().optional(),
});

/** A tool call with its result, inside the `gemini` message that made it. */
export const geminiToolCallSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  args: z.record(z.string(), z.unknown()).describe('The input, by the tool schema'),
  result: z
    .array(geminiPartSchema)
    .nullable()
    .optional()
    .describe('Parts sent back to the model: a functionResponse {id, name, response: {output | error}}'),
  status: z
    .string()
    .describe('success | error | cancelled (seen: success; others from the code, not in this corpus)'),
  timestamp: z.string().optional(),
  displayName: z.string().optional(),
  description: z.string().optional(),
  resultDisplay: z
    .unknown()
    .optional()
    .describe('What the terminal showed: a string, null, or an object (fileDiff, subagent progress)'),
  renderOutputAsMarkdown: z.boolean().optional(),
  agentId: z.string().optional(),
});

const messageBase = {
  id: z.string(),
  timestamp: z.string(),
  content: geminiContentSchema.optional(),
  displayContent: z.unknown().optional(),
};

/** A prompt typed by the user. */
export const geminiUserMessageSchema = z
  .looseObject({ ...messageBase, type: z.literal('user') })
  .describe('A prompt typed by the user (content: a string, or a Part list in 2026 files)');

/** A model response: text, thought summaries, tokens and the tool calls it made. */
export const geminiModelMessageSchema = z
  .looseObject({
    ...messageBase,
    type: z.literal('gemini'),
    model: z.string().optional(),
    thoughts: z.array(geminiThoughtSchema).optional(),
    tokens: geminiTokensSchema.nullable().optional(),
    toolCalls: z.array(geminiToolCallSchema).optional(),
  })
  .describe(
    'A model response: text, thought summaries, tokens, and the tool calls it made with their results',
  );

/** A notice of the CLI (update available, errors, warnings): not part of the conversation sent to the model. */
export const geminiNoticeMessageSchema = z
  .looseObject({
    ...messageBase,
    type: z.enum(['info', 'error', 'warning']),
  })
  .describe('A notice of the CLI (info, error, warning), not sent to the model');

/** The session's metadata: the document itself (without `messages`) or the first line of a JSONL file. */
export const geminiSessionSchema = z
  .looseObject({
    sessionId: z.string(),
    projectHash: z.string().describe('SHA-256 of the project path (2025), or the project slug'),
    startTime: z.string(),
    lastUpdated: z.string(),
    kind: z.string().optional().describe('main | subagent (2026 files)'),
    summary: z.string().optional(),
    directories: z.array(z.string()).optional(),
    memoryScratchpad: z.unknown().optional(),
  })
  .describe("The session metadata: a JSONL file's first line, or a document without its messages");

/** `{"$set": {...}}`: patches the metadata (lastUpdated on every message, summary, memoryScratchpad). */
export const geminiSetSchema = z
  .looseObject({ $set: z.record(z.string(), z.unknown()) })
  .describe('Patches the metadata (JSONL): lastUpdated, summary, memoryScratchpad');

/** `{"$rewindTo": "<message id>"}`: drops that message and every later one. */
export const geminiRewindSchema = z
  .looseObject({ $rewindTo: z.string() })
  .describe('Rewinds the conversation (JSONL): that message and every later one leave the live conversation');

/** The record types of a Gemini CLI session, by the name `validate` counts them under. */
export const geminiRecordSchemas = {
  session: geminiSessionSchema,
  user: geminiUserMessageSchema,
  gemini: geminiModelMessageSchema,
  info: geminiNoticeMessageSchema,
  error: geminiNoticeMessageSchema,
  warning: geminiNoticeMessageSchema,
  $set: geminiSetSchema,
  $rewindTo: geminiRewindSchema,
} as const;

export type GeminiRecordType = keyof typeof geminiRecordSchemas;
export type GeminiToolCall = z.infer<typeof geminiToolCallSchema>;
export type GeminiTokens = z.infer<typeof geminiTokensSchema>;
