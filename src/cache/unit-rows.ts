// The public rows of a built unit: each session, message, tool call, usage entry and problem as the row
// `agentlog sql` and the reports query, written by one `RowWriter` per refresh.
import type Database from 'better-sqlite3';
import { allSessions } from '../analytics/all-calls.js';
import { failedStatuses, firstMeaningfulLine, normalizeErrorMessage } from '../analytics/error-report.js';
import { openTurn } from '../analytics/session-state.js';
import { clip, summarizeToolInput } from '../analytics/summarize-tool-input.js';
import { holdsConversation } from '../lifecycle/holds-conversation.js';
import type { Message } from '../model/message.js';
import type { Session } from '../model/session.js';
import type { LocatedProblem } from '../model/source-location.js';
import type { ToolCall } from '../model/tool-call.js';
import type { UsageEntry } from '../model/usage.js';
import { prepareInsert, type Row } from './insert-row.js';

/** Longest text put in one search row (characters); longer texts are already cut by the skeletons. */
const maxSearchText = 100_000;

/** Prepared inserts of the derived rows (sessions, messages, tool calls, usage, problems, search). */
export interface RowWriter {
  /**
   * Writes the rows of one top-level session tree (search rows apart). `place` orders the tree among the
   * inputs (see `BuiltSession`): reports list trees by phase, then by the anchor's input position.
   */
  write(root: Session, unitId: number, place?: TreePlace): void;
  /** Writes rows {@link planTreeRows} made (on this thread or a scan worker): what `write` writes. */
  writePlanned(rows: TreeRows, unitId: number): void;
  /** Writes the full-text rows of one tree; returns the first and last rowid written. */
  writeSearch(root: Session, unitId: number): { searchFirst?: number; searchLast?: number };
  /** Removes every derived row of a unit. */
  remove(unitId: number, searchFirst: number | null, searchLast: number | null): void;
  /** Removes the full-text rows of a unit (they are written again when `search` asks). */
  removeSearch(searchFirst: number | null, searchLast: number | null): void;
}

/** Where a tree stands among the inputs: see `BuiltSession` (build-unit.ts). */
export interface TreePlace {
  anchor: string;
  phase: number;
}

