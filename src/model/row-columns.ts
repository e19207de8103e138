/**
 * The columns of agentlog's public rows, each declared once: the index's tables (`cache/public-tables.ts`, which
 * `agentlog sql` queries) and the export datasets (`exporters/*-dataset.ts`) take the columns they share from
 * here, and each types a column's kind its own way (SQLite: TEXT, INTEGER; DuckDB and Parquet: VARCHAR, BIGINT,
 * TIMESTAMP, JSON) and says how it writes times, flags and JSON. A column only one of them has (the index's
 * `unit_id`, an export's `cost_usd`), or one that means another thing in each (the index's `messages.text` is
 * cut, the export's whole), is declared there.
 */

import { agents } from '../schemas/common/agent.js';

/** What a column holds, whatever the engine. */
export type ColumnKind = 'text' | 'integer' | 'real' | 'boolean' | 'time' | 'json';

export interface RowColumn {
  readonly name: string;
  readonly kind: ColumnKind;
  /** What the value means, without how an engine writes it (ISO text or TIMESTAMP, 1 or true). */
  readonly description: string;
}

type Spec = [ColumnKind, string];

type Columns<K extends string> = { readonly [name in K]: RowColumn };

function columns<K extends string>(specs: { [name in K]: Spec }): Columns<K> {
  const out = {} as { [name in K]: RowColumn };
  for (const name of Object.keys(specs) as K[]) {
    const [kind, description] = specs[name];
    out[name] = { name, kind, description };
  }
  return out;
}

const sessionRef = {
  session_id: ['text', 'the session (a subagent id for subagent rows)'],
  root_session_id: ['text', 'the top-level session of the tree'],
} satisfies Record<string, Spec>;

const tokens = {
  input_tokens: ['integer', 'input tokens, cache reads and writes excluded'],
  output_tokens: ['integer', 'output tokens (reasoning included)'],
  cache_write_tokens: ['integer', 'cache write tokens'],
  cache_read_tokens: ['integer', 'cache read tokens'],
  reasoning_tokens: ['integer', 'reasoning tokens (part of output)'],
} satisfies Record<string, Spec>;

/** `sessions`: one row per session, subagent sessions included. */
export const sessionColumns = columns({
  id: ['text', 'session id (file name, Codex thread id, or agent id)'],
  root_session_id: sessionRef.root_session_id,
  parent_session_id: ['text', 'for subagents: the parent session'],
  parent_tool_call_id: ['text', 'for subagents: the call that started it'],
  agent: ['text', `the agent: ${agents.join(', ')}`],
  is_subagent: ['boolean', 'a subagent session'],
  agent_id: ['text', 'subagent id'],
  project: ['text', 'last segment of cwd'],
  cwd: ['text', 'first working directory'],
  git_branch: ['text', 'git branch'],
  title: ['text', 'title'],
  title_source: ['text', 'custom-title, ai-title, summary, first-prompt, thread-name'],
  start_time: ['time', 'time of the first record'],
  end_time: ['time', 'time of the last record'],
  duration_ms: ['integer', 'end - start, milliseconds'],
  forked_from_id: ['text', 'the session it was forked from'],
  models: ['json', 'array of models'],
  versions: ['json', 'array of agent versions'],
  files: ['json', 'array of source files, the main file first'],
  messages: ['integer', 'messages of this session (not its subagents)'],
  prompts: ['integer', 'prompts typed by the user'],
  tool_calls: ['integer', 'tool calls of this session (not its subagents)'],
  failed_tool_calls: ['integer', 'calls whose status is not ok'],
  errors: ['integer', 'calls whose status is error'],
  subagents: ['integer', 'direct subagents'],
  ...tokens,
});

/** `messages`: one row per message, in conversation order. */
export const messageColumns = columns({
  id: ['text', 'record uuid (Claude Code) or <session>:<line> (Codex)'],
  ...sessionRef,
  parent_id: ['text', 'parent message id'],
  role: ['text', 'user, assistant, system'],
  kind: [
    'text',
    'prompt, meta, tool_results, compact_summary, interrupt, response, api_error, compact_boundary, system',
  ],
  subtype: ['text', 'system subtype'],
  timestamp: ['time', 'time of the record'],
  model: ['text', 'model of an assistant message'],
  off_branch: ['boolean', 'off the current branch (a rewind left it)'],
  file: ['text', 'source file'],
  line: ['integer', 'line in the source file (1-based)'],
});

/** `tool_calls`: one row per call, paired with its result. */
export const toolCallColumns = columns({
  id: ['text', 'tool_use id or call_id'],
  ...sessionRef,
  tool: ['text', 'tool name as written'],
  canonical: ['text', 'newest name of the tool lineage (Task -> Agent)'],
  kind: ['text', 'builtin, mcp, unknown'],
  mcp_server: ['text', 'MCP server'],
  status: ['text', 'ok, error, denied, interrupted, hook_blocked, missing, orphan_result'],
  status_reason: ['text', 'why the status was chosen'],
  start_time: ['time', 'time of the call'],
  end_time: ['time', 'time of the result'],
  duration_ms: ['integer', 'end - start (Codex: reported duration), milliseconds'],
  model: ['text', 'model that made the call'],
  exit_code: ['integer', 'exit code, where reported'],
  subagent_id: ['text', 'for Task/Agent calls: the subagent started'],
  input_summary: ['text', 'one line: the command, path, pattern...'],
  file: ['text', 'source file of the call'],
  line: ['integer', 'line of the call (1-based)'],
});

/** `usage_entries` (the export's `usage`): one row per API request. */
export const usageColumns = columns({
  ...sessionRef,
  message_id: ['text', 'the message carrying the usage'],
  timestamp: ['time', 'time of the request'],
  model: ['text', 'model'],
  ...tokens,
  cache_write_1h_tokens: ['integer', '1-hour cache writes (part of cache writes)'],
  web_search_requests: ['integer', 'server-side web searches'],
  request_key: [
    'text',
    'the API request it was billed under (Claude Code: message id and request id; Codex: thread and cumulative totals); the same key in two session files is one request',
  ],
});
