/**
 * Cursor agent transcripts: one JSON object per line of
 * `~/.cursor/projects/<encoded workspace>/agent-transcripts/<uuid>.jsonl` (or `<uuid>/<uuid>.jsonl`;
 * subagents in a `subagents/` folder beside the parent). Shape from jhlee0409/claude-code-history-viewer
 * (src-tauri/src/providers/cursor_agent.rs) and the jazzyalex/agent-sessions fixtures: `{role, message:
 * {content: [block]}}` and nothing else: no ids, no timestamps, no model, no usage. Unknown keys and block
 * types are kept.
 */
import { z } from 'zod';
import { markOpenShape } from '../../../schemas/common/unknown-keys.js';

/** The fallback for block types nobody has catalogued: kept whole, only its `type` read. */
function otherBlockSchema(description = 'A block of another type') {
  return markOpenShape(z.looseObject({ type: z.string() }).describe(description));
}

export const cursorTextBlockSchema = z.looseObject({ type: z.literal('text'), text: z.string() });
export const cursorThinkingBlockSchema = z.looseObject({
  type: z.literal('thinking'),
  thinking: z.string(),
});
export const cursorToolUseBlockSchema = z.looseObject({
  type: z.literal('tool_use'),
  id: z
    .string()
    .nullish()
    .describe(
      'Absent in the files seen, null in delegating (`Subagent`) calls (agentsview cursor.go): calls pair with results by order',
    ),
  name: z.string(),
  input: markOpenShape(z.looseObject({}).describe("Checked against the tool's input schema")),
});
export const cursorToolResultBlockSchema = z.looseObject({
  type: z.literal('tool_result'),
  tool_use_id: z
    .string()
    .optional()
    .describe('Written by some files, but no tool_use carries an id to match it'),
  content: z.union([z.string(), z.array(z.union([cursorTextBlockSchema, otherBlockSchema()]))]).optional(),
  is_error: z.boolean().optional(),
  name: z.string().optional().describe('The tool of a `[Tool result] <Name>` section (text transcripts)'),
});
/** A content block; unknown block types are kept as loose objects. */
export const cursorContentBlockSchema = z.union([
  cursorTextBlockSchema,
  cursorThinkingBlockSchema,
  cursorToolUseBlockSchema,
  cursorToolResultBlockSchema,
  otherBlockSchema('A block of another type: kept, and reported as drift by `validate`'),
]);

const messageSchema = z.looseObject({ content: z.array(cursorContentBlockSchema) });

/** The record schema of each known `role`. */
export const cursorRecordSchemas = {
  user: z
    .looseObject({ role: z.literal('user'), message: messageSchema })
    .describe('A prompt (text, often wrapped in `<user_query>`), or tool results'),
  assistant: z
    .looseObject({ role: z.literal('assistant'), message: messageSchema })
    .describe('A model response: text, thinking and `tool_use` blocks'),
} as const;
export type CursorRole = keyof typeof cursorRecordSchemas;

/** The content block types the schemas know. */
export const knownCursorBlockTypes: ReadonlySet<string> = new Set([
  'text',
  'thinking',
  'tool_use',
  'tool_result',
]);