export function createRowWriter(db: Database.Database): RowWriter {
  const insertSession = prepareInsert(db, 'sessions');
  const insertTree = prepareInsert(db, 'trees');
  const insertMessage = prepareInsert(db, 'messages');
  const insertCall = prepareInsert(db, 'tool_calls');
  const insertUsage = prepareInsert(db, 'usage_entries');
  const insertProblem = prepareInsert(db, 'problems');
  const insertSearch = prepareInsert(db, 'search');
  const removers = [
    'sessions',
    'trees',
    'messages',
    'tool_calls',
    'usage_entries',
    'problems',
    '_models',
    '_session_costs',
  ].map((t) => db.prepare(`DELETE FROM ${t} WHERE unit_id = ?`));
  const removeSearch = db.prepare('DELETE FROM search WHERE rowid BETWEEN ? AND ?');

  const writeSearch = (root: Session, unitId: number) => {
    let searchFirst: number | undefined;
    let searchLast: number | undefined;
    const add = (text: string, row: Row) => {
      if (text.trim() === '') return;
      const rowid = insertSearch({ text: text.slice(0, maxSearchText), ...row, unit_id: unitId });
      searchFirst ??= rowid;
      searchLast = rowid;
    };
    for (const session of allSessions([root])) {
      for (const message of session.messages) {
        add(messageText(message), {
          source: message.kind === 'prompt' ? 'prompt' : message.role,
          session_id: session.id,
          root_session_id: root.id,
          ref_id: message.id,
          role: message.role,
          kind: message.kind,
          timestamp: message.timestamp ?? null,
          file: message.location.file,
          line: message.location.line,
        });
      }
      for (const call of session.toolCalls) {
        add(inputText(call), {
          source: 'tool_input',
          session_id: session.id,
          root_session_id: root.id,
          ref_id: call.id,
          role: 'tool',
          kind: call.name,
          timestamp: call.startTime ?? null,
          file: call.location.file,
          line: call.location.line,
        });
        if (call.result)
          add(call.result.text, {
            source: 'tool_result',
            session_id: session.id,
            root_session_id: root.id,
            ref_id: call.id,
            role: 'tool',
            kind: call.name,
            timestamp: call.result.timestamp ?? call.endTime ?? null,
            file: call.result.location.file,
            line: call.result.location.line,
          });
      }
    }
    return {
      ...(searchFirst === undefined ? {} : { searchFirst }),
      ...(searchLast === undefined ? {} : { searchLast }),
    };
  };

  /** A sink that inserts the rows of one tree of unit `unitId` as they come. */
  const inserting = (unitId: number): TreeRowSink => {
    let tree = 0;
    let sessionRow = 0;
    const sessionRows: number[] = [];
    return {
      tree(row) {
        tree = insertTree({ ...row, unit_id: unitId });
      },
      session(row, parent) {
        sessionRow = insertSession({
          ...row,
          tree,
          parent_row: parent === -1 ? null : (sessionRows[parent] ?? null),
          unit_id: unitId,
        });
        sessionRows.push(sessionRow);
      },
      message: (row) => insertMessage({ ...row, unit_id: unitId }),
      call: (row) => insertCall({ ...row, session_row: sessionRow, unit_id: unitId }),
      usage: (row) => insertUsage({ ...row, session_row: sessionRow, unit_id: unitId }),
      problem: (row) => insertProblem({ ...row, unit_id: unitId }),
    };
  };

  return {
    write(root, unitId, place) {
      emitTreeRows(root, place, inserting(unitId));
    },
    writePlanned(rows, unitId) {
      const sink = inserting(unitId);
      sink.tree(rows.tree);
      for (const planned of rows.sessions) {
        sink.session(planned.session, planned.parent);
        for (const row of planned.messages) sink.message(row);
        for (const row of planned.calls) sink.call(row);
        for (const row of planned.usage) sink.usage(row);
        for (const row of planned.problems) sink.problem(row);
      }
    },
    writeSearch,
    remove(unitId, searchFirst, searchLast) {
      for (const statement of removers) statement.run(unitId);
      if (searchFirst !== null && searchLast !== null) removeSearch.run(searchFirst, searchLast);
    },
    removeSearch(searchFirst, searchLast) {
      if (searchFirst !== null && searchLast !== null) removeSearch.run(searchFirst, searchLast);
    },
  };
}

/**
 * The rows of one top-level session tree, made without the index: the tree row, then each session of the
 * tree (`allSessions` order, a parent before its subagents) with its messages, calls, usage entries and
 * problems. The ids SQLite gives (tree, session rows, unit) are set as they are written. Plain data, so a scan
 * worker that built a unit hands its rows over as they are.
 */
export interface TreeRows {
  tree: Row;
  sessions: {
    session: Row;
    /** The position of the parent session in `sessions`, or -1 for the top-level session. */
    parent: number;
    messages: Row[];
    calls: Row[];
    usage: Row[];
    problems: Row[];
  }[];
}

/** Takes the rows of one tree in the order they are written (see {@link emitTreeRows}). */
export interface TreeRowSink {
  tree(row: Row): void;
  /** A session's row; `parent` is the position of its parent among the sessions given before (-1: none). */
  session(row: Row, parent: number): void;
  /** The session's messages, calls, usage entries and problems follow its row. */
  message(row: Row): void;
  call(row: Row): void;
  usage(row: Row): void;
  problem(row: Row): void;
}

/**
 * Gives `sink` the rows of a built tree, in the one order both writers keep: the tree row, then each session
 * of the tree (`allSessions` order, a parent before its subagents) followed by its messages, calls, usage
 * entries and problems. `place` orders the tree among the inputs (see `RowWriter.write`).
 */
export function emitTreeRows(root: Session, place: TreePlace | undefined, sink: TreeRowSink): void {
  sink.tree(treeRow(root, place));
  const position = new Map<Session, number>();
  const parentOf = new Map<Session, Session>();
  for (const session of allSessions([root])) {
    for (const sub of session.subagents) parentOf.set(sub.session, session);
    const parent = parentOf.get(session);
    position.set(session, position.size);
    sink.session(sessionRowOf(session, root), parent === undefined ? -1 : (position.get(parent) ?? -1));
    for (const message of session.messages)
      sink.message(messageRowOf(message, session, root, messageText(message)));
    for (const call of session.toolCalls) sink.call(callRowOf(call, session, root));
    for (const entry of session.usageEntries) sink.usage(usageRowOf(entry, session, root));
    for (const problem of session.problems) sink.problem(problemRowOf(problem, session, root));
  }
}

