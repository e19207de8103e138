import { z } from 'zod';
import { openEnum } from '../../../schemas/common/open-enum.js';
import { type OpenVariant, openDiscriminatedUnion } from '../../../schemas/common/open-union.js';
import {
  codexContentItemSchema,
  codexEncryptedContentSchema,
  codexInputTextSchema,
  codexToolOutputSchema,
} from './content-item.js';

/** Fields newer builds add to every response item. */
const itemMetaFields = {
  internal_chat_message_metadata_passthrough: z
    .looseObject({ turn_id: z.string().optional() })
    .nullish()
    .describe('Turn the item belongs to (newest builds)'),
};

/** `message`: a user, assistant, developer or system message. User messages include harness text. */
export const codexMessageItemSchema = z.looseObject({
  type: z.literal('message'),
  id: z.string().nullish(),
  role: openEnum(['user', 'assistant', 'developer', 'system']),
  content: z.array(codexContentItemSchema),
  phase: openEnum(['commentary', 'final_answer'])
    .nullish()
    .describe('Assistant message phase (newer builds)'),
  end_turn: z.boolean().nullish().describe('Older builds'),
  ...itemMetaFields,
});

/** `reasoning`: summaries the user sees, raw content when exposed, and the encrypted chain. */
export const codexReasoningItemSchema = z.looseObject({
  type: z.literal('reasoning'),
  id: z.string().nullish(),
  summary: z.array(z.looseObject({ type: openEnum(['summary_text']), text: z.string() })),
  content: z.array(z.looseObject({ type: openEnum(['reasoning_text', 'text']), text: z.string() })).nullish(),
  encrypted_content: z.string().nullish(),
  ...itemMetaFields,
});

/** `function_call`: a JSON-arguments tool call; pair with `function_call_output` by `call_id`. */
export const codexFunctionCallItemSchema = z.looseObject({
  type: z.literal('function_call'),
  id: z.string().nullish().describe('Response item id (`fc_...`), not the join key'),
  name: z.string(),
  namespace: z.string().nullish().describe('Tool namespace, e.g. "mcp__server__" (newer builds)'),
  arguments: z
    .string()
    .nullable()
    .describe('JSON text of the arguments (may be empty or invalid); `null` only in trimmed fixtures'),
  call_id: z.string(),
  ...itemMetaFields,
});

/** `function_call_output`: the output of a `function_call` or `local_shell_call`. */
export const codexFunctionCallOutputItemSchema = z.looseObject({
  type: z.literal('function_call_output'),
  id: z.string().nullish(),
  call_id: z.string(),
  output: codexToolOutputSchema,
  ...itemMetaFields,
});

/** `custom_tool_call`: a freeform tool call whose `input` is raw text (e.g. an `apply_patch` body). */
export const codexCustomToolCallItemSchema = z.looseObject({
  type: z.literal('custom_tool_call'),
  id: z.string().nullish(),
  status: openEnum(['completed', 'in_progress', 'incomplete']).nullish(),
  call_id: z.string(),
  name: z.string(),
  namespace: z.string().nullish(),
  input: z.string(),
  ...itemMetaFields,
});

/** `custom_tool_call_output`. */
export const codexCustomToolCallOutputItemSchema = z.looseObject({
  type: z.literal('custom_tool_call_output'),
  id: z.string().nullish(),
  call_id: z.string(),
  name: z.string().nullish(),
  output: codexToolOutputSchema,
  ...itemMetaFields,
});

/** The `action` of a `local_shell_call`. */
export const codexLocalShellActionSchema = z.looseObject({
  type: openEnum(['exec']),
  command: z.array(z.string()),
  timeout_ms: z.number().nullish(),
  working_directory: z.string().nullish(),
  env: z.record(z.string(), z.string()).nullish(),
  user: z.string().nullish(),
});

/** `local_shell_call`: the hosted local-shell tool; its output comes back as `function_call_output`. */
export const codexLocalShellCallItemSchema = z.looseObject({
  type: z.literal('local_shell_call'),
  id: z.string().nullish(),
  call_id: z.string().nullish(),
  status: openEnum(['completed', 'in_progress', 'incomplete']),
  action: codexLocalShellActionSchema,
  ...itemMetaFields,
});

/** `tool_search_call`: a search over deferred tools (newer builds). */
export const codexToolSearchCallItemSchema = z.looseObject({
  type: z.literal('tool_search_call'),
  id: z.string().nullish(),
  call_id: z.string().nullish(),
  status: z.string().nullish(),
  execution: z.string(),
  arguments: z.unknown(),
  ...itemMetaFields,
});

/** `tool_search_output`: the tools a `tool_search_call` found. */
export const codexToolSearchOutputItemSchema = z.looseObject({
  type: z.literal('tool_search_output'),
  id: z.string().nullish(),
  call_id: z.string().nullish(),
  status: z.string(),
  execution: z.string(),
  tools: z.array(z.unknown()),
  ...itemMetaFields,
});

