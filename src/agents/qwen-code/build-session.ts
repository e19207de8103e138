import { type BranchNode, offBranchRecords } from '../../model/branch-rule.js';
import { buildTurns } from '../../model/build-turns.js';
import { orderConversation } from '../../model/conversation-order.js';
import type { Message, MessageKind, MessagePart } from '../../model/message.js';
import type { Session } from '../../model/session.js';
import type { LocatedProblem } from '../../model/source-location.js';
import type { ToolCall } from '../../model/tool-call.js';
import {
  addUsage,
  addUsageTo,
  emptyUsage,
  maxUsage,
  type TokenUsage,
  type UsageEntry,
} from '../../model/usage.js';
import {
  arr,
  baseName,
  isObject,
  type JsonObject,
  num,
  obj,
  optional,
  str,
  timeOf,
} from '../../schemas/common/value-access.js';
import type { AdapterFile, AdapterRecord } from '../agent-adapter.js';
import {
  applyToolCallEvent,
  createQwenCodeCall,
  orphanQwenCodeCall,
  type QwenCodeResult,
  resultsOf,
  settleQwenCodeCall,
} from './tool-call.js';
import { qwenCodeUsage } from './usage.js';

/** System subtypes shown as messages; the others (telemetry, snapshots, bookkeeping) are records only. */
const shownSystemSubtypes = new Set([
  'chat_compression',
  'slash_command',
  'at_command',
  'rewind',
  'notification',
  'background_task_completed',
  'cron',
  'mid_turn_user_message',
]);

interface Node {
  key: string;
  record: AdapterRecord;
  index: number;
  /** Later records with the same uuid (Qwen Code rewrites an assistant record as it streams). */
  copies: AdapterRecord[];
}

/**
 * Builds a session from one Qwen Code chat file. Records form a tree by `uuid`/`parentUuid`: they are
 * ordered parents first (file order otherwise), and a rewind (a new child of an earlier record) leaves
 * the abandoned records off-branch by Claude Code's rule (the continued branch ends at the last user or
 * assistant record). Assistant records with the same uuid are one message (parts joined, usage per-field
 * maximum). Calls (`functionCall` parts) pair with `tool_result` records by call id. Usage is each
 * assistant record's `usageMetadata` (see `qwenCodeUsage`), keyed by record uuid so a `/branch` copy of
 * the session counts its requests once; `ui_telemetry` api_response events repeat it and are not added.
 */