/** {@link TreeRows} of a built tree, for a worker to hand over (see {@link emitTreeRows}). */
export function planTreeRows(root: Session, place?: TreePlace): TreeRows {
  let tree: Row = {};
  const sessions: TreeRows['sessions'] = [];
  let current: TreeRows['sessions'][number] | undefined;
  const into = (pick: (s: TreeRows['sessions'][number]) => Row[]) => (row: Row) => {
    if (current) pick(current).push(row);
  };
  emitTreeRows(root, place, {
    tree: (row) => {
      tree = row;
    },
    session: (row, parent) => {
      current = { session: row, parent, messages: [], calls: [], usage: [], problems: [] };
      sessions.push(current);
    },
    message: into((s) => s.messages),
    call: into((s) => s.calls),
    usage: into((s) => s.usage),
    problem: into((s) => s.problems),
  });
  return { tree, sessions };
}

/** The sessions row of a session (tree, parent row and unit apart). */
export function sessionRowOf(session: Session, root: Session): Row {
  const calls = session.toolCalls;
  return {
    id: session.id,
    root_session_id: root.id,
    parent_session_id: session.parentSessionId ?? null,
    parent_tool_call_id: session.parentToolCallId ?? null,
    agent: session.agent,
    is_subagent: session.isSubagent ? 1 : 0,
    top_level: session === root ? 1 : 0,
    agent_id: session.agentId ?? null,
    project: session.project ?? null,
    cwd: session.cwd ?? null,
    git_branch: session.gitBranch ?? null,
    title: session.title ?? null,
    title_source: session.titleSource ?? null,
    start_time: session.startTime ?? null,
    end_time: session.endTime ?? null,
    duration_ms: session.durationMs ?? null,
    forked_from_id: session.forkedFromId ?? null,
    models: JSON.stringify(session.models),
    versions: JSON.stringify(session.versions),
    files: JSON.stringify(session.files),
    messages: session.messages.length,
    prompts: session.messages.filter((m) => m.kind === 'prompt').length,
    tool_calls: calls.length,
    failed_tool_calls: calls.filter((c) => c.status !== 'ok').length,
    errors: calls.filter((c) => c.status === 'error').length,
    subagents: session.subagents.length,
    input_tokens: session.usage.inputTokens,
    output_tokens: session.usage.outputTokens,
    cache_write_tokens: session.usage.cacheWriteTokens,
    cache_read_tokens: session.usage.cacheReadTokens,
    reasoning_tokens: session.usage.reasoningTokens,
    rate_limits: session.rateLimits === undefined ? null : JSON.stringify(session.rateLimits),
  };
}

/** The messages row of a message (unit apart); `text` is its text parts joined (see {@link messageText}). */
export function messageRowOf(message: Message, session: Session, root: Session, text: string): Row {
  return {
    id: message.id,
    session_id: session.id,
    root_session_id: root.id,
    parent_id: message.parentId ?? null,
    role: message.role,
    kind: message.kind,
    subtype: message.subtype ?? null,
    timestamp: message.timestamp ?? null,
    model: message.model ?? null,
    off_branch: message.offBranch ? 1 : 0,
    text: excerpt(text),
    file: message.location.file,
    line: message.location.line,
  };
}

/** The stored excerpt of a message text: its first 300 characters. */
export function excerpt(text: string): string {
  return text.length > 300 ? `${text.slice(0, 300)}\u2026` : text;
}

/** The tool_calls row of a call (session row and unit apart). */
export function callRowOf(call: ToolCall, session: Session, root: Session): Row {
  return {
    id: call.id,
    session_id: session.id,
    root_session_id: root.id,
    tool: call.name,
    canonical: call.canonicalName,
    kind: call.kind,
    mcp_server: call.mcpServer ?? null,
    start_time: call.startTime ?? null,
    model: call.model ?? null,
    subagent_id: call.subagentId ?? null,
    input_summary: summarizeToolInput(call, 200),
    file: call.location.file,
    line: call.location.line,
    ...callOutcomeColumns(call),
  };
}

