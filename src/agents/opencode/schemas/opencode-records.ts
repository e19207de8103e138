/**
 * OpenCode records, one per document of the JSON storage tree (`{storage, file, document}`) or per row of
 * the SQLite store (`{table, row}`), as `read.ts` makes them. Field lists come from the corpus (a v2 row dump
 * of OpenCode 2.0.14, two handwritten trees) and peers' readers (FORMATS.md section 2); unknown keys are kept.
 */
import { z } from 'zod';
import { markOpenShape } from '../../../schemas/common/unknown-keys.js';

const time = z.looseObject({
  created: z.number().optional(),
  updated: z.number().optional(),
  completed: z.number().optional(),
});
/** Token counts of one model step: `input` uncached, `cache.read`/`cache.write`, `output`, `reasoning`. */
export const opencodeTokensSchema = z.looseObject({
  input: z.number().optional(),
  output: z.number().optional(),
  reasoning: z.number().optional(),
  cache: z.looseObject({ read: z.number().optional(), write: z.number().optional() }).optional(),
});
const anyObject = markOpenShape(z.looseObject({}));

// ---- JSON storage tree documents ----

export const treeSessionSchema = z.looseObject({
  id: z.string(),
  version: z.string().optional(),
  projectID: z.string().optional(),
  directory: z.string().optional(),
  parentID: z.string().nullable().optional().describe('The parent session of a subagent session'),
  slug: z.string().optional(),
  title: z.string().optional(),
  time: time.optional(),
  summary: anyObject.optional(),
});

const messageBase = {
  id: z.string(),
  sessionID: z.string().optional(),
  time: time.optional(),
  agent: z.string().optional(),
  model: z.looseObject({ providerID: z.string().optional(), modelID: z.string().optional() }).optional(),
  summary: anyObject.optional(),
};
const messagePath = z
  .union([z.looseObject({ cwd: z.string().optional(), root: z.string().optional() }), z.string()])
  .optional();
export const treeUserMessageSchema = z.looseObject({
  ...messageBase,
  role: z.literal('user'),
  path: messagePath,
});
export const treeAssistantMessageSchema = z.looseObject({
  ...messageBase,
  role: z.literal('assistant'),
  parentID: z.string().optional().describe('The user message this answers'),
  modelID: z.string().optional(),
  providerID: z.string().optional(),
  mode: z.string().optional(),
  variant: z.string().optional(),
  path: z
    .union([z.looseObject({ cwd: z.string().optional(), root: z.string().optional() }), z.string()])
    .optional(),
  cost: z.union([z.number(), anyObject]).optional().describe("OpenCode's dollar figure for the message"),
  tokens: opencodeTokensSchema
    .optional()
    .describe('The last step of the message (step-finish parts hold each step)'),
  finish: z.string().optional(),
  error: z.looseObject({ name: z.string().optional(), data: anyObject.optional() }).optional(),
});

const partBase = {
  id: z.string(),
  sessionID: z.string().optional(),
  messageID: z.string().optional(),
  time: z.looseObject({ start: z.number().optional(), end: z.number().optional() }).optional(),
  metadata: anyObject.optional(),
};
export const toolStateSchema = z.looseObject({
  status: z.string().describe('pending | running | completed | error'),
  input: anyObject.optional(),
  output: z.string().optional(),
  error: z.string().optional(),
  title: z.string().optional(),
  metadata: anyObject.optional(),
  time: z.looseObject({ start: z.number().optional(), end: z.number().optional() }).optional(),
});
export const treePartSchemas = {
  text: z.looseObject({
    ...partBase,
    type: z.literal('text'),
    text: z.string(),
    synthetic: z.boolean().optional(),
  }),
  reasoning: z.looseObject({ ...partBase, type: z.literal('reasoning'), text: z.string() }),
  tool: z.looseObject({
    ...partBase,
    type: z.literal('tool'),
    callID: z.string(),
    tool: z.string(),
    state: toolStateSchema.describe('Call and result in one part'),
  }),
  'step-start': z.looseObject({
    ...partBase,
    type: z.literal('step-start'),
    snapshot: z.unknown().optional(),
  }),
  'step-finish': z.looseObject({
    ...partBase,
    type: z.literal('step-finish'),
    snapshot: z.unknown().optional(),
    reason: z.string().optional(),
    cost: z.union([z.number(), anyObject]).optional(),
    tokens: opencodeTokensSchema.optional().describe('One model request'),
  }),
  file: z.looseObject({
    ...partBase,
    type: z.literal('file'),
    mime: z.string().optional(),
    filename: z.string().optional(),
    url: z.string().optional(),
    source: z.unknown().optional(),
  }),
  patch: z.looseObject({
    ...partBase,
    type: z.literal('patch'),
    hash: z.string().optional(),
    files: z.array(z.string()).optional(),
  }),
  compaction: z.looseObject({
    ...partBase,
    type: z.literal('compaction'),
    auto: z.boolean().optional(),
    overflow: z.boolean().optional(),
  }),
  snapshot: z.looseObject({ ...partBase, type: z.literal('snapshot'), snapshot: z.string().optional() }),
  agent: z.looseObject({ ...partBase, type: z.literal('agent'), name: z.string().optional() }),
  subtask: z.looseObject({
    ...partBase,
    type: z.literal('subtask'),
    prompt: z.string().optional(),
    agent: z.string().optional(),
  }),
  retry: z.looseObject({ ...partBase, type: z.literal('retry'), attempt: z.number().optional() }),
} as const;

