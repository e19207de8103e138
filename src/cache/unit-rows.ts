import type Database from 'better-sqlite3';
import { allSessions } from '../analytics/all-calls.js';
import { failedStatuses, firstMeaningfulLine, normalizeErrorMessage } from '../analytics/error-report.js';
import { openTurn } from '../analytics/session-state.js';
import { clip, summarizeToolInput } from '../analytics/summarize-tool-input.js';
import { holdsConversation } from '../lifecycle/holds-conversation.js';
import type { Message } from '../model/message.js';
import type { Session } from '../model/session.js';
import type { ToolCall } from '../model/tool-call.js';

/** Longest text put in one search row (characters); longer texts are already cut by the skeletons. */
const maxSearchText = 100_000;

/** Prepared inserts of the derived rows (sessions, messages, tool calls, usage, problems, search). */
export interface RowWriter {
  /**
   * Writes the rows of one top-level session tree (search rows apart). `place` orders the tree among the
   * inputs (see `BuiltSession`): reports list trees by phase, then by the anchor's input position.
   */
  write(root: Session, unitId: number, place?: TreePlace): void;
  /** Writes the full-text rows of one tree; returns the first and last rowid written. */
  writeSearch(root: Session, unitId: number): { searchFirst?: number; searchLast?: number };
  /** Removes every derived row of a unit. */
  remove(unitId: number, searchFirst: number | null, searchLast: number | null): void;
}

/** Where a tree stands among the inputs: see `BuiltSession` (build-unit.ts). */
export interface TreePlace {
  anchor: string;
  phase: number;
}

