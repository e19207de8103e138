import { textHash } from '../model/text-hash.js';

/** One column of an index table, documented for `agentlog sql --tables`. */
export interface ColumnDoc {
  name: string;
  type: 'TEXT' | 'INTEGER' | 'REAL' | 'BLOB';
  description: string;
  /** Extra DDL after the type (`PRIMARY KEY`, `NOT NULL`). */
  constraint?: string;
}

/** One table of the index. `internal` tables hold the cache itself; their layout may change any release. */
export interface TableDoc {
  name: string;
  description: string;
  columns: ColumnDoc[];
  internal?: boolean;
  /** `fts5`: a full-text table (columns after the first are stored, not indexed). */
  kind?: 'table' | 'fts5';
  /** Indexed column sets; with `where`, a partial index of the rows that match it. */
  indexes?: (string[] | { columns: string[]; where: string })[];
  /** Column sets that are unique together. */
  unique?: string[][];
  /**
   * Primary key of a `WITHOUT ROWID` table: the rows are stored in the key's b-tree, with no index beside
   * them (for small rows looked up by that key).
   */
  withoutRowid?: string[];
}

const sessionRef: ColumnDoc[] = [
  { name: 'session_id', type: 'TEXT', description: 'the session (a subagent id for subagent rows)' },
  { name: 'root_session_id', type: 'TEXT', description: 'the top-level session of the tree' },
];
const unit: ColumnDoc = {
  name: 'unit_id',
  type: 'INTEGER',
  description: 'internal: the group of files the rows were built from',
  constraint: 'NOT NULL',
};
const location: ColumnDoc[] = [
  { name: 'file', type: 'TEXT', description: 'source file' },
  { name: 'line', type: 'INTEGER', description: 'line in the source file (1-based)' },
];
const usageColumns: ColumnDoc[] = [
  { name: 'input_tokens', type: 'INTEGER', description: 'input tokens, cache reads and writes excluded' },
  { name: 'output_tokens', type: 'INTEGER', description: 'output tokens (reasoning included)' },
  { name: 'cache_write_tokens', type: 'INTEGER', description: 'cache write tokens' },
  { name: 'cache_read_tokens', type: 'INTEGER', description: 'cache read tokens' },
  { name: 'reasoning_tokens', type: 'INTEGER', description: 'reasoning tokens (part of output)' },
];