export function buildQwenCodeSession(file: AdapterFile): Session {
  const first = file.records.find((r) => typeof r.value.sessionId === 'string')?.value;
  const sessionId = str(first?.sessionId) ?? baseName(file.file).replace(/\.jsonl$/, '');
  const problems: LocatedProblem[] = [...file.problems];
  const nodes = new Map<string, Node>();
  let duplicates = 0;
  file.records.forEach((record, index) => {
    const uuid = str(record.value.uuid);
    const existing = uuid === undefined ? undefined : nodes.get(uuid);
    if (existing && existing.record.value.type === 'assistant' && record.value.type === 'assistant') {
      existing.copies.push(record);
      duplicates += 1;
      return;
    }
    if (existing && JSON.stringify(existing.record.value) === JSON.stringify(record.value)) {
      duplicates += 1;
      return;
    }
    // A uuid reused by a different record (trimmed fixtures) gets a key of its own.
    const key = uuid === undefined || existing ? `${uuid ?? sessionId}:${record.location.line}` : uuid;
    nodes.set(key, { key, record, index, copies: [] });
  });
  const parentOf = (key: string): string | undefined =>
    str(nodes.get(key)?.record.value.parentUuid) ?? undefined;
  const { order, cyclic } = orderConversation(
    [...nodes.values()].map((n) => ({ id: n.key, parentId: parentOf(n.key), index: n.index })),
  );
  for (const key of cyclic) {
    const node = nodes.get(key);
    if (node)
      problems.push({
        location: node.record.location,
        type: 'parent-cycle',
        message: `Record "${key}" is part of a parentUuid cycle.`,
      });
  }
  const branchNodes = new Map<string, BranchNode>();
  for (const node of nodes.values()) branchNodes.set(node.key, branchNodeOf(node.record.value, node.index));
  const offBranch = offBranchRecords(branchNodes, parentOf);

  const messages: Message[] = [];
  const calls = new Map<string, ToolCall>();
  const pending = new Map<string, QwenCodeResult>();
  const usage = emptyUsage();
  const usageByModel: Record<string, TokenUsage> = {};
  const usageEntries: UsageEntry[] = [];
  const models = new Set<string>();
  let firstPrompt: string | undefined;
  let title: string | undefined;
  let telemetryRequests = 0;
  /** `ui_telemetry` tool_call events by call id (newer builds write `call_id`). */
  const toolEvents = new Map<string, JsonObject>();

  for (const key of order) {
    const node = nodes.get(key);
    if (!node) continue;
    const value = node.record.value;
    const type = str(value.type);
    const subtype = str(value.subtype);
    const timestamp = str(value.timestamp);
    const off = offBranch.has(key);
    const base = {
      id: key,
      location: node.record.location,
      ...optional('parentId', str(value.parentUuid)),
      ...optional('timestamp', timestamp),
      ...optional('agentId', str(value.agentId)),
      ...(off ? { offBranch: true } : {}),
    };
    if (type === 'assistant') {
      const model = [value, ...node.copies.map((c) => c.value)]
        .map((v) => str(v.model))
        .find((m) => m !== undefined);
      if (model !== undefined) models.add(model);
      const parts: MessagePart[] = [];
      const seen = new Set<string>();
      let messageUsage: TokenUsage | undefined;
      for (const record of [node.record, ...node.copies]) {
        for (const part of arr(obj(record.value.message)?.parts)) {
          if (!isObject(part)) continue;
          const fingerprint = JSON.stringify(part);
          if (seen.has(fingerprint)) continue;
          seen.add(fingerprint);
          const call = obj(part.functionCall);
          if (call) {
            const created = createQwenCodeCall(call, {
              sessionId,
              location: record.location,
              messageId: key,
              fallbackId: `${key}:${parts.length}`,
              ...optional('timestamp', str(record.value.timestamp)),
              ...optional('model', model),
              ...optional('agentId', str(record.value.agentId)),
            });
            if (calls.has(created.id)) continue;
            const early = pending.get(created.id);
            if (early) {
              pending.delete(created.id);
              settleQwenCodeCall(created, early);
            }
            calls.set(created.id, created);
            parts.push({ type: 'tool_call', callId: created.id });
          } else parts.push(...contentParts([part]));
        }
        const recordUsage = qwenCodeUsage(record.value.usageMetadata);
        if (recordUsage) messageUsage = messageUsage ? maxUsage(messageUsage, recordUsage) : recordUsage;
      }
      if (messageUsage) {
        addUsage(usage, messageUsage);
        addUsageTo(usageByModel, model ?? 'unknown', messageUsage);
        usageEntries.push({
          usage: messageUsage,
          messageId: key,
          requestKey: `qwen-code|${key}`,
          ...optional('model', model),
          ...optional('timestamp', timestamp),
        });
      }
      messages.push({
        ...base,
        role: 'assistant',
        kind: 'response',
        parts,
        ...optional('model', model),
        ...optional('usage', messageUsage),
      });
    } else if (type === 'tool_result') {
      const parts: MessagePart[] = [];
      for (const result of resultsOf(value, node.record.location)) {
        const call = calls.get(result.callId);
        if (call) {
          if (call.result) continue;
          settleQwenCodeCall(call, result);
        } else if (!pending.has(result.callId)) pending.set(result.callId, result);
        else continue;
        parts.push({ type: 'tool_result', callId: result.callId });
      }
      messages.push({ ...base, role: 'user', kind: 'tool_results', parts });
    } else if (type === 'user') {
      const payload = obj(value.systemPayload);
      const parts = contentParts(arr(obj(value.message)?.parts));
      const kind: MessageKind = subtype === 'notification' || subtype === 'cron' ? 'meta' : 'prompt';
      messages.push({ ...base, role: 'user', kind, parts, ...optional('subtype', subtype) });
      if (kind === 'prompt' && !off) {
        const text =
          str(payload?.displayText) ?? parts.map((p) => (p.type === 'text' ? p.text : '')).join('\n');
        firstPrompt ??= text;
      }
    } else if (type === 'system') {
      const payload = obj(value.systemPayload);
      if (subtype === 'custom_title' && !off) title = str(payload?.customTitle) ?? title;
      const uiEvent = subtype === 'ui_telemetry' ? obj(payload?.uiEvent) : undefined;
      const eventName = str(uiEvent?.['event.name']);
      if (eventName?.endsWith('api_response')) telemetryRequests += 1;
      const eventCallId = str(uiEvent?.call_id);
      if (uiEvent && eventName?.endsWith('tool_call') && eventCallId !== undefined)
        toolEvents.set(eventCallId, uiEvent);
      if (subtype === undefined || !shownSystemSubtypes.has(subtype)) continue;
      const kind: MessageKind = subtype === 'chat_compression' ? 'compact_boundary' : 'system';
      messages.push({ ...base, role: 'system', kind, parts: systemParts(subtype, payload), subtype });
    }
  }

  for (const [callId, event] of toolEvents) {
    const call = calls.get(callId);
    if (call) applyToolCallEvent(call, event);
  }
  const orphans = [...pending.values()].map((result) => orphanQwenCodeCall(result, sessionId));
  const toolCalls = [...calls.values(), ...orphans];
  const records = file.records.map((r) => r.value);
  const cwds = distinct(records.map((v) => str(v.cwd)));
  const cwd = cwds[0];
  const parentSession = records
    .filter((v) => v.subtype === 'parent_session')
    .map((v) => str(obj(v.systemPayload)?.parentSessionId))
    .find((id) => id !== undefined);
  const forkedFrom = str(obj(records.find((v) => isObject(v.forkedFrom))?.forkedFrom)?.sessionId);
  const session: Session = {
    id: sessionId,
    agent: 'qwen-code',
    files: [file.file],
    cwds,
    versions: distinct(records.map((v) => str(v.version))),
    models: [...models],
    messages,
    turns: buildTurns(messages, toolCalls),
    toolCalls,
    subagents: [],
    usage,
    usageByModel,
    usageEntries,
    counts: file.counts,
    problems,
    meta: {
      ...(duplicates > 0 ? { duplicateRecords: duplicates } : {}),
      ...(telemetryRequests > 0 ? { telemetryApiResponses: telemetryRequests } : {}),
    },
    isSubagent: false,
    ...optional('cwd', cwd),
    ...optional('project', cwd === undefined ? undefined : baseName(cwd)),
    ...optional(
      'gitBranch',
      records.map((v) => str(v.gitBranch)).find((b) => b !== undefined),
    ),
    ...optional('parentSessionId', parentSession),
    ...optional('forkedFromId', forkedFrom),
  };
  const chosen = title ?? firstPrompt?.replace(/\s+/g, ' ').trim().slice(0, 100);
  if (chosen) {
    session.title = chosen;
    session.titleSource = title === undefined ? 'first-prompt' : 'custom-title';
  }
  const times = records.map((v) => timeOf(v.timestamp)).filter((t): t is number => t !== undefined);
  if (times.length > 0) {
    const start = Math.min(...times);
    const end = Math.max(...times);
    session.startTime = new Date(start).toISOString();
    session.endTime = new Date(end).toISOString();
    session.durationMs = end - start;
  }
  return session;
}

