// The report model: a session reduced to what the commands that still take sessions read (`serve`, `search`,
// `otlp`, the MCP server) and what an append needs; stored per top-level session in `_models`.
import type { Message } from '../model/message.js';
import type { Session, Subagent } from '../model/session.js';
import type { ToolCall, ToolCallStatus } from '../model/tool-call.js';

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

function reportMessage(message: Message): Message {
  const { parts, usage: _usage, ...rest } = message;
  return { ...rest, parts: parts.filter((p) => p.type === 'tool_call' || p.type === 'tool_result') };
}

function reportCall(call: ToolCall): ToolCall {
  const { input: _input, rawInput: _rawInput, result, ...rest } = call;
  const reduced: ToolCall = { ...rest, input: undefined };
  if (result) {
    const { content: _content, structured: _structured, text, ...kept } = result;
    const needsText = failed.has(call.status) && call.statusReason === undefined;
    reduced.result = { ...kept, text: needsText ? text : '', content: undefined };
  }
  return reduced;
}
