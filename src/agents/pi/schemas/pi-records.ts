/**
 * Pi session entries: one JSON object per line of `<agent dir>/sessions/--<cwd>--/<timestamp>_<uuid>.jsonl`
 * (badlogic/pi-mono packages/coding-agent/docs/session.md, session-manager.ts). The first line is the
 * session header; the others are entries, linked by `id`/`parentId` from version 2 on (version 1 files are
 * a linear list and are never migrated on disk unless pi loads them). Unknown keys are kept.
 */
import { z } from 'zod';
import { openEnum } from '../../../schemas/common/open-enum.js';
import { markOpenShape } from '../../../schemas/common/unknown-keys.js';

export const piTextContentSchema = z.looseObject({ type: z.literal('text'), text: z.string() });
export const piImageContentSchema = z.looseObject({
  type: z.literal('image'),
  data: z.string().optional().describe('base64'),
  mimeType: z.string().optional(),
});
export const piThinkingContentSchema = z.looseObject({
  type: z.literal('thinking'),
  thinking: z.string(),
  thinkingSignature: z.string().optional(),
});
export const piToolCallContentSchema = z.looseObject({
  type: z.literal('toolCall'),
  id: z.string().describe('Call id; the toolResult message names it in `toolCallId`'),
  name: z.string(),
  arguments: markOpenShape(z.looseObject({}).describe("Checked against the tool's input schema")),
  partialJson: z
    .string()
    .optional()
    .describe('Argument text still streaming when the response ended (seen in failed and aborted responses)'),
});
/** A content block; unknown block types are kept as loose objects. */
export const piContentBlockSchema = z.union([
  piTextContentSchema,
  piImageContentSchema,
  piThinkingContentSchema,
  piToolCallContentSchema,
  z.looseObject({ type: z.string() }),
]);

/**
 * Token usage of one response as pi-ai normalises it for every provider: `input` excludes cache reads
 * and writes, `output` includes reasoning, `reasoning` (newer builds) is the reasoning part of `output`,
 * `cost` in dollars from pi's own price table.
 */
export const piUsageSchema = z.looseObject({
  input: z.number(),
  output: z.number(),
  cacheRead: z.number(),
  cacheWrite: z.number(),
  reasoning: z.number().optional(),
  totalTokens: z.number().optional(),
  cost: z
    .looseObject({
      input: z.number().optional(),
      output: z.number().optional(),
      cacheRead: z.number().optional(),
      cacheWrite: z.number().optional(),
      total: z.number().optional(),
    })
    .optional(),
});

const epochMs = z.number().describe('Unix milliseconds');

export const piUserMessageSchema = z.looseObject({
  role: z.literal('user'),
  content: z.union([z.string(), z.array(piContentBlockSchema)]),
  timestamp: epochMs.optional(),
});
export const piAssistantMessageSchema = z.looseObject({
  role: z.literal('assistant'),
  content: z.array(piContentBlockSchema),
  api: z.string().optional(),
  provider: z.string().optional(),
  model: z.string().optional(),
  responseId: z.string().optional(),
  responseModel: z.string().optional(),
  usage: piUsageSchema.optional(),
  stopReason: openEnum(['stop', 'length', 'toolUse', 'error', 'aborted']).optional(),
  errorMessage: z.string().optional(),
  timestamp: epochMs.optional(),
});
export const piToolResultMessageSchema = z.looseObject({
  role: z.literal('toolResult'),
  toolCallId: z.string(),
  toolName: z.string().optional(),
  content: z.array(piContentBlockSchema),
  details: z.unknown().optional().describe('Tool-specific (edit: `{diff, patch, firstChangedLine}`)'),
  isError: z.boolean().optional(),
  timestamp: epochMs.optional(),
});
export const piBashExecutionMessageSchema = z.looseObject({
  role: z.literal('bashExecution'),
  command: z.string(),
  output: z.string().optional(),
  exitCode: z.number().nullish(),
  cancelled: z.boolean().optional(),
  truncated: z.boolean().optional(),
  excludeFromContext: z.boolean().optional(),
  timestamp: epochMs.optional(),
});
const piCustomMessageSchema = z.looseObject({ role: z.string(), customType: z.string().optional() });
const piSummaryMessageSchema = z.looseObject({ role: z.string(), summary: z.string().optional() });

/** The message schema of each known `message.role`. */
export const piMessageSchemas = {
  user: piUserMessageSchema,
  assistant: piAssistantMessageSchema,
  toolResult: piToolResultMessageSchema,
  bashExecution: piBashExecutionMessageSchema,
  custom: piCustomMessageSchema,
  hookMessage: piCustomMessageSchema.describe('Version 2 name of `custom`'),
  branchSummary: piSummaryMessageSchema,
  compactionSummary: piSummaryMessageSchema,
} as const;