/** What the branch rule needs: prompts start alternatives, tool results do not; assistant records always. */
function branchNodeOf(value: JsonObject, index: number): BranchNode {
  const type = str(value.type);
  if (type === 'assistant') return { type: 'assistant', index };
  if (type === 'user') return { type: 'user', index, alternative: true };
  if (type === 'tool_result') return { type: 'user', index, alternative: false };
  return { type: type ?? '', index };
}

function contentParts(parts: unknown[]): MessagePart[] {
  const out: MessagePart[] = [];
  for (const part of parts) {
    if (!isObject(part)) continue;
    const text = str(part.text);
    if (text !== undefined)
      out.push(part.thought === true ? { type: 'thinking', text } : { type: 'text', text });
    else if (isObject(part.inlineData))
      out.push({ type: 'image', ...optional('mediaType', str(part.inlineData.mimeType)) });
    else if (!isObject(part.functionCall) && !isObject(part.functionResponse))
      out.push({ type: 'other', blockType: Object.keys(part)[0] ?? '(empty part)', raw: part });
  }
  return out;
}

function systemParts(subtype: string, payload: JsonObject | undefined): MessagePart[] {
  let text: string | undefined;
  if (subtype === 'slash_command') text = str(payload?.rawCommand);
  else if (subtype === 'at_command') text = str(payload?.userText);
  else if (subtype === 'chat_compression') {
    const info = obj(payload?.info);
    const before = num(info?.originalTokenCount);
    const after = num(info?.newTokenCount);
    text =
      before !== undefined && after !== undefined
        ? `Context compressed: ${before} -> ${after} tokens`
        : 'Context compressed';
  } else text = str(payload?.displayText);
  return text === undefined ? [] : [{ type: 'text', text }];
}

function distinct(values: (string | undefined)[]): string[] {
  const out: string[] = [];
  for (const v of values) if (v !== undefined && !out.includes(v)) out.push(v);
  return out;
}
