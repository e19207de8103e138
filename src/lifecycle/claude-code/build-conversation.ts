import type { Message } from '../../model/message.js';
import type { LocatedProblem, SourceLocation } from '../../model/source-location.js';
import { resultWithoutCallName, type ToolCall } from '../../model/tool-call.js';
import type { TokenUsage } from '../../model/usage.js';
import { lookupClaudeCodeTool } from '../../schemas/claude-code/tools/index.js';
import { orderConversation } from '../conversation-order.js';
import { arr, isObject, type JsonObject, num, obj, optional, str, timeOf } from '../value-access.js';
import { classifyToolResult } from './classify-tool-result.js';
import { flattenResultContent, partsFromContent, promptText, userMessageKind } from './message-parts.js';
import { isParentlessCompactSummary, offBranchRecords } from './off-branch-records.js';
import { maxUsage, usageFromAnthropic } from './wire-usage.js';

/** A decoded record and where it came from. */
export interface LocatedRecord {
  value: JsonObject;
  location: SourceLocation;
}

/** One conversation (a main session or one subagent) before subagents are linked. */
export interface Conversation {
  messages: Message[];
  toolCalls: ToolCall[];
  /** Usage per API message key (message.id + requestId), per-field maximum over its records. */
  usageByKey: Map<
    string,
    { usage: TokenUsage; model: string | undefined; messageId: string; timestamp?: string }
  >;
  /**
   * Usage of subagent API responses streamed into this conversation as `agent_progress` records (2.1.x),
   * by subagent id, then by the same key as `usageByKey`: the only trace of them when the subagent's
   * own file is missing.
   */
  progressUsage: Map<string, ProgressUsage>;
  /** First prompt text, for sidechain linking and titles. */
  firstPrompt: string | undefined;
  problems: LocatedProblem[];
  duplicateRecords: number;
}

/** A subagent's usage seen in `agent_progress` records, and the call that started the subagent. */
export interface ProgressUsage {
  toolUseId: string | undefined;
  usageByKey: Conversation['usageByKey'];
}

const chainTypes = new Set(['user', 'assistant', 'system', 'attachment', 'progress']);

/**
 * Builds one conversation from its records, in conversation order:
 * records deduplicated by uuid (first wins), ordered by the parent DAG (progress and attachment records
 * are nodes, so children of a legacy progress record are bridged through it), assistant records of one
 * API message merged, off-branch messages (rewinds) marked, tool calls paired with their results.
 */
export function buildConversation(
  records: readonly LocatedRecord[],
  context: { sessionId: string; agentId?: string },
): Conversation {
  const problems: LocatedProblem[] = [];
  const byUuid = new Map<string, LocatedRecord & { index: number }>();
  const copies = new Map<string, number>();
  let duplicateRecords = 0;
  records.forEach((record, index) => {
    const type = str(record.value.type) ?? '';
    if (!chainTypes.has(type)) return;
    let uuid = str(record.value.uuid);
    if (uuid === undefined) {
      // A conversation record without a uuid (a broken writer) still holds a message: it is kept under a
      // key of its own (nothing can name it as a parent), in file order, and said where it is.
      uuid = `(no uuid)#${record.location.line}`;
      problems.push({
        location: record.location,
        type: 'missing-uuid',
        message: `A ${type} record has no uuid; it is kept in file order.`,
      });
    }
    const first = byUuid.get(uuid);
    if (!first) {
      byUuid.set(uuid, { ...record, index });
      return;
    }
    // A copy written again by resume, fork or compaction has the same type and timestamp: drop it.
    // Different records that share a uuid (broken writers, trimmed fixtures) are all kept (edge case 4).
    if (
      first.value.type === record.value.type &&
      first.value.timestamp === record.value.timestamp &&
      sameMessage(first.value, record.value)
    ) {
      duplicateRecords += 1;
      return;
    }
    const n = (copies.get(uuid) ?? 1) + 1;
    copies.set(uuid, n);
    byUuid.set(`${uuid}#${n}`, { ...record, index });
    problems.push({
      location: record.location,
      type: 'duplicate-uuid',
      message: `Record uuid "${uuid}" is used by different records.`,
    });
  });

  const parentOf = (uuid: string): string | undefined => {
    const value = byUuid.get(uuid)?.value;
    return value ? (str(value.parentUuid) ?? str(value.logicalParentUuid)) : undefined;
  };
  const { order, cyclic } = orderConversation(
    [...byUuid.entries()].map(([id, r]) => ({ id, parentId: parentOf(id), index: r.index })),
  );
  for (const id of cyclic) {
    const record = byUuid.get(id);
    if (record)
      problems.push({
        location: record.location,
        type: 'parent-cycle',
        message: `Record "${id}" is part of a parentUuid cycle.`,
      });
  }

  const offBranch = offBranchRecords(byUuid, parentOf);
  const onBranch = { has: (uuid: string) => !offBranch.has(uuid) };
  const hookBlocked = hookBlockedCalls(records);
  const messages: Message[] = [];
  const calls = new Map<string, ToolCall>();
  const orphans: ToolCall[] = [];
  const mergedAssistant = new Map<string, Message>();
  const usageByKey: Conversation['usageByKey'] = new Map();
  let firstPrompt: string | undefined;

  for (const uuid of order) {
    const record = byUuid.get(uuid);
    if (!record) continue;
    const value = record.value;
    const type = str(value.type);
    const timestamp = str(value.timestamp);
    if (type === 'assistant') {
      const message = obj(value.message);
      const apiId = str(message?.id);
      const requestId = str(value.requestId);
      const model = str(message?.model);
      const parts = partsFromContent(message?.content);
      const key = apiId === undefined ? `uuid:${uuid}` : `${apiId}|${requestId ?? ''}`;
      const usage = usageFromAnthropic(message?.usage);
      if (usage && model !== '<synthetic>') {
        const existing = usageByKey.get(key);
        usageByKey.set(key, {
          usage: existing ? maxUsage(existing.usage, usage) : usage,
          model,
          messageId: existing?.messageId ?? uuid,
        });
      }
      const merged = apiId === undefined ? undefined : mergedAssistant.get(key);
      if (merged) {
        merged.parts.push(...parts);
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
          ...(onBranch.has(uuid) ? {} : { offBranch: true }),
        };
        messages.push(entry);
        if (apiId !== undefined) mergedAssistant.set(key, entry);
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
        ...(onBranch.has(uuid) ? {} : { offBranch: true }),
      });
      if (kind === 'prompt' && firstPrompt === undefined) firstPrompt = promptText(parts);
      const results = arr(message?.content).filter(
        (b): b is JsonObject => isObject(b) && b.type === 'tool_result',
      );
      for (const [blockIndex, block] of results.entries()) {
        const id = str(block.tool_use_id) || `${uuid}#tool_result-${blockIndex}`;
        // toolUseResult belongs to the record's tool_result; with several in one record it cannot be attributed.
        const structured = results.length === 1 ? value.toolUseResult : undefined;
        const call = calls.get(id);
        if (call?.result) {
          problems.push({
            location: record.location,
            type: 'duplicate-result',
            message: `Tool call "${id}" has a second result.`,
          });
          continue;
        }
        const target = call ?? orphanCall(id, record.location, context, orphans);
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
        ...(onBranch.has(uuid) ? {} : { offBranch: true }),
      });
    }
  }

  return {
    messages,
    toolCalls: [...calls.values(), ...orphans],
    usageByKey,
    progressUsage: agentProgressUsage(records),
    firstPrompt,
    problems,
    duplicateRecords,
  };
}