export function createRowWriter(db: Database.Database): RowWriter {
  const insertSession = db.prepare(`INSERT INTO sessions (id, root_session_id, parent_session_id,
    parent_tool_call_id, agent, is_subagent, top_level, agent_id, project, cwd, git_branch, title, title_source, start_time,
    end_time, duration_ms, forked_from_id, models, versions, files, messages, prompts, tool_calls,
    failed_tool_calls, errors, subagents, input_tokens, output_tokens, cache_write_tokens, cache_read_tokens,
    reasoning_tokens, tree, parent_row, unit_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
    ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertTree = db.prepare(`INSERT INTO trees (session_id, agent, project, cwds, start_time, end_time,
    duration_ms, first_file, conversation, readable, sessions, messages, prompts, tool_calls, open_turn, anchor,
    phase, unit_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertMessage = db.prepare(`INSERT INTO messages (id, session_id, root_session_id, parent_id, role,
    kind, subtype, timestamp, model, off_branch, text, file, line, unit_id)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertCall = db.prepare(`INSERT INTO tool_calls (id, session_id, root_session_id, tool, canonical,
    kind, mcp_server, status, status_reason, start_time, end_time, duration_ms, model, exit_code, subagent_id,
    input_summary, result_excerpt, file, line, session_row, error_message, error_text, error_file, error_line,
    unit_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertUsage = db.prepare(`INSERT INTO usage_entries (session_id, root_session_id, message_id,
    timestamp, model, input_tokens, output_tokens, cache_write_tokens, cache_read_tokens, reasoning_tokens,
    cache_write_1h_tokens, web_search_requests, request_key, session_row, unit_id)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertProblem = db.prepare(`INSERT INTO problems (session_id, root_session_id, file, line, type,
    message, unit_id) VALUES (?, ?, ?, ?, ?, ?, ?)`);
  const insertSearch = db.prepare(`INSERT INTO search (text, source, session_id, root_session_id, ref_id,
    role, kind, timestamp, file, line, unit_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const removers = [
    'sessions',
    'trees',
    'messages',
    'tool_calls',
    'usage_entries',
    'problems',
    '_models',
  ].map((t) => db.prepare(`DELETE FROM ${t} WHERE unit_id = ?`));
  const removeSearch = db.prepare('DELETE FROM search WHERE rowid BETWEEN ? AND ?');

  const writeSearch = (root: Session, unitId: number) => {
    let searchFirst: number | undefined;
    let searchLast: number | undefined;
    const add = (text: string, values: unknown[]) => {
      if (text.trim() === '') return;
      const rowid = Number(insertSearch.run(text.slice(0, maxSearchText), ...values, unitId).lastInsertRowid);
      searchFirst ??= rowid;
      searchLast = rowid;
    };
    for (const session of allSessions([root])) {
      for (const message of session.messages) {
        add(messageText(message), [
          message.kind === 'prompt' ? 'prompt' : message.role,
          session.id,
          root.id,
          message.id,
          message.role,
          message.kind,
          message.timestamp ?? null,
          message.location.file,
          message.location.line,
        ]);
      }
      for (const call of session.toolCalls) {
        add(inputText(call), [
          'tool_input',
          session.id,
          root.id,
          call.id,
          'tool',
          call.name,
          call.startTime ?? null,
          call.location.file,
          call.location.line,
        ]);
        if (call.result)
          add(call.result.text, [
            'tool_result',
            session.id,
            root.id,
            call.id,
            'tool',
            call.name,
            call.result.timestamp ?? call.endTime ?? null,
            call.result.location.file,
            call.result.location.line,
          ]);
      }
    }
    return {
      ...(searchFirst === undefined ? {} : { searchFirst }),
      ...(searchLast === undefined ? {} : { searchLast }),
    };
  };

  return {
    write(root, unitId, place) {
      const tree = Number(insertTree.run(...treeValues(root, place), unitId).lastInsertRowid);
      const rowOf = new Map<Session, number>();
      const parentOf = new Map<Session, Session>();
      for (const session of allSessions([root])) {
        for (const sub of session.subagents) parentOf.set(sub.session, session);
        const calls = session.toolCalls;
        const sessionRow = Number(
          insertSession.run(
            session.id,
            root.id,
            session.parentSessionId ?? null,
            session.parentToolCallId ?? null,
            session.agent,
            session.isSubagent ? 1 : 0,
            session === root ? 1 : 0,
            session.agentId ?? null,
            session.project ?? null,
            session.cwd ?? null,
            session.gitBranch ?? null,
            session.title ?? null,
            session.titleSource ?? null,
            session.startTime ?? null,
            session.endTime ?? null,
            session.durationMs ?? null,
            session.forkedFromId ?? null,
            JSON.stringify(session.models),
            JSON.stringify(session.versions),
            JSON.stringify(session.files),
            session.messages.length,
            session.messages.filter((m) => m.kind === 'prompt').length,
            calls.length,
            calls.filter((c) => c.status !== 'ok').length,
            calls.filter((c) => c.status === 'error').length,
            session.subagents.length,
            session.usage.inputTokens,
            session.usage.outputTokens,
            session.usage.cacheWriteTokens,
            session.usage.cacheReadTokens,
            session.usage.reasoningTokens,
            tree,
            rowOf.get(parentOf.get(session) as Session) ?? null,
            unitId,
          ).lastInsertRowid,
        );
        rowOf.set(session, sessionRow);
        for (const message of session.messages) {
          const text = messageText(message);
          insertMessage.run(
            message.id,
            session.id,
            root.id,
            message.parentId ?? null,
            message.role,
            message.kind,
            message.subtype ?? null,
            message.timestamp ?? null,
            message.model ?? null,
            message.offBranch ? 1 : 0,
            text.length > 300 ? `${text.slice(0, 300)}\u2026` : text,
            message.location.file,
            message.location.line,
            unitId,
          );
        }
        for (const call of calls) {
          const resultText = call.result?.text ?? '';
          insertCall.run(
            call.id,
            session.id,
            root.id,
            call.name,
            call.canonicalName,
            call.kind,
            call.mcpServer ?? null,
            call.status,
            call.statusReason ?? null,
            call.startTime ?? null,
            call.endTime ?? null,
            call.durationMs ?? null,
            call.model ?? null,
            call.result?.exitCode ?? null,
            call.subagentId ?? null,
            summarizeToolInput(call, 200),
            resultText === '' ? null : clip(resultText, 300),
            call.location.file,
            call.location.line,
            sessionRow,
            ...errorValues(call),
            unitId,
          );
        }
        for (const entry of session.usageEntries) {
          const u = entry.usage;
          insertUsage.run(
            session.id,
            root.id,
            entry.messageId ?? null,
            entry.timestamp ?? null,
            entry.model ?? null,
            u.inputTokens,
            u.outputTokens,
            u.cacheWriteTokens,
            u.cacheReadTokens,
            u.reasoningTokens,
            u.cacheWrite1hTokens,
            u.webSearchRequests,
            entry.requestKey ?? null,
            sessionRow,
            unitId,
          );
        }
        for (const problem of session.problems) {
          insertProblem.run(
            session.id,
            root.id,
            problem.location.file,
            problem.location.line,
            problem.type,
            problem.message,
            unitId,
          );
        }
      }
    },
    writeSearch,
    remove(unitId, searchFirst, searchLast) {
      for (const statement of removers) statement.run(unitId);
      if (searchFirst !== null && searchLast !== null) removeSearch.run(searchFirst, searchLast);
    },
  };
}

/** The trees row of a top-level session (unit apart). */
function treeValues(root: Session, place: TreePlace | undefined): unknown[] {
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
  return [
    root.id,
    root.agent,
    root.project ?? null,
    JSON.stringify(root.cwds),
    root.startTime ?? null,
    root.endTime ?? null,
    root.durationMs ?? null,
    root.files[0] ?? null,
    holdsConversation(root) ? 1 : 0,
    root.counts.records === 0 && root.counts.errors > 0 && root.subagents.length === 0 ? 0 : 1,
    sessions,
    messages,
    prompts,
    toolCalls,
    openTurn(root) ?? null,
    place?.anchor ?? root.files[0] ?? null,
    place?.phase ?? 0,
  ];
}

/** The error columns of a call: what `computeErrors` groups a failed call by, and its example location. */
function errorValues(call: ToolCall): unknown[] {
  if (!failedStatuses.has(call.status)) return [null, null, null, null];
  const text = firstMeaningfulLine(call.statusReason ?? call.result?.text ?? call.status);
  const location = call.result?.location ?? call.location;
  return [normalizeErrorMessage(text), text.slice(0, 300), location.file, location.line];
}

/** The text parts of a message, joined. */
function messageText(message: Message): string {
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
