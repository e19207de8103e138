import type { Message, MessageKind, MessagePart } from '../../model/message.js';
import type { Session } from '../../model/session.js';
import { resultWithoutCall, type ToolCall } from '../../model/tool-call.js';
import type { UsageEntry } from '../../model/usage.js';
import { arr, baseName, obj, optional, str, timeOf } from '../../schemas/common/value-access.js';
import type { AdapterFile } from '../agent-adapter.js';
import { type CopilotConversation, createConversation, observeTime } from './copilot-conversation.js';
import { sessionOfConversation } from './copilot-session-of.js';
import { type DecodedCopilotEvent, decodeCopilotEvent } from './schemas/decode-copilot-event.js';
import { createCopilotCall, outcomeOfComplete, setStatus, settleCopilotCall } from './tool-call.js';
import { type ShutdownSnapshot, shutdownUsageEntries } from './usage.js';

/**
 * Builds a session from one Copilot CLI `events.jsonl` (or the older bare `<id>.jsonl`). Messages come from
 * `user.message`, `assistant.message`, `assistant.reasoning` and the notices (`session.error`, `abort`...),
 * in file order. Tool calls are the assistant messages' tool requests (a `tool.execution_start` without a
 * request makes one), paired with `tool.execution_complete` by `toolCallId`; an `abort` settles the calls
 * still open as `interrupted`. Usage is one entry per `session.usage_record` (see `copilotUsageOf`).
 * Records with an `agentId` belong to an inline subagent: they build a subagent session linked to the
 * `task` call that started it (`subagent.started.toolCallId`, or the records' `parentToolCallId`).
 */
