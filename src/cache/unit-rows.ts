// The public rows of a built unit: each session, tree, message, tool call, usage entry and problem as the row
// `agentlog sql` and the reports query (unit and SQLite's ids apart). `tree-rows.ts` gives them in the order
// they are written, `row-writer.ts` writes them; the appends (`append-unit.ts`) make single rows here too.

import { failedStatuses, firstMeaningfulLine, normalizeErrorMessage } from '../analytics/error-report.js';
import { openTurn } from '../analytics/session-state.js';
import { clip, summarizeToolInput } from '../analytics/summarize-tool-input.js';
import { holdsConversation } from '../lifecycle/holds-conversation.js';
import { allSessions } from '../model/all-sessions.js';
import type { Message } from '../model/message.js';
import type { Session } from '../model/session.js';
import type { LocatedProblem } from '../model/source-location.js';
import type { ToolCall } from '../model/tool-call.js';
import type { UsageEntry } from '../model/usage.js';
import type { Row } from './insert-row.js';
import { callDetail } from './packed-call.js';
import { messageDetail } from './packed-message.js';

/** Where a tree stands among the inputs: see `BuiltSession` (build-unit.ts). */
export interface TreePlace {
  anchor: string;
  phase: number;
}

/**
 * What a session's decoding left in its rows (`createTailReader`, tail-reader.ts): its messages before the
 * decoded ones and how many are prompts; its calls (results without a call too) not decoded, how many of
 * them are not `ok`, are errors, are missing.
 */
export interface EarlierCounts {
  messages: number;
  prompts: number;
  calls: number;
  failed: number;
  errors: number;
  missing: number;
}

const noEarlier: EarlierCounts = { messages: 0, prompts: 0, calls: 0, failed: 0, errors: 0, missing: 0 };

/**
 * The sessions row of a session (tree, parent row and unit apart); `earlier`: its messages left in its rows,
 * which its counts take in.
 */
export function sessionRowOf(session: Session, root: Session, earlier = noEarlier): Row {
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
    messages: earlier.messages + session.messages.length,
    prompts: earlier.prompts + session.messages.filter((m) => m.kind === 'prompt').length,
    tool_calls: earlier.calls + calls.length,
    failed_tool_calls: earlier.failed + calls.filter((c) => c.status !== 'ok').length,
    errors: earlier.errors + calls.filter((c) => c.status === 'error').length,
    subagents: session.subagents.length,
    input_tokens: session.usage.inputTokens,
    output_tokens: session.usage.outputTokens,
    cache_write_tokens: session.usage.cacheWriteTokens,
    cache_read_tokens: session.usage.cacheReadTokens,
    reasoning_tokens: session.usage.reasoningTokens,
    rate_limits: session.rateLimits === undefined ? null : JSON.stringify(session.rateLimits),
  };
}

/**
 * The messages row of a message (unit apart); `text` is its text parts joined (see {@link messageText}),
 * `places` its session's `callPlaces`.
 */
export function messageRowOf(
  message: Message,
  session: Session,
  root: Session,
  text: string,
  places: ReadonlyMap<string, number>,
): Row {
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
    detail: messageDetail(message, places),
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
    input_summary: summarizeToolInput(call, 200),
    file: call.location.file,
    line: call.location.line,
    ...callOutcomeColumns(call, session.id),
  };
}

/**
 * The columns of the row of a call of session `sessionId` that its result, status and links decide (an
 * append writes them again).
 */
export function callOutcomeColumns(call: ToolCall, sessionId: string): Row {
  const resultText = call.result?.text ?? '';
  return {
    status: call.status,
    status_reason: call.statusReason ?? null,
    end_time: call.endTime ?? null,
    duration_ms: call.durationMs ?? null,
    exit_code: call.result?.exitCode ?? null,
    result_excerpt: resultText === '' ? null : clip(resultText, 300),
    ...errorColumns(call),
    subagent_id: call.subagentId ?? null,
    detail: callDetail(call, sessionId),
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

/**
 * The trees row of a top-level session (unit apart); `earlier`: what the decoding of its sessions left in
 * their rows, which the counts take in.
 */
export function treeRow(
  root: Session,
  place: TreePlace | undefined,
  earlier?: ReadonlyMap<Session, EarlierCounts>,
): Row {
  let sessions = 0;
  let messages = 0;
  let prompts = 0;
  let toolCalls = 0;
  let missingLeft = 0;
  for (const session of allSessions([root])) {
    const left = earlier?.get(session) ?? noEarlier;
    sessions += 1;
    messages += left.messages + session.messages.length;
    prompts += left.prompts + session.messages.filter((m) => m.kind === 'prompt').length;
    toolCalls += left.calls + session.toolCalls.length;
    missingLeft += left.missing;
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
    open_turn: openTurn(root, missingLeft) ?? null,
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