/** What a `web_search_call` did: `search`, `open_page`, `find_in_page`, or a newer action. */
export const codexWebSearchActionSchema = openDiscriminatedUnion('type', {
  search: z.looseObject({
    type: z.literal('search'),
    query: z.string().nullish(),
    queries: z.array(z.string()).nullish(),
  }),
  open_page: z.looseObject({ type: z.literal('open_page'), url: z.string().nullish() }),
  find_in_page: z.looseObject({
    type: z.literal('find_in_page'),
    url: z.string().nullish(),
    pattern: z.string().nullish(),
  }),
});
export type CodexWebSearchAction = z.infer<typeof codexWebSearchActionSchema>;

/** `web_search_call`: a hosted web search. No output item follows; results stay model-internal. */
export const codexWebSearchCallItemSchema = z.looseObject({
  type: z.literal('web_search_call'),
  id: z.string().nullish(),
  status: z.string().nullish(),
  action: codexWebSearchActionSchema.nullish(),
  ...itemMetaFields,
});

/** `image_generation_call`: `result` is the base64 image. */
export const codexImageGenerationCallItemSchema = z.looseObject({
  type: z.literal('image_generation_call'),
  id: z.string(),
  status: z.string(),
  revised_prompt: z.string().nullish(),
  result: z.string(),
  ...itemMetaFields,
});

/** `compaction` / `compaction_summary` / `context_compaction`: server-side compaction artifacts. */
export const codexCompactionItemSchema = z.looseObject({
  type: z.enum(['compaction', 'compaction_summary', 'context_compaction']),
  encrypted_content: z.string().nullish(),
  ...itemMetaFields,
});

/** `agent_message`: a message between agents (multi-agent builds). */
export const codexAgentMessageItemSchema = z.looseObject({
  type: z.literal('agent_message'),
  id: z.string().nullish(),
  author: z.string(),
  recipient: z.string(),
  content: z.array(
    openDiscriminatedUnion('type', {
      input_text: codexInputTextSchema,
      encrypted_content: codexEncryptedContentSchema,
    }),
  ),
  ...itemMetaFields,
});

/** `additional_tools`: tools added to the request mid-thread (internal). */
export const codexAdditionalToolsItemSchema = z.looseObject({
  type: z.literal('additional_tools'),
  role: z.string().nullish(),
  tools: z.array(z.unknown()),
  ...itemMetaFields,
});

/** `ghost_snapshot`: a legacy undo snapshot; readers strip it (Codex does). */
export const codexGhostSnapshotItemSchema = z.looseObject({
  type: z.literal('ghost_snapshot'),
  ghost_commit: z
    .looseObject({
      id: z.string(),
      parent: z.string().nullish(),
      preexisting_untracked_files: z.array(z.string()).nullish(),
      preexisting_untracked_dirs: z.array(z.string()).nullish(),
    })
    .nullish(),
});

/** `other`: what Codex itself writes for an item type it did not know. */
export const codexOtherItemSchema = z.looseObject({ type: z.literal('other') });

/** The schema of each known `response_item` payload type. */
export const codexResponseItemSchemas = {
  message: codexMessageItemSchema,
  reasoning: codexReasoningItemSchema,
  function_call: codexFunctionCallItemSchema,
  function_call_output: codexFunctionCallOutputItemSchema,
  custom_tool_call: codexCustomToolCallItemSchema,
  custom_tool_call_output: codexCustomToolCallOutputItemSchema,
  local_shell_call: codexLocalShellCallItemSchema,
  tool_search_call: codexToolSearchCallItemSchema,
  tool_search_output: codexToolSearchOutputItemSchema,
  web_search_call: codexWebSearchCallItemSchema,
  image_generation_call: codexImageGenerationCallItemSchema,
  compaction: codexCompactionItemSchema,
  compaction_summary: codexCompactionItemSchema,
  context_compaction: codexCompactionItemSchema,
  agent_message: codexAgentMessageItemSchema,
  additional_tools: codexAdditionalToolsItemSchema,
  ghost_snapshot: codexGhostSnapshotItemSchema,
  other: codexOtherItemSchema,
} as const;

/** Every `ResponseItem` type this package knows. */
export const knownResponseItemTypes = Object.keys(codexResponseItemSchemas) as readonly string[];
export type KnownCodexResponseItemType = keyof typeof codexResponseItemSchemas;

/** A response item of a known type. */
export type KnownCodexResponseItem = z.infer<(typeof codexResponseItemSchemas)[KnownCodexResponseItemType]>;
/** A response item of any type: known ones are checked, others kept as written. */
export type CodexResponseItem = KnownCodexResponseItem | OpenVariant<'type'>;

/** A `ResponseItem` (the payload of `response_item` lines and of bare-era item lines). */
export const codexResponseItemSchema: z.ZodType<CodexResponseItem> = openDiscriminatedUnion(
  'type',
  codexResponseItemSchemas,
);