/** Every table of the index, public ones first. The DDL is generated from this list. */
export const indexTables: TableDoc[] = [
  {
    name: 'sessions',
    description: 'one row per session, subagent sessions included (is_subagent = 1)',
    columns: [
      { name: 'id', type: 'TEXT', description: 'session id (file name, Codex thread id, or agent id)' },
      { name: 'root_session_id', type: 'TEXT', description: 'the top-level session of the tree' },
      { name: 'parent_session_id', type: 'TEXT', description: 'for subagents: the parent session' },
      { name: 'parent_tool_call_id', type: 'TEXT', description: 'for subagents: the call that started it' },
      { name: 'tree', type: 'INTEGER', description: 'the trees row of its top-level session (trees.id)' },
      {
        name: 'parent_row',
        type: 'INTEGER',
        description: 'for subagents: the sessions rowid of the parent session (rowid order is tree order)',
      },
      { name: 'agent', type: 'TEXT', description: 'the agent: claude-code, codex, gemini-cli...' },
      { name: 'is_subagent', type: 'INTEGER', description: '1 for subagent sessions' },
      {
        name: 'top_level',
        type: 'INTEGER',
        description: '1 for the sessions agentlog ls lists (subagent files no session claimed included)',
      },
      { name: 'agent_id', type: 'TEXT', description: 'subagent id' },
      { name: 'project', type: 'TEXT', description: 'last segment of cwd' },
      { name: 'cwd', type: 'TEXT', description: 'first working directory' },
      { name: 'git_branch', type: 'TEXT', description: 'git branch' },
      { name: 'title', type: 'TEXT', description: 'title' },
      {
        name: 'title_source',
        type: 'TEXT',
        description: 'custom-title, ai-title, summary, first-prompt, thread-name',
      },
      { name: 'start_time', type: 'TEXT', description: 'ISO time of the first record' },
      { name: 'end_time', type: 'TEXT', description: 'ISO time of the last record' },
      { name: 'duration_ms', type: 'INTEGER', description: 'end - start' },
      { name: 'forked_from_id', type: 'TEXT', description: 'the session it was forked from' },
      { name: 'models', type: 'TEXT', description: 'JSON array of models' },
      { name: 'versions', type: 'TEXT', description: 'JSON array of agent versions' },
      { name: 'files', type: 'TEXT', description: 'JSON array of source files' },
      { name: 'messages', type: 'INTEGER', description: 'messages of this session (not its subagents)' },
      { name: 'prompts', type: 'INTEGER', description: 'prompts typed by the user' },
      { name: 'tool_calls', type: 'INTEGER', description: 'tool calls of this session (not its subagents)' },
      { name: 'failed_tool_calls', type: 'INTEGER', description: 'calls whose status is not ok' },
      { name: 'errors', type: 'INTEGER', description: 'calls whose status is error' },
      { name: 'subagents', type: 'INTEGER', description: 'direct subagents' },
      ...usageColumns,
      {
        name: 'rate_limits',
        type: 'TEXT',
        description:
          'Codex: the last rate limits the session recorded, as JSON (time, limitId, planType, primary and secondary windows with usedPercent, windowMinutes, resetsAt; file and line), or NULL',
      },
      unit,
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
      unit,
    ],
    // end_time: the trees that ended since a time (the status line's today and block), without a scan.
    indexes: [['unit_id'], ['end_time']],
  },
  {
    name: 'messages',
    description: 'messages in conversation order (rowid order within a session)',
    columns: [
      { name: 'id', type: 'TEXT', description: 'record uuid (Claude Code) or <session>:<line> (Codex)' },
      ...sessionRef,
      { name: 'parent_id', type: 'TEXT', description: 'parent message id' },
      { name: 'role', type: 'TEXT', description: 'user, assistant, system' },
      {
        name: 'kind',
        type: 'TEXT',
        description:
          'prompt, meta, tool_results, compact_summary, interrupt, response, api_error, compact_boundary, system',
      },
      { name: 'subtype', type: 'TEXT', description: 'system subtype' },
      { name: 'timestamp', type: 'TEXT', description: 'ISO time' },
      { name: 'model', type: 'TEXT', description: 'model of an assistant message' },
      { name: 'off_branch', type: 'INTEGER', description: '1 when not on the current branch (rewinds)' },
      {
        name: 'text',
        type: 'TEXT',
        description: 'the first 300 characters of the text parts (search has the whole text)',
      },
      ...location,
      unit,
    ],
    // By unit only: the appends find a session's rows among its unit's (unit_id = ? AND session_id = ?); a
    // session_id index cost 4% of the index for a lookup no report makes.
    indexes: [['unit_id']],
  },
  {
    name: 'tool_calls',
    description: 'tool calls paired with their results',
    columns: [
      { name: 'id', type: 'TEXT', description: 'tool_use id or call_id' },
      ...sessionRef,
      { name: 'tool', type: 'TEXT', description: 'tool name as written' },
      { name: 'canonical', type: 'TEXT', description: 'newest name of the tool lineage' },
      { name: 'kind', type: 'TEXT', description: 'builtin, mcp, unknown' },
      { name: 'mcp_server', type: 'TEXT', description: 'MCP server' },
      {
        name: 'status',
        type: 'TEXT',
        description: 'ok, error, denied, interrupted, hook_blocked, missing, orphan_result',
      },
      { name: 'status_reason', type: 'TEXT', description: 'why the status was chosen' },
      { name: 'start_time', type: 'TEXT', description: 'ISO time of the call' },
      { name: 'end_time', type: 'TEXT', description: 'ISO time of the result' },
      { name: 'duration_ms', type: 'INTEGER', description: 'end - start (Codex: reported duration)' },
      { name: 'model', type: 'TEXT', description: 'model that made the call' },
      { name: 'exit_code', type: 'INTEGER', description: 'exit code, where reported' },
      { name: 'subagent_id', type: 'TEXT', description: 'for Task/Agent calls: the subagent started' },
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
      { name: 'input_summary', type: 'TEXT', description: 'one line: the command, path, pattern...' },
      { name: 'result_excerpt', type: 'TEXT', description: 'first 300 characters of the result text' },
      ...location,
      unit,
    ],
    // By unit only, as messages: no query filters by session_id alone or by tool (the MCP tool filter
    // compares lower(tool), which an index on tool does not serve).
    indexes: [['unit_id']],
  },
  {
    name: 'usage_entries',
    description: 'token usage per API request, each request once (see README "Usage")',
    columns: [
      ...sessionRef,
      { name: 'message_id', type: 'TEXT', description: 'the message carrying the usage' },
      { name: 'timestamp', type: 'TEXT', description: 'ISO time' },
      { name: 'model', type: 'TEXT', description: 'model' },
      ...usageColumns,
      {
        name: 'cache_write_1h_tokens',
        type: 'INTEGER',
        description: '1-hour cache writes (part of cache writes)',
      },
      { name: 'web_search_requests', type: 'INTEGER', description: 'server-side web searches' },
      {
        name: 'request_key',
        type: 'TEXT',
        description:
          'the API request it was billed under (the same key in two session files is one request; see README "Usage")',
      },
      { name: 'session_row', type: 'INTEGER', description: 'the sessions rowid of its session' },
      unit,
    ],
    indexes: [['unit_id']],
  },
  {
    name: 'problems',
    description: 'lines that did not decode and problems found while building sessions',
    columns: [
      ...sessionRef,
      ...location,
      { name: 'type', type: 'TEXT', description: 'problem type' },
      { name: 'message', type: 'TEXT', description: 'what is wrong' },
      unit,
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
        type: 'BLOB',
        description: 'internal: full validation of the consumed lines, state to go on from (deflated JSON)',
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
      ...sessionRef,
      { name: 'ref_id', type: 'TEXT', description: 'message id or tool call id' },
      { name: 'role', type: 'TEXT', description: 'user, assistant, system, or tool' },
      { name: 'kind', type: 'TEXT', description: 'message kind, or the tool name' },
      { name: 'timestamp', type: 'TEXT', description: 'ISO time' },
      ...location,
      {
        name: 'unit_id',
        type: 'INTEGER',
        description: 'internal: the group of files the rows were built from',
      },
    ],
  },
  {
    name: '_meta',
    internal: true,
    description: 'cache metadata: agentlog version, schema, last update',
    columns: [
      { name: 'key', type: 'TEXT', description: 'name', constraint: 'PRIMARY KEY' },
      { name: 'value', type: 'TEXT', description: 'value' },
    ],
  },
  {
    name: '_units',
    internal: true,
    description: 'groups of files built together (a session with its subagent files, a Codex thread family)',
    columns: [
      // Never reused: a refresh keeps sets of the unit ids it built and removed.
      { name: 'id', type: 'INTEGER', description: 'unit id', constraint: 'PRIMARY KEY AUTOINCREMENT' },
      { name: 'key', type: 'TEXT', description: 'grouping key', constraint: 'NOT NULL UNIQUE' },
      {
        name: 'signature',
        type: 'TEXT',
        description: 'hash of the members and their states',
        constraint: 'NOT NULL',
      },
      {
        name: 'searchable',
        type: 'INTEGER',
        description: '1 once its texts are in search',
        constraint: 'NOT NULL DEFAULT 0',
      },
      { name: 'search_first', type: 'INTEGER', description: 'first rowid in search' },
      { name: 'search_last', type: 'INTEGER', description: 'last rowid in search' },
      { name: 'built_at', type: 'TEXT', description: 'ISO time', constraint: 'NOT NULL' },
    ],
  },
  {
    name: '_facts',
    internal: true,
    description: 'per-file facts computed outside the index (validation counts for drift), by file state',
    columns: [
      { name: 'path', type: 'TEXT', description: 'file', constraint: 'NOT NULL' },
      {
        name: 'kind',
        type: 'TEXT',
        description: 'what the fact is, with its version',
        constraint: 'NOT NULL',
      },
      { name: 'size', type: 'INTEGER', description: 'file size it was computed for', constraint: 'NOT NULL' },
      {
        name: 'mtime_ms',
        type: 'REAL',
        description: 'modification time it was computed for',
        constraint: 'NOT NULL',
      },
      {
        name: 'identity',
        type: 'TEXT',
        description: 'inode and change time of the file it was computed for',
      },
      { name: 'value', type: 'BLOB', description: 'JSON value, raw-deflated', constraint: 'NOT NULL' },
    ],
    // Keyed by (path, kind), which serves the upserts and the deletes by path, with no index beside the rows
    // (a run reads every fact of a kind: a scan of this small table, its values deflated).
    withoutRowid: ['path', 'kind'],
  },
  {
    name: '_models',
    internal: true,
    description: 'the built report model of each top-level session',
    columns: [
      { name: 'unit_id', type: 'INTEGER', description: 'unit', constraint: 'NOT NULL' },
      {
        name: 'anchor',
        type: 'TEXT',
        description: 'the file that orders the session',
        constraint: 'NOT NULL',
      },
      {
        name: 'phase',
        type: 'INTEGER',
        description: '0: a session file; 1: an unclaimed subagent file',
        constraint: 'NOT NULL',
      },
      {
        name: 'model',
        type: 'BLOB',
        description: 'packed JSON report model, raw-deflated',
        constraint: 'NOT NULL',
      },
    ],
    indexes: [['unit_id']],
  },
  {
    name: '_session_costs',
    internal: true,
    description:
      "the status line's priced total of a session tree's stored requests, valid for its unit's signature and the prices it names",
    columns: [
      { name: 'unit_id', type: 'INTEGER', description: 'unit', constraint: 'NOT NULL' },
      { name: 'session_id', type: 'TEXT', description: "the tree's session id", constraint: 'NOT NULL' },
      {
        name: 'signature',
        type: 'TEXT',
        description: "the unit's signature the total was taken at",
        constraint: 'NOT NULL',
      },
      { name: 'pricing', type: 'TEXT', description: 'the prices it was priced with', constraint: 'NOT NULL' },
      {
        name: 'total',
        type: 'TEXT',
        description: 'JSON: the partials of the exact sum of the priced requests',
        constraint: 'NOT NULL',
      },
      { name: 'unpriced', type: 'INTEGER', description: 'requests with no price', constraint: 'NOT NULL' },
      { name: 'last', type: 'TEXT', description: "JSON: the main session's last request" },
    ],
    unique: [['unit_id', 'session_id']],
  },
];

