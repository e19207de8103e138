import { z } from 'zod';

/** One hunk of a unified diff, as Claude Code writes it into `structuredPatch`. */
export const hunkSchema = z
  .looseObject({
    oldStart: z.number().describe('First line of the hunk in the old file (1-based)'),
    oldLines: z.number().describe('Number of old-file lines the hunk covers'),
    newStart: z.number().describe('First line of the hunk in the new file (1-based)'),
    newLines: z.number().describe('Number of new-file lines the hunk covers'),
    lines: z.array(z.string()).describe('Diff lines, each prefixed with " ", "+" or "-"'),
  })
  .describe('One unified-diff hunk');
export type Hunk = z.infer<typeof hunkSchema>;

/** Git view of a file change, attached to Write/Edit results from 2.1.63. */
export const gitDiffSchema = z
  .looseObject({
    filename: z.string().describe('Path of the changed file, relative to the repository'),
    status: z.enum(['modified', 'added']).describe('Kind of change git sees'),
    additions: z.number().describe('Lines added'),
    deletions: z.number().describe('Lines deleted'),
    changes: z.number().describe('Lines added plus lines deleted'),
    patch: z.string().describe('Unified diff text'),
    repository: z.string().nullable().optional().describe('Repository the file belongs to (2.1.100)'),
  })
  .describe('Git diff of one file');
export type GitDiff = z.infer<typeof gitDiffSchema>;

const todoStatusSchema = z.enum(['pending', 'in_progress', 'completed']).describe('Progress of the item');

/** A todo item as written since 1.0.7x: `activeForm` replaced `id`/`priority`. */
export const todoItemSchema = z
  .looseObject({
    content: z.string().describe('What to do, in imperative form'),
    status: todoStatusSchema,
    activeForm: z.string().describe('Present-continuous form shown while the item is in progress'),
    id: z.string().optional().describe('Item id (legacy, kept by some builds)'),
    priority: z.enum(['high', 'medium', 'low']).optional().describe('Item priority (legacy)'),
  })
  .describe('Todo item');

/** A todo item of 1.0.x builds: `{content, status, priority, id}` (the 1.0.70 SDK type drops `priority`). */
export const legacyTodoItemSchema = z
  .looseObject({
    content: z.string().describe('What to do'),
    status: todoStatusSchema,
    id: z.string().describe('Item id, unique within the list'),
    priority: z.enum(['high', 'medium', 'low']).optional().describe('Item priority'),
  })
  .describe('Todo item, legacy 1.0.x form');

/** Either todo item form: current (`activeForm`) or legacy (`id`/`priority`). */
export const anyTodoItemSchema = z.union([todoItemSchema, legacyTodoItemSchema]);
export type TodoItem = z.infer<typeof anyTodoItemSchema>;

/** Token usage of a subagent run, as reported in Task/Agent results (an Anthropic `usage` object). */
export const subagentUsageSchema = z
  .looseObject({
    input_tokens: z.number().describe('Uncached input tokens'),
    output_tokens: z.number().describe('Output tokens'),
    cache_creation_input_tokens: z.number().nullable().optional().describe('Tokens written to the cache'),
    cache_read_input_tokens: z.number().nullable().optional().describe('Tokens read from the cache'),
    server_tool_use: z
      .looseObject({
        web_search_requests: z.number().optional().describe('Server-side web searches'),
        web_fetch_requests: z.number().optional().describe('Server-side web fetches (later versions)'),
      })
      .nullable()
      .optional()
      .describe('Server tool counters'),
    service_tier: z.string().nullable().optional().describe('API service tier, e.g. "standard"'),
    cache_creation: z
      .looseObject({
        ephemeral_1h_input_tokens: z.number().optional().describe('Tokens cached for one hour'),
        ephemeral_5m_input_tokens: z.number().optional().describe('Tokens cached for five minutes'),
      })
      .nullable()
      .optional()
      .describe('Cache writes by lifetime'),
    inference_geo: z.string().nullable().optional().describe('Region the request ran in'),
    speed: z.string().nullable().optional().describe('Speed mode of the request'),
    iterations: z.array(z.unknown()).nullable().optional().describe('Per-iteration usage breakdown'),
    output_tokens_details: z
      .looseObject({ thinking_tokens: z.number().optional().describe('Output tokens spent thinking') })
      .nullable()
      .optional()
      .describe('Breakdown of output tokens'),
    fallback_credit: z.unknown().optional().describe('Credit for a model fallback'),
  })
  .describe('Subagent token usage');
export type SubagentUsage = z.infer<typeof subagentUsageSchema>;

/** Input of tools that take no arguments. Loose: extra keys the model adds survive. */
export const emptyInputSchema = z.looseObject({}).describe('No arguments');

/** Input of tools whose arguments are not documented anywhere: any object. */
export const opaqueInputSchema = z.looseObject({}).describe('Undocumented arguments');

/** Result of tools whose structured result is not documented: any JSON value. */
export const opaqueResultSchema = z.unknown().describe('Undocumented result');