export function buildCopilotSession(file: AdapterFile): Session {
  const decoded = file.records.map((record) => ({
    record,
    event: decodeCopilotEvent(record.value, 'envelope'),
  }));
  const start = decoded.find((d) => d.event.type === 'session.start')?.event.data ?? {};
  const sessionId = str(start.sessionId) ?? sessionIdFromPath(file.file);
  const main = createConversation(undefined);
  const subagents = new Map<string, CopilotConversation>();
  const callOwners = new Map<string, { call: ToolCall; conversation: CopilotConversation }>();
  const orphans: ToolCall[] = [];
  /** The `task` call that started each subagent, and what `subagent.started` says of it. */
  const starts = new Map<string, { toolCallId?: string; agentType?: string; description?: string }>();
  const agentByTaskCall = new Map<string, string>();
  const mcpServers = new Set<string>();
  const cwds: string[] = [];
  const versions: string[] = [];
  let gitBranch: string | undefined;
  const shutdowns: ShutdownSnapshot[] = [];
  const usedIds = new Set<string>();

  const conversationOf = (event: DecodedCopilotEvent): CopilotConversation => {
    const parentCall = str(event.data.parentToolCallId);
    const agentId = event.agentId ?? (parentCall === undefined ? undefined : agentByTaskCall.get(parentCall));
    if (agentId === undefined) return main;
    let conversation = subagents.get(agentId);
    if (!conversation) {
      conversation = createConversation(agentId);
      subagents.set(agentId, conversation);
    }
    if (parentCall !== undefined && !starts.has(agentId)) starts.set(agentId, { toolCallId: parentCall });
    return conversation;
  };

  for (const { record, event } of decoded) {
    const data = event.data;
    const conversation = conversationOf(event);
    // A timestamp that is not a time (trimmed fixtures) is left out rather than shown.
    const timestamp = timeOf(event.timestamp) === undefined ? undefined : event.timestamp;
    observeTime(conversation, timestamp);
    if (conversation !== main) observeTime(main, timestamp);
    // Record ids are UUIDs; a repeated or missing one (trimmed fixtures) gives way to the line.
    const id =
      event.id !== undefined && !usedIds.has(event.id) ? event.id : `${sessionId}:${record.location.line}`;
    usedIds.add(id);
    const base = {
      id,
      location: record.location,
      ...optional('timestamp', timestamp),
      ...optional('agentId', conversation.agentId),
    };
    const push = (
      role: Message['role'],
      kind: MessageKind,
      parts: MessagePart[],
      extra: Partial<Message> = {},
    ) => {
      conversation.messages.push({ ...base, role, kind, parts, ...extra });
    };

    switch (event.type) {
      case 'session.start':
      case 'session.resume': {
        const context = obj(data.context);
        const cwd = str(context?.cwd);
        if (cwd !== undefined && !cwds.includes(cwd)) cwds.push(cwd);
        gitBranch = str(context?.branch) ?? gitBranch;
        const version = str(data.copilotVersion);
        if (version && !versions.includes(version)) versions.push(version);
        conversation.model = str(data.selectedModel) ?? conversation.model;
        break;
      }
      case 'session.model_change':
      case 'subagent.configured':
        conversation.model = str(data.newModel) ?? str(data.model) ?? conversation.model;
        break;
      case 'user.message': {
        const text = str(data.content) ?? str(data.transformedContent) ?? '';
        const kind = userKind(str(data.source), text);
        push('user', kind, [{ type: 'text', text }], optional('subtype', str(data.source)));
        if (kind === 'prompt') conversation.firstPrompt ??= text;
        break;
      }
      case 'assistant.message':
        assistantMessage(data, base, conversation, (request) => {
          const call = createCopilotCall(request.id, request.name, request.args, {
            sessionId,
            location: record.location,
            timestamp: timestamp,
            model: conversation.model,
            messageId: base.id,
            agentId: conversation.agentId,
            mcpServers,
          });
          if (callOwners.has(call.id)) return false;
          callOwners.set(call.id, { call, conversation });
          conversation.calls.push(call);
          return true;
        });
        break;
      case 'assistant.reasoning':
        push(
          'assistant',
          'response',
          [{ type: 'thinking', text: str(data.content) ?? '' }],
          optional('model', conversation.model),
        );
        break;
      case 'tool.execution_start': {
        const callId = str(data.toolCallId);
        if (callId === undefined) break;
        const known = callOwners.get(callId);
        if (known) {
          // The start is when the tool ran; the request's time is when the response was written.
          if (timestamp !== undefined) known.call.startTime = timestamp;
          break;
        }
        const call = createCopilotCall(callId, str(data.toolName) ?? '(no name)', data.arguments, {
          sessionId,
          location: record.location,
          timestamp: timestamp,
          model: str(data.model) ?? conversation.model,
          messageId: base.id,
          agentId: conversation.agentId,
          mcpServers,
        });
        callOwners.set(callId, { call, conversation });
        conversation.calls.push(call);
        push('assistant', 'response', [{ type: 'tool_call', callId }], optional('model', call.model));
        break;
      }
      case 'tool.execution_complete': {
        const callId = str(data.toolCallId);
        if (callId === undefined) break;
        const outcome = outcomeOfComplete(data, record.location, timestamp);
        const owner = callOwners.get(callId);
        // A second result for a call (or for an orphan's id) adds nothing: the first one stands.
        if (owner?.call.result || (!owner && orphans.some((o) => o.id === callId))) break;
        if (owner) settleCopilotCall(owner.call, outcome);
        else {
          const orphan = resultWithoutCall(
            callId,
            sessionId,
            record.location,
            'no tool request with this toolCallId in the file',
          );
          settleCopilotCall(orphan, outcome);
          orphans.push(orphan);
        }
        (owner?.conversation ?? conversation).messages.push({
          ...base,
          role: 'user',
          kind: 'tool_results',
          parts: [{ type: 'tool_result', callId }],
        });
        break;
      }
      case 'session.usage_record': {
        const usage = obj(data.usage);
        if (!usage) break;
        const entry = conversation.usage.add(usage, timestamp);
        if (entry.model !== undefined) conversation.models.add(entry.model);
        linkUsage(conversation, str(usage.apiCallId), { entry });
        break;
      }
      case 'subagent.started': {
        const toolCallId = str(data.toolCallId);
        const agentId = event.agentId;
        if (agentId !== undefined) {
          starts.set(agentId, {
            ...optional('toolCallId', toolCallId),
            ...optional('agentType', str(data.agentName) ?? str(data.agentType)),
            ...optional('description', str(data.agentDescription) ?? str(data.agentDisplayName)),
          });
          if (toolCallId !== undefined) agentByTaskCall.set(toolCallId, agentId);
        }
        break;
      }
      case 'session.shutdown': {
        const metrics = obj(data.modelMetrics);
        if (metrics && conversation === main) shutdowns.push({ timestamp: timestamp, modelMetrics: metrics });
        break;
      }
      case 'subagent.selected':
        for (const tool of arr(data.tools)) {
          const name = str(tool);
          const slash = name?.indexOf('/') ?? -1;
          if (name !== undefined && slash > 0) mcpServers.add(name.slice(0, slash));
        }
        break;
      case 'abort':
        push('user', 'interrupt', [
          { type: 'text', text: `[aborted${str(data.reason) ? `: ${str(data.reason)}` : ''}]` },
        ]);
        for (const { call } of callOwners.values())
          if (call.status === 'missing') setStatus(call, 'interrupted', 'the turn was aborted');
        break;
      case 'session.error':
        push(
          'assistant',
          'api_error',
          [{ type: 'text', text: str(data.message) ?? '' }],
          optional('subtype', str(data.errorType)),
        );
        break;
      case 'session.info':
        push(
          'system',
          'system',
          [{ type: 'text', text: str(data.message) ?? '' }],
          optional('subtype', str(data.infoType)),
        );
        break;
      case 'session.truncation':
        push('system', 'compact_boundary', [], { subtype: 'session.truncation' });
        break;
      case 'system.message':
        push('system', 'meta', [{ type: 'text', text: str(data.content) ?? '' }], {
          subtype: 'system.message',
        });
        break;
      case 'system.notification':
        push(
          'system',
          'system',
          [{ type: 'text', text: str(data.content) ?? '' }],
          optional('subtype', str(obj(data.kind)?.type)),
        );
        break;
      default:
        break;
    }
  }
  // Versions without usage records: the per-model totals of the shutdowns.
  const recorded = main.usage.size + [...subagents.values()].reduce((n, c) => n + c.usage.size, 0);
  const fallback = recorded === 0 ? shutdownUsageEntries(shutdowns) : [];
  main.usage.addEntries(fallback);
  for (const entry of fallback) if (entry.model !== undefined) main.models.add(entry.model);
  return sessionOfConversation({
    file,
    sessionId,
    main,
    subagents,
    starts,
    orphans,
    cwds,
    versions,
    gitBranch,
    meta: {
      ...optional('producer', str(start.producer)),
      ...optional('copilotVersion', str(start.copilotVersion)),
      ...optional('repository', str(obj(start.context)?.repository)),
      ...(fallback.length > 0
        ? { usageFrom: 'session.shutdown modelMetrics (no session.usage_record)' }
        : {}),
    },
  });
}