/** Same API message (or same content for user records): what makes a record a copy of another. */
function sameMessage(a: JsonObject, b: JsonObject): boolean {
  const ma = obj(a.message);
  const mb = obj(b.message);
  if (str(ma?.id) !== undefined || str(mb?.id) !== undefined) return str(ma?.id) === str(mb?.id);
  return JSON.stringify(ma?.content) === JSON.stringify(mb?.content);
}

/**
 * Usage of subagent responses in `agent_progress` records (`data.message` is the subagent's record:
 * `{type: "assistant", message: {id, model, usage, ...}, requestId}`), per-field maximum per key.
 */
function agentProgressUsage(records: readonly LocatedRecord[]): Map<string, ProgressUsage> {
  const byAgent = new Map<string, ProgressUsage>();
  for (const { value } of records) {
    if (value.type !== 'progress') continue;
    const data = obj(value.data);
    const inner = obj(data?.message);
    const agentId = str(data?.agentId);
    if (data?.type !== 'agent_progress' || inner?.type !== 'assistant' || agentId === undefined) continue;
    const message = obj(inner.message);
    const usage = usageFromAnthropic(message?.usage);
    const model = str(message?.model);
    const apiId = str(message?.id);
    if (!usage || model === '<synthetic>' || apiId === undefined) continue;
    const key = `${apiId}|${str(inner.requestId) ?? ''}`;
    let entry = byAgent.get(agentId);
    if (!entry) {
      entry = { toolUseId: str(value.parentToolUseID) ?? str(value.toolUseID), usageByKey: new Map() };
      byAgent.set(agentId, entry);
    }
    const existing = entry.usageByKey.get(key);
    entry.usageByKey.set(key, {
      usage: existing ? maxUsage(existing.usage, usage) : usage,
      model: existing?.model ?? model,
      messageId: existing?.messageId ?? str(inner.uuid) ?? apiId,
      ...optional('timestamp', existing?.timestamp ?? str(inner.timestamp) ?? str(value.timestamp)),
    });
  }
  return byAgent;
}

/** Call ids named by hook blocking errors (attachments written since 2.1.x). */
function hookBlockedCalls(records: readonly LocatedRecord[]): Set<string> {
  const ids = new Set<string>();
  for (const { value } of records) {
    if (value.type !== 'attachment') continue;
    const attachment = obj(value.attachment);
    if (attachment?.type !== 'hook_blocking_error') continue;
    const id = str(attachment.toolUseID);
    if (id !== undefined) ids.add(id);
  }
  return ids;
}

function newCall(
  block: JsonObject,
  id: string,
  location: SourceLocation,
  context: {
    sessionId: string;
    agentId?: string;
    timestamp: string | undefined;
    messageId: string;
    model: string | undefined;
  },
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
  context: { sessionId: string; agentId?: string },
  orphans: ToolCall[],
): ToolCall {
  const call: ToolCall = {
    id,
    name: resultWithoutCallName,
    canonicalName: resultWithoutCallName,
    kind: 'unknown',
    input: undefined,
    status: 'orphan_result',
    statusReason: 'no tool_use with this id in the logs',
    sessionId: context.sessionId,
    location,
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