/** The columns of a call row that its result and status decide. */
export function callOutcomeColumns(call: ToolCall): Row {
  const resultText = call.result?.text ?? '';
  return {
    status: call.status,
    status_reason: call.statusReason ?? null,
    end_time: call.endTime ?? null,
    duration_ms: call.durationMs ?? null,
    exit_code: call.result?.exitCode ?? null,
    result_excerpt: resultText === '' ? null : clip(resultText, 300),
    ...errorColumns(call),
  };
}

/** The usage_entries row of a usage entry (session row and unit apart). */
export function usageRowOf(entry: UsageEntry, session: Session, root: Session): Row {
  const u = entry.usage;
  return {
    session_id: session.id,
    root_session_id: root.id,
    message_id: entry.messageId ?? null,
    timestamp: entry.timestamp ?? null,
    model: entry.model ?? null,
    input_tokens: u.inputTokens,
    output_tokens: u.outputTokens,
    cache_write_tokens: u.cacheWriteTokens,
    cache_read_tokens: u.cacheReadTokens,
    reasoning_tokens: u.reasoningTokens,
    cache_write_1h_tokens: u.cacheWrite1hTokens,
    web_search_requests: u.webSearchRequests,
    request_key: entry.requestKey ?? null,
  };
}

/** The problems row of a problem (unit apart). */
export function problemRowOf(problem: LocatedProblem, session: Session, root: Session): Row {
  return {
    session_id: session.id,
    root_session_id: root.id,
    file: problem.location.file,
    line: problem.location.line,
    type: problem.type,
    message: problem.message,
  };
}

/** The trees row of a top-level session (unit apart). */
export function treeRow(root: Session, place: TreePlace | undefined): Row {
  let sessions = 0;
  let messages = 0;
  let prompts = 0;
  let toolCalls = 0;
  for (const session of allSessions([root])) {
    sessions += 1;
    messages += session.messages.length;
    prompts += session.messages.filter((m) => m.kind === 'prompt').length;
    toolCalls += session.toolCalls.length;
  }
  return {
    session_id: root.id,
    agent: root.agent,
    project: root.project ?? null,
    cwds: JSON.stringify(root.cwds),
    start_time: root.startTime ?? null,
    end_time: root.endTime ?? null,
    duration_ms: root.durationMs ?? null,
    first_file: root.files[0] ?? null,
    conversation: holdsConversation(root) ? 1 : 0,
    readable: root.counts.records === 0 && root.counts.errors > 0 && root.subagents.length === 0 ? 0 : 1,
    sessions,
    messages,
    prompts,
    tool_calls: toolCalls,
    open_turn: openTurn(root) ?? null,
    anchor: place?.anchor ?? root.files[0] ?? null,
    phase: place?.phase ?? 0,
  };
}

/** The error columns of a call: what `computeErrors` groups a failed call by, and its example location. */
function errorColumns(call: ToolCall): Row {
  if (!failedStatuses.has(call.status))
    return { error_message: null, error_text: null, error_file: null, error_line: null };
  const text = firstMeaningfulLine(call.statusReason ?? call.result?.text ?? call.status);
  const location = call.result?.location ?? call.location;
  return {
    error_message: normalizeErrorMessage(text),
    error_text: text.slice(0, 300),
    error_file: location.file,
    error_line: location.line,
  };
}

/** The text parts of a message, joined. */
export function messageText(message: Message): string {
  const texts: string[] = [];
  for (const part of message.parts) if (part.type === 'text') texts.push(part.text);
  return texts.join('\n');
}

/** A call's input as searchable text: its string and number values, one per line. */
function inputText(call: ToolCall): string {
  if (call.rawInput !== undefined) return call.rawInput;
  const values: string[] = [];
  const visit = (value: unknown, depth: number) => {
    if (typeof value === 'string') values.push(value);
    else if (typeof value === 'number' || typeof value === 'boolean') values.push(String(value));
    else if (depth < 8 && Array.isArray(value)) for (const item of value) visit(item, depth + 1);
    else if (depth < 8 && value !== null && typeof value === 'object')
      for (const item of Object.values(value)) visit(item, depth + 1);
  };
  visit(call.input, 0);
  return values.join('\n');
}
