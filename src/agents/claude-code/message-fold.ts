// The per-record half of building a conversation: records go in one at a time, in conversation order, and
// become messages, tool calls paired with their results, and usage per API message. `buildConversation`
// runs it over a whole file; `appendConversation` resumes it from a stored conversation and the records
// appended since, so that both give the same messages, calls and usage.

import type { Message } from '../../model/message.js';
import type { LocatedProblem, SourceLocation } from '../../model/source-location.js';
import { resultWithoutCall, type ToolCall } from '../../model/tool-call.js';
import { maxUsage, type TokenUsage } from '../../model/usage.js';
import {
  arr,
  isObject,
  type JsonObject,
  num,
  obj,
  optional,
  str,
  timeOf,
} from '../../schemas/common/value-access.js';
import type { LocatedRecord } from '../record-file.js';
import { classifyToolResult } from './classify-tool-result.js';
import { flattenResultContent, partsFromContent, promptText, userMessageKind } from './message-parts.js';
import { isParentlessCompactSummary } from './off-branch-records.js';
import { apiMessageKey, responseUsage } from './request-usage.js';
import { lookupClaudeCodeTool } from './tools/index.js';

export { apiMessageKey } from './request-usage.js';

/** Usage per API message key (message.id + requestId), per-field maximum over its records. */
export type UsageByKey = Map<
  string,
  { usage: TokenUsage; model: string | undefined; messageId: string; timestamp?: string }
>;

/** Who the conversation belongs to. */
export interface FoldContext {
  sessionId: string;
  agentId?: string;
}

/** The state of a fold: what it has emitted and what later records can still change. */
export interface MessageFoldState {
  messages: Message[];
  /** Calls by id, in the order they were made (results without a call are in `orphans`). */
  calls: Map<string, ToolCall>;
  orphans: ToolCall[];
  /** The message of each API message key (`message.id|requestId`) that later records of it merge into. */
  merged: Map<string, Message>;
  usageByKey: UsageByKey;
  firstPrompt: string | undefined;
  problems: LocatedProblem[];
}

export function emptyFoldState(): MessageFoldState {
  return {
    messages: [],
    calls: new Map(),
    orphans: [],
    merged: new Map(),
    usageByKey: new Map(),
    firstPrompt: undefined,
    problems: [],
  };
}

/**
 * Adds one chain record (key `uuid` after deduplication) to the fold. `onBranch` says whether the record
 * lies on the continued branch; `hookBlocked` names the calls a hook blocked (their results get that status).
 */
export function foldRecord(
  state: MessageFoldState,
  context: FoldContext,
  record: LocatedRecord,
  uuid: string,
  onBranch: boolean,
  hookBlocked: ReadonlySet<string>,
): void {
  const { messages, calls, merged, usageByKey } = state;
  const value = record.value;
  const type = str(value.type);
  const timestamp = str(value.timestamp);
  if (type === 'assistant') {
    const message = obj(value.message);
    const apiId = str(message?.id);
    const model = str(message?.model);
    const parts = partsFromContent(message?.content);
    const key = apiMessageKey(value, uuid);
    const copy = responseUsage(value, uuid);
    if (copy) {
      const { usage } = copy;
      const existing = usageByKey.get(key);
      usageByKey.set(key, {
        usage: existing ? maxUsage(existing.usage, usage) : usage,
        model,
        messageId: existing?.messageId ?? uuid,
      });
    }
    const into = apiId === undefined ? undefined : merged.get(key);
    if (into) {
      into.parts.push(...parts);
    } else {
      const entry: Message = {
        id: uuid,
        role: 'assistant',
        kind: model === '<synthetic>' || value.isApiErrorMessage === true ? 'api_error' : 'response',
        parts,
        location: record.location,
        ...optional('parentId', str(value.parentUuid)),
        ...optional('timestamp', timestamp),
        ...optional('apiMessageId', apiId),
        ...optional('model', model),
        ...optional('agentId', context.agentId),
        ...(onBranch ? {} : { offBranch: true }),
      };
      messages.push(entry);
      if (apiId !== undefined) merged.set(key, entry);
    }
    for (const [blockIndex, block] of arr(message?.content).entries()) {
      if (!isObject(block) || block.type !== 'tool_use') continue;
      // A tool_use without an id cannot be paired, but it is still a call (nothing is lost).
      const id = str(block.id) || `${uuid}#tool_use-${blockIndex}`;
      if (calls.has(id)) continue;
      calls.set(
        id,
        newCall(block, id, record.location, { ...context, timestamp, messageId: apiId ?? uuid, model }),
      );
    }
  } else if (type === 'user') {
    const message = obj(value.message);
    const parts = partsFromContent(message?.content);
    const kind = userMessageKind(value, parts);
    // Before 2.0 a compaction wrote no boundary record: its summary simply starts a new chain.
    if (isParentlessCompactSummary(value) && messages[messages.length - 1]?.kind !== 'compact_boundary')
      messages.push({
        id: `${uuid}#compaction`,
        role: 'system',
        kind: 'compact_boundary',
        subtype: 'compact_boundary',
        parts: [],
        location: record.location,
        ...optional('timestamp', timestamp),
        ...optional('agentId', context.agentId),
      });
    messages.push({
      id: uuid,
      role: 'user',
      kind,
      parts,
      location: record.location,
      ...optional('parentId', str(value.parentUuid)),
      ...optional('timestamp', timestamp),
      ...optional('agentId', context.agentId),
      ...(onBranch ? {} : { offBranch: true }),
    });
    if (kind === 'prompt' && state.firstPrompt === undefined) state.firstPrompt = promptText(parts);
    const results = arr(message?.content).filter(
      (b): b is JsonObject => isObject(b) && b.type === 'tool_result',
    );
    for (const [blockIndex, block] of results.entries()) {
      const id = str(block.tool_use_id) || `${uuid}#tool_result-${blockIndex}`;
      // toolUseResult belongs to the record's tool_result; with several in one record it cannot be attributed.
      const structured = results.length === 1 ? value.toolUseResult : undefined;
      const call = calls.get(id);
      if (call?.result) {
        state.problems.push({
          location: record.location,
          type: 'duplicate-result',
          message: `Tool call "${id}" has a second result.`,
        });
        continue;
      }
      const target = call ?? orphanCall(id, record.location, context, state.orphans);
      attachResult(target, block, structured, record.location, timestamp, hookBlocked.has(id));
    }
  } else if (type === 'system') {
    const subtype = str(value.subtype);
    const content = str(value.content);
    messages.push({
      id: uuid,
      role: 'system',
      kind: subtype === 'compact_boundary' ? 'compact_boundary' : 'system',
      parts: content ? [{ type: 'text', text: content }] : [],
      location: record.location,
      ...optional('subtype', subtype),
      ...optional('parentId', str(value.parentUuid) ?? str(value.logicalParentUuid)),
      ...optional('timestamp', timestamp),
      ...optional('agentId', context.agentId),
      ...(onBranch ? {} : { offBranch: true }),
    });
  }
}

