// The report model: a session reduced to what the commands that still take sessions read (`serve`, `search`,
// `otlp`, the MCP server) and what an append needs, as decoding a unit's rows gives it back. The stored form
// (`report-model-codec.ts`) applies the same reduction as it packs, from a built session or from its model.
import type { Message, MessagePart } from '../model/message.js';
import type { Session, Subagent } from '../model/session.js';
import type { ToolCall, ToolCallResult, ToolCallStatus } from '../model/tool-call.js';

const failed: ReadonlySet<ToolCallStatus> = new Set(['error', 'denied', 'interrupted', 'hook_blocked']);

/**
 * A session reduced to what reports read, for the index to store and hand back on warm runs. Everything
 * structural stays (ids, kinds, statuses, times, usage entries, locations, subagents, counts, problems); the
 * text goes: message parts keep only their tool call and result references, messages lose their usage
 * (the session's usage entries carry it), calls lose their input and their result content (the result text
 * stays where a failed call has no status reason, since the errors report falls back to it), and turns are
 * left empty. `show` and the `messages`/`search` tables have the text.
 */
export function toReportModel(session: Session): Session {
  return {
    ...session,
    messages: session.messages.map(reportMessage),
    turns: [],
    toolCalls: session.toolCalls.map(reportCall),
    subagents: session.subagents.map((sub): Subagent => ({ ...sub, session: toReportModel(sub.session) })),
  };
}

/** The parts a report model keeps of a message's: its tool call and result references. */
export function reportParts(parts: readonly MessagePart[]): MessagePart[] {
  return parts.filter((p) => p.type === 'tool_call' || p.type === 'tool_result');
}

/**
 * The result a report model keeps of a call's, without its content: the text only where a failed call has
 * no status reason (else ''), and `content` undefined. Its keys are in the order of the result's.
 */
export function reportResult(call: ToolCall, result: ToolCallResult): ToolCallResult {
  const {
    content: _content,
    structured: _structured,
    text,
    ...kept
  } = result as ToolCallResult & {
    structured?: unknown;
  };
  const needsText = failed.has(call.status) && call.statusReason === undefined;
  return { ...kept, text: needsText ? text : '', content: undefined };
}

function reportMessage(message: Message): Message {
  const { parts, usage: _usage, ...rest } = message;
  return { ...rest, parts: reportParts(parts) };
}

function reportCall(call: ToolCall): ToolCall {
  const { input: _input, rawInput: _rawInput, result, ...rest } = call;
  const reduced: ToolCall = { ...rest, input: undefined };
  if (result) reduced.result = reportResult(call, result);
  return reduced;
}
