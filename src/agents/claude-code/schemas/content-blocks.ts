import { z } from 'zod';
import { openUnion, stringOrArray } from './records/dispatch-schema.js';

// Content blocks of `message.content` (spec section 2). Every block is a loose object (unknown keys
// are kept); `contentBlockSchema` validates known block types strictly by type and accepts any other
// object with a string `type`, so a new block type never fails a record.

const optionalString = z.string().optional();
const nullableString = z.string().nullable().optional();
const cacheControl = z.looseObject({ type: z.string(), ttl: optionalString }).nullable().optional();
/** A tool input: always an object in transcripts (may be `{}`); the tool registry validates it. */
const toolInput = z.record(z.string(), z.unknown());

/** A citation attached to a text block (char/page/block/search-result locations). */
export const citationSchema = z.looseObject({
  type: z.string(),
  cited_text: optionalString,
  document_index: z.number().optional(),
  document_title: nullableString,
  start_char_index: z.number().optional(),
  end_char_index: z.number().optional(),
  start_page_number: z.number().optional(),
  end_page_number: z.number().optional(),
  start_block_index: z.number().optional(),
  end_block_index: z.number().optional(),
  search_result_index: z.number().optional(),
  source: optionalString,
  url: optionalString,
  title: nullableString,
  encrypted_index: optionalString,
  file_id: nullableString,
});
export type Citation = z.infer<typeof citationSchema>;

export const textBlockSchema = z.looseObject({
  type: z.literal('text'),
  text: z.string(),
  citations: z.array(citationSchema).nullable().optional(),
  cache_control: cacheControl,
});
export type TextBlock = z.infer<typeof textBlockSchema>;

/** `signature` is opaque and missing or empty in some old or synthetic transcripts. */
export const thinkingBlockSchema = z.looseObject({
  type: z.literal('thinking'),
  thinking: z.string(),
  signature: optionalString,
});
export type ThinkingBlock = z.infer<typeof thinkingBlockSchema>;

export const redactedThinkingBlockSchema = z.looseObject({
  type: z.literal('redacted_thinking'),
  data: z.string(),
});
export type RedactedThinkingBlock = z.infer<typeof redactedThinkingBlockSchema>;

/** Who issued a tool call: `{type: "direct"}` or a programmatic caller (code execution). */
export const toolCallerSchema = z.looseObject({ type: z.string(), tool_id: optionalString });
export type ToolCaller = z.infer<typeof toolCallerSchema>;

/** A client tool call. `id` (`toolu_…`) is missing only in synthetic fixtures. */
export const toolUseBlockSchema = z.looseObject({
  type: z.literal('tool_use'),
  id: optionalString,
  name: z.string(),
  input: toolInput,
  caller: toolCallerSchema.optional(),
  cache_control: cacheControl,
});
export type ToolUseBlock = z.infer<typeof toolUseBlockSchema>;

/** A call of an Anthropic-run tool (`srvtoolu_…`): web_search, web_fetch, code_execution, … */
export const serverToolUseBlockSchema = z.looseObject({
  type: z.literal('server_tool_use'),
  id: z.string(),
  name: z.string(),
  input: toolInput,
  caller: toolCallerSchema.optional(),
  cache_control: cacheControl,
});
export type ServerToolUseBlock = z.infer<typeof serverToolUseBlockSchema>;

const base64Source = z.looseObject({ type: z.literal('base64'), media_type: z.string(), data: z.string() });
const urlSource = z.looseObject({ type: z.literal('url'), url: z.string() });
const fileSource = z.looseObject({ type: z.literal('file'), file_id: z.string() });
const textSource = z.looseObject({ type: z.literal('text'), media_type: optionalString, data: z.string() });
const unknownSource = z.looseObject({ type: z.string() });

/** `image.source`: base64 data, a URL or a Files API id. */
export const imageSourceSchema = openUnion('type', [base64Source, urlSource, fileSource], unknownSource);
export type ImageSource = z.infer<typeof imageSourceSchema>;

export const imageBlockSchema = z.looseObject({
  type: z.literal('image'),
  source: imageSourceSchema,
  cache_control: cacheControl,
});
export type ImageBlock = z.infer<typeof imageBlockSchema>;

const documentContentSource = z.looseObject({
  type: z.literal('content'),
  content: stringOrArray(openUnion('type', [textBlockSchema, imageBlockSchema], unknownSource)),
});

/** `document.source`: base64 PDF, plain text, content blocks, a URL or a Files API id. */
export const documentSourceSchema = openUnion(
  'type',
  [base64Source, textSource, documentContentSource, urlSource, fileSource],
  unknownSource,
);
export type DocumentSource = z.infer<typeof documentSourceSchema>;

const citationsToggle = z.looseObject({ enabled: z.boolean().optional() }).nullable().optional();

