// Every table of the index, declared once: the public tables (`sessions`, `messages`, `tool_calls`,
// `usage_entries`, `problems`, `files`, ...; their shared columns come from `model/row-columns.ts`) and the
// internal ones (`_`-prefixed), with the descriptions `agentlog schema` and the docs print, the DDL made from
// them, and the schema version (a hash of the DDL) that tells an index of another layout.
import {
  type ColumnKind,
  messageColumns as M,
  type RowColumn,
  sessionColumns as S,
  toolCallColumns as T,
  usageColumns as U,
} from '../model/row-columns.js';
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

const unit: ColumnDoc = {
  name: 'unit_id',
  type: 'INTEGER',
  description: 'internal: the group of files the rows were built from',
  constraint: 'NOT NULL',
};

const sqliteTypes: Record<ColumnKind, ColumnDoc['type']> = {
  text: 'TEXT',
  integer: 'INTEGER',
  real: 'REAL',
  boolean: 'INTEGER',
  time: 'TEXT',
  json: 'TEXT',
};
/** How the index writes what SQLite has no type for. */
const sqliteForms: Partial<Record<ColumnKind, string>> = {
  boolean: '1 or 0',
  time: 'ISO time',
  json: 'JSON text',
};

/** Columns of the public rows (`model/row-columns.ts`) as the index declares them. */
function shared(...columns: RowColumn[]): ColumnDoc[] {
  return columns.map((column) => {
    const form = sqliteForms[column.kind];
    return {
      name: column.name,
      type: sqliteTypes[column.kind],
      description: form ? `${column.description} (${form})` : column.description,
    };
  });
}

/** Every table of the index, public ones first. The DDL is generated from this list. */
export const indexTables: TableDoc[] = [
  {
    name: 'sessions',
    description: 'one row per session, subagent sessions included (is_subagent = 1)',
    columns: [
      ...shared(S.id, S.root_session_id, S.parent_session_id, S.parent_tool_call_id),
      { name: 'tree', type: 'INTEGER', description: 'the trees row of its top-level session (trees.id)' },
      {
        name: 'parent_row',
        type: 'INTEGER',
        description: 'for subagents: the sessions rowid of the parent session (rowid order is tree order)',
      },
      ...shared(S.agent, S.is_subagent),
      {
        name: 'top_level',
        type: 'INTEGER',
        description: '1 for the sessions agentlog ls lists (subagent files no session claimed included)',
      },
      ...shared(
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
      ...shared(
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
      ...shared(M.file, M.line),
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
      ...shared(
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
      ...shared(T.input_summary),
      { name: 'result_excerpt', type: 'TEXT', description: 'first 300 characters of the result text' },
      ...shared(T.file, T.line),
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
      ...shared(...Object.values(U)),
      { name: 'session_row', type: 'INTEGER', description: 'the sessions rowid of its session' },
      unit,
    ],
    indexes: [['unit_id']],
  },
  {
    name: 'problems',
    description: 'lines that did not decode and problems found while building sessions',
    columns: [
      ...shared(M.session_id, M.root_session_id, M.file, M.line),
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
      ...shared(M.session_id, M.root_session_id),
      { name: 'ref_id', type: 'TEXT', description: 'message id or tool call id' },
      { name: 'role', type: 'TEXT', description: 'user, assistant, system, or tool' },
      { name: 'kind', type: 'TEXT', description: 'message kind, or the tool name' },
      { name: 'timestamp', type: 'TEXT', description: 'ISO time' },
      ...shared(M.file, M.line),
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
      { name: 'value', type: 'TEXT', description: 'JSON value', constraint: 'NOT NULL' },
    ],
    // Keyed by (path, kind), which serves the upserts and the deletes by path, with no index beside the rows
    // (a run reads every fact of a kind: a scan of this small table).
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
  {
    name: '_answers',
    internal: true,
    description:
      "a report command's computed answer, valid while the index is up to date with the inputs it was computed for",
    columns: [
      {
        name: 'key',
        type: 'TEXT',
        description: 'a hash of the command, its options and the prices',
        constraint: 'NOT NULL',
      },
      {
        name: 'inputs',
        type: 'TEXT',
        description: "the hash of the run's inputs (`_meta` inputs_hash) it was computed for",
        constraint: 'NOT NULL',
      },
      {
        name: 'value',
        type: 'BLOB',
        description: 'the answer, v8-serialized and raw-deflated',
        constraint: 'NOT NULL',
      },
    ],
    withoutRowid: ['key'],
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

/** The schema version, computed when the bundles were built (`scripts/bundle-cli.mjs`). */
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
