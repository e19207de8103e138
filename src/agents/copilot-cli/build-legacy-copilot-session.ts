import { buildTurns } from '../../model/build-turns.js';
import type { Message, MessagePart } from '../../model/message.js';
import type { Session } from '../../model/session.js';
import type { SourceLocation } from '../../model/source-location.js';
import type { ToolCall } from '../../model/tool-call.js';
import { emptyUsage } from '../../model/usage.js';
import { arr, obj, optional, str, timeOf } from '../../schemas/common/value-access.js';
import type { AdapterFile } from '../agent-adapter.js';
import { copilotRecordShape } from './decode-record.js';
import { type CopilotOutcome, createCopilotCall, exitCodeInText, settleCopilotCall } from './tool-call.js';

/**
 * Builds a session from a legacy Copilot CLI document (`history-session-state/<id>.json`, read into records
 * by `legacyDocumentRecords`). The `timeline` is the session as it happened (a timestamp per entry, every
 * tool call with its result), so messages and calls come from it in document order; a call's result text is
 * the model-facing `content` of the `chatMessages` tool message with its id where there is one (the timeline's
 * `result.log` is what the terminal showed: a diff for file tools), and its status comes from
 * `result.type` and the exit code line of shell output. Calls that only `chatMessages` holds are added after.
 * The document records no usage, model or version.
 */
export function buildLegacyCopilotSession(file: AdapterFile): Session {
  const header = file.records.find((r) => copilotRecordShape(r.value) === 'legacy-header')?.value ?? {};
  const sessionId = str(header.sessionId) ?? 'unknown';
  const chat = file.records.filter((r) => copilotRecordShape(r.value) === 'legacy-chat');
  const timeline = file.records.filter((r) => copilotRecordShape(r.value) === 'legacy-timeline');
  /** The model-facing result of each call, from the chat history. */
  const chatResults = new Map<string, { content: unknown; location: SourceLocation }>();
  for (const { value, location } of chat) {
    const id = str(value.tool_call_id);
    if (value.role === 'tool' && id !== undefined && !chatResults.has(id))
      chatResults.set(id, { content: value.content, location });
  }

  const messages: Message[] = [];
  const calls = new Map<string, ToolCall>();
  let firstPrompt: string | undefined;
  let first = timeOf(header.startTime);
  let last = first;
  // A timeline entry is written when the call completed: the call has an end time, no start time.
  const context = (location: SourceLocation, messageId: string) => ({
    sessionId,
    location,
    timestamp: undefined,
    model: undefined,
    messageId,
    agentId: undefined,
    mcpServers: [],
  });

  for (const { value, location } of timeline) {
    const timestamp = str(value.timestamp);
    const t = timeOf(timestamp);
    if (t !== undefined) {
      if (first === undefined || t < first) first = t;
      if (last === undefined || t > last) last = t;
    }
    const base = {
      id: str(value.id) ?? `${sessionId}:${location.line}`,
      location,
      ...optional('timestamp', timestamp),
    };
    const text = str(value.text) ?? '';
    switch (value.type) {
      case 'user':
        messages.push({ ...base, role: 'user', kind: 'prompt', parts: [{ type: 'text', text }] });
        firstPrompt ??= text;
        break;
      case 'copilot':
        messages.push({ ...base, role: 'assistant', kind: 'response', parts: [{ type: 'text', text }] });
        break;
      case 'info':
        messages.push({
          ...base,
          role: 'system',
          kind: 'system',
          parts: [{ type: 'text', text }],
          subtype: 'info',
        });
        break;
      case 'tool_call_completed': {
        const id = str(value.callId);
        if (id === undefined || calls.has(id)) break;
        const call = createCopilotCall(
          id,
          str(value.name) ?? '(no name)',
          value.arguments,
          context(location, base.id),
        );
        calls.set(id, call);
        settleCopilotCall(call, outcomeOfTimeline(value, chatResults.get(id), location, timestamp));
        messages.push({
          ...base,
          role: 'assistant',
          kind: 'response',
          parts: [{ type: 'tool_call', callId: id }],
        });
        messages.push({
          ...base,
          id: `${base.id}:result`,
          role: 'user',
          kind: 'tool_results',
          parts: [{ type: 'tool_result', callId: id }],
        });
        break;
      }
      default:
        break;
    }
  }
  // Calls of the chat history that the timeline does not show.
  for (const { value, location } of chat) {
    for (const request of arr(value.tool_calls)) {
      const r = obj(request);
      const id = str(r?.id);
      const fn = obj(r?.function);
      if (id === undefined || calls.has(id)) continue;
      const messageId = `${sessionId}:${location.line}:${id}`;
      const call = createCopilotCall(
        id,
        str(fn?.name) ?? '(no name)',
        fn?.arguments,
        context(location, messageId),
      );
      calls.set(id, call);
      const result = chatResults.get(id);
      if (result) settleCopilotCall(call, outcomeOfChat(result.content, result.location));
      const parts: MessagePart[] = [{ type: 'tool_call', callId: id }];
      messages.push({ id: messageId, location, role: 'assistant', kind: 'response', parts });
    }
  }

  const toolCalls = [...calls.values()];
  const session: Session = {
    id: sessionId,
    agent: 'copilot-cli',
    files: [file.file],
    cwds: [],
    versions: [],
    models: [],
    messages,
    turns: buildTurns(messages, toolCalls),
    toolCalls,
    subagents: [],
    usage: emptyUsage(),
    usageByModel: {},
    usageEntries: [],
    counts: file.counts,
    problems: [...file.problems],
    meta: { format: 'history-session-state' },
    isSubagent: false,
  };
  if (firstPrompt !== undefined) {
    session.title = firstPrompt.replace(/\s+/g, ' ').trim().slice(0, 100);
    session.titleSource = 'first-prompt';
  }
  if (first !== undefined && last !== undefined) {
    session.startTime = new Date(first).toISOString();
    session.endTime = new Date(last).toISOString();
    session.durationMs = last - first;
  }
  return session;
}

/** A timeline entry's outcome: `result.type` "success" or not; the chat tool message's text when there is one. */
function outcomeOfTimeline(
  entry: Record<string, unknown>,
  chatResult: { content: unknown } | undefined,
  location: SourceLocation,
  timestamp: string | undefined,
): CopilotOutcome {
  const result = obj(entry.result);
  const log = str(result?.log) ?? '';
  const type = str(result?.type);
  const content = chatResult ? chatResult.content : log;
  const text = typeof content === 'string' ? content : JSON.stringify(content ?? '');
  const exitCode = exitCodeInText(text) ?? exitCodeInText(log);
  return {
    text,
    content,
    structured: {
      ...(type === undefined ? {} : { success: type === 'success' }),
      content,
      detailedContent: log,
      ...(exitCode === undefined ? {} : { exitCode }),
    },
    success: type === undefined ? undefined : type === 'success',
    errorText: type === undefined || type === 'success' ? undefined : log,
    exitCode,
    location,
    timestamp,
  };
}

function outcomeOfChat(content: unknown, location: SourceLocation): CopilotOutcome {
  const text = typeof content === 'string' ? content : JSON.stringify(content ?? '');
  const exitCode = exitCodeInText(text);
  return {
    text,
    content,
    structured: { content, ...(exitCode === undefined ? {} : { exitCode }) },
    success: undefined,
    errorText: undefined,
    exitCode,
    location,
    timestamp: undefined,
  };
}