export const documentBlockSchema = z.looseObject({
  type: z.literal('document'),
  source: documentSourceSchema,
  title: nullableString,
  context: nullableString,
  citations: citationsToggle,
  cache_control: cacheControl,
});
export type DocumentBlock = z.infer<typeof documentBlockSchema>;

export const searchResultBlockSchema = z.looseObject({
  type: z.literal('search_result'),
  source: z.string(),
  title: z.string(),
  content: z.array(textBlockSchema),
  citations: citationsToggle,
  cache_control: cacheControl,
});
export type SearchResultBlock = z.infer<typeof searchResultBlockSchema>;

/** A tool named by ToolSearch; only inside `tool_result.content` or tool-search results. */
export const toolReferenceBlockSchema = z.looseObject({
  type: z.literal('tool_reference'),
  tool_name: z.string(),
});
export type ToolReferenceBlock = z.infer<typeof toolReferenceBlockSchema>;

/** Any object with a string `type`: a block type this catalog does not know (yet). */
export const unknownContentBlockSchema = z.looseObject({ type: z.string() });
export type UnknownContentBlock = z.infer<typeof unknownContentBlockSchema>;

/** An item of an array-valued `tool_result.content`. */
export const toolResultContentBlockSchema = openUnion(
  'type',
  [textBlockSchema, imageBlockSchema, documentBlockSchema, searchResultBlockSchema, toolReferenceBlockSchema],
  unknownContentBlockSchema,
);
export type ToolResultContentBlock = z.infer<typeof toolResultContentBlockSchema>;

/**
 * The result of a client tool call. `content` is a string for most tools, an array when the tool
 * returns images, several text parts or tool references; it may be absent or `""`. `tool_use_id` is
 * missing only in synthetic fixtures.
 */
export const toolResultBlockSchema = z.looseObject({
  type: z.literal('tool_result'),
  tool_use_id: optionalString,
  content: stringOrArray(toolResultContentBlockSchema).optional(),
  is_error: z.boolean().optional(),
  cache_control: cacheControl,
});
export type ToolResultBlock = z.infer<typeof toolResultBlockSchema>;

const webSearchResultSchema = z.looseObject({
  type: z.literal('web_search_result'),
  url: z.string(),
  title: z.string(),
  encrypted_content: z.string(),
  page_age: nullableString,
});
const serverToolErrorSchema = z.looseObject({ type: z.string(), error_code: z.string() });

export const webSearchToolResultBlockSchema = z.looseObject({
  type: z.literal('web_search_tool_result'),
  tool_use_id: z.string(),
  content: z.union([z.array(webSearchResultSchema), serverToolErrorSchema]),
});
export type WebSearchToolResultBlock = z.infer<typeof webSearchToolResultBlockSchema>;

/** Fields the result payloads of server tools use (each payload is `{type, …}`). */
const serverToolResultPayload = z.looseObject({
  type: z.string(),
  error_code: optionalString,
  error_message: nullableString,
  url: optionalString,
  retrieved_at: nullableString,
  stdout: optionalString,
  stderr: optionalString,
  return_code: z.number().optional(),
  file_type: optionalString,
  num_lines: z.number().nullable().optional(),
  start_line: z.number().nullable().optional(),
  total_lines: z.number().nullable().optional(),
  is_file_update: z.boolean().optional(),
  old_start: z.number().nullable().optional(),
  old_lines: z.number().nullable().optional(),
  new_start: z.number().nullable().optional(),
  new_lines: z.number().nullable().optional(),
  lines: z.array(z.string()).nullable().optional(),
  tool_references: z.array(toolReferenceBlockSchema).optional(),
  encrypted_content: optionalString,
  content: z.unknown().optional(),
});

function serverToolResultBlock<const T extends string>(type: T) {
  return z.looseObject({
    type: z.literal(type),
    tool_use_id: z.string(),
    content: z.union([serverToolResultPayload, z.array(serverToolResultPayload)]),
  });
}

export const webFetchToolResultBlockSchema = serverToolResultBlock('web_fetch_tool_result');
export type WebFetchToolResultBlock = z.infer<typeof webFetchToolResultBlockSchema>;
export const codeExecutionToolResultBlockSchema = serverToolResultBlock('code_execution_tool_result');
export type CodeExecutionToolResultBlock = z.infer<typeof codeExecutionToolResultBlockSchema>;
export const bashCodeExecutionToolResultBlockSchema = serverToolResultBlock(
  'bash_code_execution_tool_result',
);
export type BashCodeExecutionToolResultBlock = z.infer<typeof bashCodeExecutionToolResultBlockSchema>;
export const textEditorCodeExecutionToolResultBlockSchema = serverToolResultBlock(
  'text_editor_code_execution_tool_result',
);
export type TextEditorCodeExecutionToolResultBlock = z.infer<
  typeof textEditorCodeExecutionToolResultBlockSchema