/** The DDL of every table and index. */
export function indexDdl(): string[] {
  const statements: string[] = [];
  for (const table of indexTables) {
    if (table.kind === 'fts5') {
      const [first, ...rest] = table.columns;
      const columns = [first?.name ?? 'text', ...rest.map((c) => `${c.name} UNINDEXED`)];
      statements.push(
        `CREATE VIRTUAL TABLE ${table.name} USING fts5(${columns.join(', ')}, tokenize = 'unicode61 remove_diacritics 2')`,
      );
      continue;
    }
    const columns = table.columns.map((c) => `${c.name} ${c.type}${c.constraint ? ` ${c.constraint}` : ''}`);
    const unique = (table.unique ?? []).map((set) => `UNIQUE (${set.join(', ')})`);
    const key = table.withoutRowid ? [`PRIMARY KEY (${table.withoutRowid.join(', ')})`] : [];
    statements.push(
      `CREATE TABLE ${table.name} (${[...columns, ...unique, ...key].join(', ')})${table.withoutRowid ? ' WITHOUT ROWID' : ''}`,
    );
    for (const index of table.indexes ?? []) {
      const [columnsOf, where] = Array.isArray(index) ? [index, undefined] : [index.columns, index.where];
      statements.push(
        `CREATE INDEX ${table.name}_${columnsOf.join('_')}${where ? '_partial' : ''} ON ${table.name} (${columnsOf.join(', ')})${where ? ` WHERE ${where}` : ''}`,
      );
    }
  }
  return statements;
}

/**
 * Bump when what the index stores changes meaning without a DDL change: the skeleton projection, the
 * report model, the derived rows. The schema version hashes it with the DDL.
 */
export const indexFormatVersion = 6;

let version: number | undefined;

/** The schema version, computed when the status line's bundle was built (`scripts/bundle-statusline.mjs`). */
declare const __AGENTLOG_SCHEMA_VERSION__: number | undefined;

/**
 * `PRAGMA user_version` of a current index: a hash (`textHash`) of the DDL and {@link indexFormatVersion}. The
 * status line's bundle has it as a constant: hashing the DDL in a call's cold code took milliseconds.
 */
export function schemaVersion(): number {
  version ??=
    typeof __AGENTLOG_SCHEMA_VERSION__ === 'number'
      ? __AGENTLOG_SCHEMA_VERSION__
      : textHash(`${indexFormatVersion}\n${indexDdl().join(';\n')}`);
  return version;
}