/** Call ids named by a hook blocking error (attachments written since 2.1.x), or undefined. */
export function hookBlockedCallOf(value: JsonObject): string | undefined {
  if (value.type !== 'attachment') return undefined;
  const attachment = obj(value.attachment);
  if (attachment?.type !== 'hook_blocking_error') return undefined;
  return str(attachment.toolUseID);
}

function newCall(
  block: JsonObject,
  id: string,
  location: SourceLocation,
  context: FoldContext & { timestamp: string | undefined; messageId: string; model: string | undefined },
): ToolCall {
  const name = str(block.name) ?? '(no name)';
  const lookup = lookupClaudeCodeTool(name);
  const call: ToolCall = {
    id,
    name,
    canonicalName: lookup.kind === 'builtin' ? lookup.spec.canonical : name,
    kind: lookup.kind,
    input: block.input ?? {},
    status: 'missing',
    sessionId: context.sessionId,
    messageId: context.messageId,
    location,
    ...optional('startTime', context.timestamp),
    ...optional('model', context.model),
    ...optional('agentId', context.agentId),
  };
  if (lookup.kind === 'mcp') {
    call.mcpServer = lookup.server;
    call.mcpTool = lookup.tool;
  }
  return call;
}

function orphanCall(
  id: string,
  location: SourceLocation,
  context: FoldContext,
  orphans: ToolCall[],
): ToolCall {
  const call: ToolCall = {
    ...resultWithoutCall(id, context.sessionId, location, 'no tool_use with this id in the logs'),
    ...optional('agentId', context.agentId),
  };
  orphans.push(call);
  return call;
}

function attachResult(
  call: ToolCall,
  block: JsonObject,
  structured: unknown,
  location: SourceLocation,
  timestamp: string | undefined,
  hookBlocked: boolean,
): void {
  const text = flattenResultContent(block.content);
  const isError = typeof block.is_error === 'boolean' ? block.is_error : undefined;
  call.result = {
    text,
    content: block.content ?? '',
    location,
    ...optional('structured', structured),
    ...optional('isError', isError),
    ...optional('timestamp', timestamp),
    ...optional('exitCode', exitCodeOf(structured, text, isError)),
  };
  if (call.status !== 'orphan_result') {
    const { status, reason } = classifyToolResult({ text, isError, structured, hookBlocked });
    call.status = status;
    if (reason !== undefined) call.statusReason = reason;
  }
  if (timestamp !== undefined) call.endTime = timestamp;
  const start = timeOf(call.startTime);
  const end = timeOf(timestamp);
  if (start !== undefined && end !== undefined && end >= start) call.durationMs = end - start;
}

/** Exit code where Claude Code reports one: BashOutput/TaskOutput results, or `Exit code N` in a failed Bash text. */
function exitCodeOf(structured: unknown, text: string, isError: boolean | undefined): number | undefined {
  const s = obj(structured);
  const direct = num(s?.exitCode) ?? num(obj(s?.task)?.exitCode);
  if (direct !== undefined) return direct;
  if (isError === true) {
    const match = /^Exit code (\d+)/.exec(text);
    if (match) return Number(match[1]);
  }
  return undefined;
}