export const todoItemSchema = z.looseObject({
  id: z.string().optional(),
  content: z.string(),
  status: z.string().optional(),
  priority: z.string().optional(),
});

// ---- SQLite v2 rows (OpenCode 2.x) ----

export const sessionV2RowSchema = z.looseObject({
  id: z.string(),
  parent_id: z.string().nullable().optional(),
  project_id: z.string().nullable().optional(),
  directory: z.string().nullable().optional(),
  title: z.string().nullable().optional(),
  slug: z.string().nullable().optional(),
  version: z.string().nullable().optional(),
  agent: z.string().nullable().optional(),
  model: z.string().nullable().optional().describe('JSON text: {id, providerID, variant}'),
  cost: z.number().nullable().optional(),
  tokens_input: z.number().nullable().optional(),
  tokens_output: z.number().nullable().optional(),
  tokens_reasoning: z.number().nullable().optional(),
  tokens_cache_read: z.number().nullable().optional(),
  tokens_cache_write: z.number().nullable().optional(),
  time_created: z.number().nullable().optional(),
  time_updated: z.number().nullable().optional(),
  time_idle: z.number().nullable().optional(),
  time_viewed: z.number().nullable().optional(),
  time_archived: z.number().nullable().optional(),
  time_compacting: z.number().nullable().optional(),
  time_suspended: z.number().nullable().optional(),
  idle_outcome: z.string().nullable().optional().describe('How the last turn ended (`succeeded`...)'),
  path: z.string().nullable().optional(),
  workspace_id: z.string().nullable().optional(),
  fork_session_id: z.string().nullable().optional(),
  fork_boundary: z.unknown().optional(),
  share_url: z.string().nullable().optional(),
  summary_additions: z.number().nullable().optional(),
  summary_deletions: z.number().nullable().optional(),
  summary_files: z.number().nullable().optional(),
  summary_diffs: z.unknown().optional(),
  revert: z.unknown().optional(),
  permission: z.unknown().optional(),
  metadata: z.unknown().optional(),
  resume_attempts: z.number().nullable().optional(),
});

const v2Time = z.looseObject({
  created: z.number().optional(),
  ran: z.number().optional(),
  streamed: z.number().optional(),
  completed: z.number().optional(),
});
const v2Content = z.looseObject({ type: z.string(), text: z.string().optional() });

const v2ToolPart = z.looseObject({
  type: z.literal('tool'),
  id: z.string(),
  name: z.string(),
  executed: z.boolean().optional(),
  state: z.looseObject({
    status: z.string().describe('streaming | running | completed | error'),
    input: anyObject.optional(),
    content: z.array(v2Content).optional(),
    metadata: anyObject.nullable().optional(),
    error: z.looseObject({ message: z.string().optional(), type: z.string().optional() }).optional(),
  }),
  time: z
    .looseObject({
      created: z.number().optional(),
      ran: z.number().optional(),
      completed: z.number().optional(),
    })
    .optional(),
});
export const v2ContentPartSchema = z.union([
  z.looseObject({ type: z.literal('text'), text: z.string(), time: v2Time.optional() }),
  z.looseObject({
    type: z.literal('reasoning'),
    text: z.string(),
    state: anyObject.optional(),
    time: v2Time.optional(),
  }),
  v2ToolPart,
  z.looseObject({ type: z.string() }),
]);
const messageRow = (type: string, data: z.ZodType) =>
  z.looseObject({
    id: z.string(),
    session_id: z.string(),
    type: z.literal(type),
    seq: z.number().optional().describe('Order in the session (sparse)'),
    time_created: z.number().optional(),
    time_updated: z.number().optional(),
    data,
  });