/** Fields of every entry but the header (absent in version 1 files). */
const entryBase = {
  id: z.string().optional().describe('8 hex characters (version 2 on)'),
  parentId: z.string().nullable().optional(),
  timestamp: z.string().describe('ISO 8601'),
};

export const piSessionHeaderSchema = z.looseObject({
  type: z.literal('session'),
  version: z.number().optional().describe('Absent in version 1'),
  id: z.string(),
  timestamp: z.string(),
  cwd: z.string(),
  parentSession: z.string().optional().describe('Path of the session this one was forked from'),
  provider: z.string().optional().describe('Version 1 headers'),
  modelId: z.string().optional().describe('Version 1 headers'),
  thinkingLevel: z.string().optional().describe('Version 1 headers'),
});

/** The entry schema of each known `type`. */
export const piEntrySchemas = {
  session: piSessionHeaderSchema,
  message: z.looseObject({
    ...entryBase,
    type: z.literal('message'),
    message: markOpenShape(z.looseObject({ role: z.string() })),
  }),
  model_change: z.looseObject({
    ...entryBase,
    type: z.literal('model_change'),
    provider: z.string().optional(),
    modelId: z.string(),
  }),
  thinking_level_change: z.looseObject({
    ...entryBase,
    type: z.literal('thinking_level_change'),
    thinkingLevel: z.string(),
  }),
  compaction: z.looseObject({
    ...entryBase,
    type: z.literal('compaction'),
    summary: z.string(),
    firstKeptEntryId: z.string().optional(),
    tokensBefore: z.number().optional(),
    details: z.unknown().optional(),
    fromHook: z.boolean().optional(),
  }),
  branch_summary: z.looseObject({
    ...entryBase,
    type: z.literal('branch_summary'),
    fromId: z.string().optional(),
    summary: z.string(),
  }),
  custom: z.looseObject({
    ...entryBase,
    type: z.literal('custom'),
    customType: z.string(),
    data: z.unknown().optional(),
  }),
  custom_message: z.looseObject({
    ...entryBase,
    type: z.literal('custom_message'),
    customType: z.string(),
    content: z.union([z.string(), z.array(piContentBlockSchema)]),
    display: z.boolean().optional(),
  }),
  label: z.looseObject({
    ...entryBase,
    type: z.literal('label'),
    targetId: z.string(),
    label: z.string().optional(),
  }),
  session_info: z.looseObject({ ...entryBase, type: z.literal('session_info'), name: z.string().optional() }),
} as const;
export type PiEntryType = keyof typeof piEntrySchemas;
export const knownPiEntryTypes = Object.keys(piEntrySchemas) as PiEntryType[];

/** What each entry type records (docs/session.md), for the docs. */
const entryMeanings: Readonly<Record<string, string>> = {
  session:
    'The header (first line): session id, cwd, format version; version 1 also provider, model, thinking level',
  model_change: 'The user switched models',
  thinking_level_change: 'The user changed the thinking level',
  compaction: 'Context compaction: the summary, the first entry kept, the tokens before',
  branch_summary: 'A summary of the branch left when switching branches (`/tree`)',
  custom: 'Extension state (not sent to the model)',
  custom_message: 'An extension message sent to the model',
  label: 'A bookmark on an entry',
  session_info: 'The session name (`/name`)',
};

/** What each message role is, for the docs. */
const roleMeanings: Readonly<Record<string, string>> = {
  user: 'A prompt',
  assistant: 'A model response: text, thinking and `toolCall` blocks, usage with cost, stop reason',
  toolResult: 'The result of one call (`toolCallId`), `isError`, tool `details`',
  bashExecution: 'A command the user ran with `!` (not a model tool call)',
  custom: 'An extension message',
  hookMessage: 'Version 2 name of `custom`',
  branchSummary: 'A branch summary as a message',
  compactionSummary: 'A compaction summary as a message',
};

/** The schema of each record type by the name entries are counted under (`message:<role>` for messages). */
export const piSchemasByName: Readonly<Record<string, z.ZodType>> = {
  ...Object.fromEntries(
    Object.entries(piEntrySchemas)
      .filter(([type]) => type !== 'message')
      .map(([type, schema]) => [type, schema.describe(entryMeanings[type] ?? type)]),
  ),
  ...Object.fromEntries(
    Object.entries(piMessageSchemas).map(([role, message]) => [
      `message:${role}`,
      piEntrySchemas.message.extend({ message }).describe(roleMeanings[role] ?? `A \`${role}\` message`),
    ]),
  ),
};