interface Request {
  id: string;
  name: string;
  args: unknown;
}

/** Pushes an assistant message (thinking, text, tool calls); `addCall` returns false for a repeated call id. */
function assistantMessage(
  data: Record<string, unknown>,
  base: Pick<Message, 'id' | 'location'> & Partial<Message>,
  conversation: CopilotConversation,
  addCall: (request: Request) => boolean,
): void {
  const model = str(data.model) ?? conversation.model;
  if (model !== undefined) {
    conversation.model = model;
    conversation.models.add(model);
  }
  const parts: MessagePart[] = [];
  const reasoning = str(data.reasoningText);
  if (reasoning) parts.push({ type: 'thinking', text: reasoning });
  else if (str(data.reasoningOpaque) || str(data.encryptedContent))
    parts.push({ type: 'thinking', text: '', redacted: true });
  const content = str(data.content);
  if (content) parts.push({ type: 'text', text: content });
  for (const request of arr(data.toolRequests)) {
    const r = obj(request);
    const id = str(r?.toolCallId);
    if (!r || id === undefined) continue;
    if (addCall({ id, name: str(r.name) ?? '(no name)', args: r.arguments }))
      parts.push({ type: 'tool_call', callId: id });
  }
  if (parts.length === 0) return;
  const message: Message = {
    ...base,
    role: 'assistant',
    kind: 'response',
    parts,
    ...optional('model', model),
    ...optional('apiMessageId', str(data.apiCallId) ?? str(data.messageId)),
  };
  conversation.messages.push(message);
  linkUsage(conversation, str(data.apiCallId), { message });
}

/** Hangs a usage record on the response of the same API call, whichever of the two comes first. */
function linkUsage(
  conversation: CopilotConversation,
  apiCall: string | undefined,
  found: { entry?: UsageEntry; message?: Message },
): void {
  if (apiCall === undefined) return;
  const entry = found.entry ?? conversation.usageByApiCall.get(apiCall);
  const message = found.message ?? conversation.messagesByApiCall.get(apiCall);
  if (found.entry && !conversation.usageByApiCall.has(apiCall))
    conversation.usageByApiCall.set(apiCall, found.entry);
  if (found.message && !conversation.messagesByApiCall.has(apiCall))
    conversation.messagesByApiCall.set(apiCall, found.message);
  if (!entry || !message || entry.messageId !== undefined) return;
  entry.messageId = message.id;
  message.usage = entry.usage;
}

/** Typed text is a prompt; a subagent's prompt (`agent-<id>`) too (in its conversation); injected text is meta. */
function userKind(source: string | undefined, text: string): MessageKind {
  if (source === undefined || source === '' || source === 'user')
    return text.trimStart().startsWith('<system_notification>') ? 'meta' : 'prompt';
  return source.startsWith('agent-') ? 'prompt' : 'meta';
}

/** `session-state/<id>/events.jsonl` -> `<id>`; `session-state/<id>.jsonl` -> `<id>`. */
export function sessionIdFromPath(file: string): string {
  const name = baseName(file);
  if (name === 'events.jsonl') {
    const parts = file.split(/[\\/]/).filter((p) => p.length > 0);
    return parts[parts.length - 2] ?? name;
  }
  return name.replace(/\.jsonl$/, '');
}