export const sessionMessageDataSchemas = {
  user: z.looseObject({
    text: z.string().optional(),
    files: z.array(z.unknown()).optional(),
    time: time.optional(),
  }),
  assistant: z.looseObject({
    agent: z.string().optional(),
    model: z
      .looseObject({
        id: z.string().optional(),
        providerID: z.string().optional(),
        variant: z.string().optional(),
      })
      .optional(),
    content: z.array(v2ContentPartSchema).optional(),
    finish: z.string().optional(),
    rawFinish: z.string().optional(),
    error: z.unknown().optional(),
    tokens: opencodeTokensSchema.optional().describe('One model step: one request'),
    cost: z.number().optional(),
    snapshot: anyObject.optional(),
    time: v2Time.optional(),
  }),
  idle: z.looseObject({ outcome: z.string().optional(), time: time.optional() }),
  shell: anyObject,
  synthetic: anyObject,
  compaction: anyObject,
  'agent-switched': anyObject,
  'model-switched': anyObject,
  system: anyObject,
  skill: anyObject,
  'location-switched': anyObject,
} as const;

// ---- SQLite v1 rows (OpenCode 1.x): the tree's documents in a `data` column ----

export const sessionV1RowSchema = z.looseObject({
  id: z.string(),
  parent_id: z.string().nullable().optional(),
  project_id: z.string().nullable().optional(),
  directory: z.string().nullable().optional(),
  title: z.string().nullable().optional(),
  version: z.string().nullable().optional(),
  time_created: z.number().nullable().optional(),
  time_updated: z.number().nullable().optional(),
});
const v1Row = (data: z.ZodType) =>
  z.looseObject({
    id: z.string(),
    session_id: z.string().optional(),
    message_id: z.string().optional(),
    time_created: z.number().optional(),
    time_updated: z.number().optional(),
    data,
  });

// ---- records by the name `recordType` gives ----

const treeRecord = (storage: string, document: z.ZodType) =>
  z.looseObject({
    storage: z.literal(storage),
    file: z.string().describe('Relative to the storage folder'),
    document,
  });
const rowRecord = (table: string, row: z.ZodType) => z.looseObject({ table: z.literal(table), row });

/** The schema of each record type by the name records are counted under. */
export const opencodeSchemasByName: Readonly<Record<string, z.ZodType>> = {
  session: treeRecord('session', treeSessionSchema).describe('Storage tree: a session document'),
  'message:user': treeRecord('message', treeUserMessageSchema).describe('Storage tree: a user message'),
  'message:assistant': treeRecord('message', treeAssistantMessageSchema).describe(
    'Storage tree: an assistant message (model, finish, tokens of its last step, cost)',
  ),
  ...Object.fromEntries(
    Object.entries(treePartSchemas).map(([type, schema]) => [
      `part:${type}`,
      treeRecord('part', schema).describe(`Storage tree: a \`${type}\` part of a message`),
    ]),
  ),
  todo: treeRecord('todo', z.array(todoItemSchema)).describe('Storage tree: the todo list of a session'),
  session_diff: treeRecord('session_diff', z.array(z.unknown())).describe(
    'Storage tree: the file diffs of a session',
  ),
  session_v2: rowRecord('session_v2', sessionV2RowSchema).describe(
    'SQLite v2: a session row (subagents name their parent in `parent_id`; session totals of tokens and cost)',
  ),
  ...Object.fromEntries(
    Object.entries(sessionMessageDataSchemas).map(([type, data]) => [
      `session_message:${type}`,
      rowRecord('session_message', messageRow(type, data)).describe(`SQLite v2: a \`${type}\` message row`),
    ]),
  ),
  'row:session': rowRecord('session', sessionV1RowSchema).describe('SQLite v1: a session row'),
  'row:message:user': rowRecord('message', v1Row(treeUserMessageSchema.partial({ id: true }))).describe(
    'SQLite v1: a user message row (`data` as the tree document)',
  ),
  'row:message:assistant': rowRecord(
    'message',
    v1Row(treeAssistantMessageSchema.partial({ id: true })),
  ).describe('SQLite v1: an assistant message row (`data` as the tree document)'),
  ...Object.fromEntries(
    Object.entries(treePartSchemas).map(([type, schema]) => [
      `row:part:${type}`,
      rowRecord('part', v1Row((schema as z.ZodObject).partial({ id: true }))).describe(
        `SQLite v1: a \`${type}\` part row`,
      ),
    ]),
  ),
};