>;
export const toolSearchToolResultBlockSchema = serverToolResultBlock('tool_search_tool_result');
export type ToolSearchToolResultBlock = z.infer<typeof toolSearchToolResultBlockSchema>;

/** The advisor tool's result (`advisor_redacted_result` with `encrypted_content`, or an error). */
export const advisorToolResultBlockSchema = serverToolResultBlock('advisor_tool_result');
export type AdvisorToolResultBlock = z.infer<typeof advisorToolResultBlockSchema>;

/** A call through the API-side MCP connector. */
export const mcpToolUseBlockSchema = z.looseObject({
  type: z.literal('mcp_tool_use'),
  id: z.string(),
  name: z.string(),
  server_name: z.string(),
  input: toolInput,
});
export type McpToolUseBlock = z.infer<typeof mcpToolUseBlockSchema>;

export const mcpToolResultBlockSchema = z.looseObject({
  type: z.literal('mcp_tool_result'),
  tool_use_id: z.string(),
  is_error: z.boolean().optional(),
  content: stringOrArray(toolResultContentBlockSchema),
});
export type McpToolResultBlock = z.infer<typeof mcpToolResultBlockSchema>;

export const containerUploadBlockSchema = z.looseObject({
  type: z.literal('container_upload'),
  file_id: z.string(),
});
export type ContainerUploadBlock = z.infer<typeof containerUploadBlockSchema>;

/** API context-management compaction summary. */
export const compactionBlockSchema = z.looseObject({
  type: z.literal('compaction'),
  content: z.string().nullable(),
});
export type CompactionBlock = z.infer<typeof compactionBlockSchema>;

/** Written when the session switched to a fallback model mid-response (`from.model` → `to.model`). */
export const fallbackBlockSchema = z.looseObject({
  type: z.literal('fallback'),
  from: z.looseObject({ model: optionalString }).optional(),
  to: z.looseObject({ model: optionalString }).optional(),
});
export type FallbackBlock = z.infer<typeof fallbackBlockSchema>;

/** A harness system message inside the conversation; fields not catalogued. */
export const midConvSystemBlockSchema = z.looseObject({ type: z.literal('mid_conv_system') });
export type MidConvSystemBlock = z.infer<typeof midConvSystemBlockSchema>;

const knownContentBlockSchemas = [
  textBlockSchema,
  thinkingBlockSchema,
  redactedThinkingBlockSchema,
  toolUseBlockSchema,
  serverToolUseBlockSchema,
  webSearchToolResultBlockSchema,
  webFetchToolResultBlockSchema,
  codeExecutionToolResultBlockSchema,
  bashCodeExecutionToolResultBlockSchema,
  textEditorCodeExecutionToolResultBlockSchema,
  toolSearchToolResultBlockSchema,
  advisorToolResultBlockSchema,
  mcpToolUseBlockSchema,
  mcpToolResultBlockSchema,
  containerUploadBlockSchema,
  compactionBlockSchema,
  fallbackBlockSchema,
  midConvSystemBlockSchema,
  imageBlockSchema,
  documentBlockSchema,
  searchResultBlockSchema,
  toolResultBlockSchema,
  toolReferenceBlockSchema,
] as const;

/** A content block of a known type. */
export type KnownContentBlock = z.infer<(typeof knownContentBlockSchemas)[number]>;
export type KnownContentBlockType = KnownContentBlock['type'];
/** The block type named `T`. */
export type ContentBlockOfType<T extends KnownContentBlockType> = Extract<KnownContentBlock, { type: T }>;

/** Every block `type` this catalog validates. Other types pass as `UnknownContentBlock`. */
export const knownContentBlockTypes: readonly KnownContentBlockType[] = knownContentBlockSchemas.map(
  (schema) => schema.shape.type.value,
);

/** Any block of `message.content`: a known block validated by its type, or any object with a string `type`. */
export const contentBlockSchema = openUnion('type', knownContentBlockSchemas, unknownContentBlockSchema);
export type ContentBlock = z.infer<typeof contentBlockSchema>;

const knownTypeSet: ReadonlySet<string> = new Set(knownContentBlockTypes);

/** Whether `type` is a block type this catalog validates. */
export function isKnownContentBlockType(type: string): type is KnownContentBlockType {
  return knownTypeSet.has(type);
}

/**
 * Narrows a validated block to the block type `type` (a plain `block.type === …` check cannot, since
 * `UnknownContentBlock` has `type: string`).
 */
export function isContentBlockOfType<T extends KnownContentBlockType>(
  block: ContentBlock,
  type: T,
): block is ContentBlockOfType<T> {
  return block.type === type;
}
