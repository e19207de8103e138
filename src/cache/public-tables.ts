// The public tables of the index, which `agentlog sql` queries: the rows of the built sessions (`sessions`,
// `trees`, `messages`, `tool_calls`, `usage_entries`, `problems`), the indexed `files` and the full-text
// `search`. The columns they share with the export datasets come from `model/row-columns.ts`.
import {
  messageColumns as M,
  sessionColumns as S,
  toolCallColumns as T,
  usageColumns as U,
} from '../model/row-columns.js';
import { sharedColumns, type TableDoc, unitColumn } from './table-doc.js';

/** The public tables, in the order `agentlog sql --tables` lists them. */
export const publicTables: TableDoc[] = [
  {
    name: 'sessions',
    description: 'one row per session, subagent sessions included (is_subagent = 1)',
    columns: [
      ...sharedColumns(S.id, S.root_session_id, S.parent_session_id, S.parent_tool_call_id),
      { name: 'tree', type: 'INTEGER', description: 'the trees row of its top-level session (trees.id)' },
      {
        name: 'parent_row',
        type: 'INTEGER',
        description: 'for subagents: the sessions rowid of the parent session (rowid order is tree order)',
      },
      ...sharedColumns(S.agent, S.is_subagent),
      {
        name: 'top_level',
        type: 'INTEGER',
        description: '1 for the sessions agentlog ls lists (subagent files no session claimed included)',
      },
      ...sharedColumns(
        S.agent_id,
        S.project,
        S.cwd,
        S.git_branch,
        S.title,
        S.title_source,
        S.start_time,
        S.end_time,
        S.duration_ms,
        S.forked_from_id,
        S.models,
        S.versions,
        S.files,
        S.messages,
        S.prompts,
        S.tool_calls,
        S.failed_tool_calls,
        S.errors,
        S.subagents,
        S.input_tokens,
        S.output_tokens,
        S.cache_write_tokens,
        S.cache_read_tokens,
        S.reasoning_tokens,
      ),
      {
        name: 'rate_limits',
        type: 'TEXT',
        description:
          'Codex: the last rate limits the session recorded, as JSON (time, limitId, planType, primary and secondary windows with usedPercent, windowMinutes, resetsAt; file and line), or NULL',
      },
      {
        name: 'detail',
        type: 'BLOB',
        description:
          'internal: the session as the index keeps it beyond the other columns and its rows (packed JSON, raw-deflated)',
      },
      unitColumn,
    ],
    // The sessions that recorded rate limits (Codex), found without reading the others: the status line's.
    indexes: [
      ['unit_id'],
      ['id'],
      ['root_session_id'],
      { columns: ['tree'], where: 'rate_limits IS NOT NULL' },
    ],
  },
  {
    name: 'trees',
    description:
      'one row per top-level session with its subagents (what ls and report count as a session), with totals over the tree',
    columns: [
      { name: 'id', type: 'INTEGER', description: 'tree id (sessions.tree)', constraint: 'PRIMARY KEY' },
      { name: 'session_id', type: 'TEXT', description: 'the top-level session id' },
      { name: 'agent', type: 'TEXT', description: 'the agent: claude-code, codex, gemini-cli...' },
      { name: 'project', type: 'TEXT', description: 'last segment of cwd' },
      { name: 'cwds', type: 'TEXT', description: 'JSON array of every working directory seen' },
      { name: 'start_time', type: 'TEXT', description: 'ISO time of the first record' },
      { name: 'end_time', type: 'TEXT', description: 'ISO time of the last record' },
      { name: 'duration_ms', type: 'INTEGER', description: 'end - start' },
      { name: 'first_file', type: 'TEXT', description: 'the main source file' },
      {
        name: 'conversation',
        type: 'INTEGER',
        description: '1 when it holds a message, call, usage or subagent (0: metadata only, not listed)',
      },
      {
        name: 'readable',
        type: 'INTEGER',
        description: '0 for a file of which not one line could be read (not a session)',
      },
      { name: 'sessions', type: 'INTEGER', description: 'sessions in the tree (1 + subagent runs)' },
      { name: 'messages', type: 'INTEGER', description: 'messages in the tree' },
      { name: 'prompts', type: 'INTEGER', description: 'prompts in the tree' },
      { name: 'tool_calls', type: 'INTEGER', description: 'tool calls in the tree' },
      {
        name: 'open_turn',
        type: 'TEXT',
        description:
          'why its last turn is still open (a prompt not answered yet, calls without a result...), or NULL',
      },
      {
        name: 'anchor',
        type: 'TEXT',
        description: 'internal: the file whose place among the inputs orders the tree',
      },
      {
        name: 'phase',
        type: 'INTEGER',
        description: 'internal: 0 built from a session file, 1 from a subagent file no session claimed',
      },
      unitColumn,
    ],
    // end_time: the trees that ended since a time (the status line's today and block), without a scan.
    indexes: [['unit_id'], ['end_time']],
  },
  {
    name: 'messages',
    description: 'messages in conversation order (rowid order within a session)',
    columns: [
      ...sharedColumns(
        M.id,
        M.session_id,
        M.root_session_id,
        M.parent_id,
        M.role,
        M.kind,
        M.subtype,
        M.timestamp,
        M.model,
        M.off_branch,
      ),
      {
        name: 'text',
        type: 'TEXT',
        description: 'the first 300 characters of the text parts (search has the whole text)',
      },
      ...sharedColumns(M.file, M.line),
      {
        name: 'detail',
        type: 'TEXT',
        description:
          'internal: what the index keeps of the message beyond the other columns, as JSON (its API message id, its references to tool calls and results, n and -n-1 for the n-th call of its session...), or NULL',
      },
      unitColumn,
    ],
    // By unit only: the appends find a session's rows among its unit's (unit_id = ? AND session_id = ?); a
    // session_id index cost 4% of the index for a lookup no report makes.
    indexes: [['unit_id']],
  },
  {
    name: 'tool_calls',
    description: 'tool calls paired with their results',
    columns: [
      ...sharedColumns(
        T.id,
        T.session_id,
        T.root_session_id,
        T.tool,
        T.canonical,
        T.kind,
        T.mcp_server,
        T.status,
        T.status_reason,
        T.start_time,
        T.end_time,
        T.duration_ms,
        T.model,
        T.exit_code,
        T.subagent_id,
      ),
      { name: 'session_row', type: 'INTEGER', description: 'the sessions rowid of its session' },
      {
        name: 'error_message',
        type: 'TEXT',
        description:
          'failed calls: the first line of the status reason (or result), normalized as agentlog errors groups it',
      },
      {
        name: 'error_text',
        type: 'TEXT',
        description: 'failed calls: that first line as written (300 characters at most)',
      },
      { name: 'error_file', type: 'TEXT', description: 'failed calls: the file of the result (or call)' },
      { name: 'error_line', type: 'INTEGER', description: 'failed calls: its line' },
      ...sharedColumns(T.input_summary),
      { name: 'result_excerpt', type: 'TEXT', description: 'first 300 characters of the result text' },
      ...sharedColumns(T.file, T.line),
      {
        name: 'detail',
        type: 'TEXT',
        description:
          "internal: what the index keeps of the call beyond the other columns, as JSON (the message that made it, its result's place and time...), or NULL",
      },
      unitColumn,
    ],
    // By unit, as messages: no query filters by session_id alone or by tool (the MCP tool filter compares
    // lower(tool), which an index on tool does not serve). The failed calls, which `errors` reads, have a
    // small index of their own (a few thousand of the rows): no scan of every call.
    indexes: [['unit_id'], { columns: ['session_row'], where: 'error_message IS NOT NULL' }],
  },
  {
    name: 'usage_entries',
    description: 'token usage per API request, each request once (see README "Usage")',
    columns: [
      ...sharedColumns(...Object.values(U)),
      { name: 'session_row', type: 'INTEGER', description: 'the sessions rowid of its session' },
      unitColumn,
    ],
    // request_key: the usage query finds the requests several entries share (cache/queries/usage-query.ts) without
    // sorting every key.
    indexes: [['unit_id'], ['request_key']],
  },
  {
    name: 'problems',
    description: 'lines that did not decode and problems found while building sessions',
    columns: [
      ...sharedColumns(M.session_id, M.root_session_id, M.file, M.line),
      { name: 'type', type: 'TEXT', description: 'problem type' },
      { name: 'message', type: 'TEXT', description: 'what is wrong' },
      unitColumn,
    ],
    indexes: [['unit_id']],
  },
  {
    name: 'files',
    description: 'every indexed file and how much of it was read',
    columns: [
      { name: 'path', type: 'TEXT', description: 'absolute path', constraint: 'PRIMARY KEY' },
      { name: 'agent', type: 'TEXT', description: 'claude-code, codex, or NULL before the first record' },
      { name: 'role', type: 'TEXT', description: 'session or subagent', constraint: 'NOT NULL' },
      { name: 'size', type: 'INTEGER', description: 'size when last seen', constraint: 'NOT NULL' },
      {
        name: 'mtime_ms',
        type: 'REAL',
        description: 'modification time when last seen',
        constraint: 'NOT NULL',
      },
      {
        name: 'identity',
        type: 'TEXT',
        description: 'inode and change time when last read (a same-size, same-mtime replacement differs)',
      },
      {
        name: 'consumed_bytes',
        type: 'INTEGER',
        description: 'bytes of complete lines read',
        constraint: 'NOT NULL',
      },
      {
        name: 'consumed_line',
        type: 'INTEGER',
        description: 'number of the next line to read',
        constraint: 'NOT NULL',
      },
      { name: 'lines', type: 'INTEGER', description: 'physical lines' },
      { name: 'records', type: 'INTEGER', description: 'records decoded' },
      { name: 'errors', type: 'INTEGER', description: 'lines that did not decode' },
      { name: 'indexed_at', type: 'TEXT', description: 'ISO time of the last read', constraint: 'NOT NULL' },
      {
        name: 'consumed_records',
        type: 'INTEGER',
        description: 'internal: records before consumed_bytes',
        constraint: 'NOT NULL',
      },
      { name: 'body_agent', type: 'TEXT', description: 'internal: agent decided by the complete lines' },
      {
        name: 'fingerprint',
        type: 'TEXT',
        description: 'internal: hash of the consumed prefix',
        constraint: 'NOT NULL',
      },
      { name: 'blank_lines', type: 'INTEGER', description: 'internal: blank lines' },
      { name: 'tail', type: 'TEXT', description: 'internal: the unterminated last line, JSON' },
      {
        name: 'validation',
        type: 'TEXT',
        description: 'internal: full validation of the consumed lines, state to go on from (JSON)',
      },
      {
        name: 'state',
        type: 'BLOB',
        description: 'internal: what appending to the session of this file needs (deflated JSON)',
      },
      {
        name: 'ref',
        type: 'TEXT',
        description: 'internal: what discovery said about the file, JSON',
        constraint: 'NOT NULL',
      },
      { name: 'session_key', type: 'TEXT', description: 'internal: session id the file groups under' },
      { name: 'body_key', type: 'TEXT', description: 'internal: session_key from the complete lines only' },
      { name: 'parent_key', type: 'TEXT', description: 'internal: Codex parent thread id' },
      { name: 'unit_id', type: 'INTEGER', description: 'internal: the group the file was last built in' },
    ],
    indexes: [['unit_id']],
  },
  {
    name: 'search',
    kind: 'fts5',
    description:
      'full-text index (FTS5) of prompts, assistant text, tool inputs and tool results; filled by agentlog search and agentlog cache update',
    columns: [
      { name: 'text', type: 'TEXT', description: 'the indexed text (long texts keep their head and tail)' },
      {
        name: 'source',
        type: 'TEXT',
        description: 'prompt, user, assistant, system, tool_input, tool_result',
      },
      ...sharedColumns(M.session_id, M.root_session_id),
      { name: 'ref_id', type: 'TEXT', description: 'message id or tool call id' },
      { name: 'role', type: 'TEXT', description: 'user, assistant, system, or tool' },
      { name: 'kind', type: 'TEXT', description: 'message kind, or the tool name' },
      { name: 'timestamp', type: 'TEXT', description: 'ISO time' },
      ...sharedColumns(M.file, M.line),
      {
        name: 'unit_id',
        type: 'INTEGER',
        description: 'internal: the group of files the rows were built from',
      },
    ],
  },
];
