import { type BranchNode, offBranchRecords } from '../../model/branch-rule.js';
import { buildTurns } from '../../model/build-turns.js';
import { orderConversation } from '../../model/conversation-order.js';
import type { Message, MessageKind, MessagePart } from '../../model/message.js';
import type { Session } from '../../model/session.js';
import type { LocatedProblem } from '../../model/source-location.js';
import type { ToolCall } from '../../model/tool-call.js';
import { addUsage, addUsageTo, emptyUsage, type TokenUsage, type UsageEntry } from '../../model/usage.js';
import {
  arr,
  baseName,
  isObject,
  type JsonObject,
  obj,
  optional,
  str,
  timeOf,
} from '../../schemas/common/value-access.js';
import type { AdapterFile, AdapterRecord } from '../agent-adapter.js';
import { contentText, createPiCall, orphanPiCall, type PiResult, settlePiCall } from './tool-call.js';
import { piCost, piUsage } from './usage.js';

interface Entry {
  key: string;
  parent: string | undefined;
  record: AdapterRecord;
  index: number;
}

/**
 * Builds a session from one Pi session file. Version 2 and 3 entries form a tree by `id`/`parentId`:
 * parents first, file order otherwise, and what a branch (`/tree`) left behind is off-branch by Claude
 * Code's rule (the continued branch ends at the last user or assistant message). Version 1 files have no
 * ids: each entry follows the one before. Calls (`toolCall` blocks) pair with `toolResult` messages by
 * `toolCallId`; calls left without a result by an aborted response are interrupted, by a failed
 * response errors. Usage is each assistant message's `usage` (see `piUsage`), keyed by its response id
 * and time so that a fork's copy counts once; pi's own cost is kept in `meta.recordedCostUsd`.
 */
export function buildPiSession(file: AdapterFile): Session {
  const header = file.records.find((r) => r.value.type === 'session')?.value;
  const sessionId = str(header?.id) ?? idFromName(file.file) ?? baseName(file.file).replace(/\.jsonl$/, '');
  const problems: LocatedProblem[] = [...file.problems];
  const entries = new Map<string, Entry>();
  let previous: string | undefined;
  file.records.forEach((record, index) => {
    if (record.value.type === 'session') return;
    const id = str(record.value.id);
    const key = id !== undefined && !entries.has(id) ? id : `${sessionId}:${record.location.line}`;
    // Version 1 (no ids, no parentId key): each entry follows the one before.
    const parent = 'parentId' in record.value ? (str(record.value.parentId) ?? undefined) : previous;
    entries.set(key, { key, parent, record, index });
    previous = key;
  });
  const parentOf = (key: string) => entries.get(key)?.parent;
  const { order, cyclic } = orderConversation(
    [...entries.values()].map((e) => ({ id: e.key, parentId: e.parent, index: e.index })),
  );
  for (const key of cyclic) {
    const entry = entries.get(key);
    if (entry)
      problems.push({
        location: entry.record.location,
        type: 'parent-cycle',
        message: `Entry "${key}" is part of a parentId cycle.`,
      });
  }
  const branchNodes = new Map<string, BranchNode>();
  for (const entry of entries.values())
    branchNodes.set(entry.key, branchNodeOf(entry.record.value, entry.index));
  const offBranch = offBranchRecords(branchNodes, parentOf);

  const messages: Message[] = [];
  const calls = new Map<string, ToolCall>();
  const pending = new Map<string, PiResult>();
  const usage = emptyUsage();
  const usageByModel: Record<string, TokenUsage> = {};
  const usageEntries: UsageEntry[] = [];
  const models = new Set<string>();
  const requestKeys = new Set<string>();
  let cost = 0;
  let priced = false;
  let model = str(header?.modelId);
  let firstPrompt: string | undefined;
  let title: string | undefined;

  for (const key of order) {
    const entry = entries.get(key);
    if (!entry) continue;
    const value = entry.record.value;
    const type = str(value.type);
    const timestamp = str(value.timestamp);
    const off = offBranch.has(key);
    const base = {
      id: key,
      location: entry.record.location,
      ...optional('parentId', entry.parent),
      ...optional('timestamp', timestamp),
      ...(off ? { offBranch: true } : {}),
    };
    if (type === 'model_change') {
      model = str(value.modelId) ?? model;
      continue;
    }
    if (type === 'session_info') {
      if (!off) title = str(value.name) ?? title;
      continue;
    }
    if (type === 'compaction' || type === 'branch_summary') {
      const kind: MessageKind = type === 'compaction' ? 'compact_boundary' : 'system';
      messages.push({ ...base, role: 'system', kind, subtype: type, parts: textParts(str(value.summary)) });
      continue;
    }
    if (type === 'custom_message') {
      messages.push({
        ...base,
        role: 'user',
        kind: 'meta',
        subtype: type,
        parts: contentParts(value.content),
      });
      continue;
    }
    // Settings and bookkeeping (thinking_level_change, custom, label) are records only.
    const message = obj(value.message);
    if (type !== 'message' || !message) continue;
    const role = str(message.role);
    if (role === 'assistant') {
      const responseModel = str(message.model) || model;
      if (responseModel) models.add(responseModel);
      const parts: MessagePart[] = [];
      for (const block of arr(message.content)) {
        if (!isObject(block)) continue;
        if (block.type === 'toolCall') {
          const call = createPiCall(block, {
            sessionId,
            location: entry.record.location,
            messageId: key,
            fallbackId: `${key}:${parts.length}`,
            ...optional('timestamp', timestamp),
            ...optional('model', responseModel || undefined),
          });
          if (calls.has(call.id)) continue;
          const early = pending.get(call.id);
          if (early) {
            pending.delete(call.id);
            settlePiCall(call, early);
          }
          calls.set(call.id, call);
          parts.push({ type: 'tool_call', callId: call.id });
        } else parts.push(...contentParts([block]));
      }
      const stopReason = str(message.stopReason);
      const errorMessage = str(message.errorMessage);
      if (stopReason === 'error' && errorMessage !== undefined)
        parts.push({ type: 'text', text: errorMessage });
      const messageUsage = piUsage(message.usage);
      const requestKey = `pi|${str(message.responseId) ?? ''}|${String(message.timestamp ?? timestamp)}|${responseModel ?? ''}`;
      const counted = messageUsage !== undefined && !requestKeys.has(requestKey);
      if (counted) {
        requestKeys.add(requestKey);
        addUsage(usage, messageUsage);
        addUsageTo(usageByModel, responseModel || 'unknown', messageUsage);
        usageEntries.push({
          usage: messageUsage,
          messageId: key,
          requestKey,
          ...optional('model', responseModel || undefined),
          ...optional('timestamp', timestamp),
        });
        const dollars = piCost(message.usage);
        if (dollars !== undefined) {
          cost += dollars;
          priced = true;
        }
      }
      messages.push({
        ...base,
        role: 'assistant',
        kind: stopReason === 'error' ? 'api_error' : 'response',
        parts,
        ...optional('subtype', stopReason === 'error' || stopReason === 'aborted' ? stopReason : undefined),
        ...optional('model', responseModel || undefined),
        ...optional('usage', counted ? messageUsage : undefined),
      });
      if (stopReason === 'aborted' || stopReason === 'error')
        settleUnanswered(parts, calls, stopReason, errorMessage);
    } else if (role === 'toolResult') {
      const callId = str(message.toolCallId);
      if (callId === undefined) continue;
      const result: PiResult = { message, location: entry.record.location, timestamp };
      const call = calls.get(callId);
      if (call) {
        if (call.result) continue;
        settlePiCall(call, result);
      } else if (!pending.has(callId)) pending.set(callId, result);
      else continue;
      messages.push({
        ...base,
        role: 'user',
        kind: 'tool_results',
        parts: [{ type: 'tool_result', callId }],
      });
    } else if (role === 'user') {
      const parts = contentParts(message.content);
      messages.push({ ...base, role: 'user', kind: 'prompt', parts });
      if (!off) firstPrompt ??= contentText(message.content);
    } else if (role === 'bashExecution') {
      const text = `$ ${str(message.command) ?? ''}\n${str(message.output) ?? ''}`;
      messages.push({ ...base, role: 'user', kind: 'meta', subtype: role, parts: textParts(text) });
    } else if (role === 'compactionSummary' || role === 'branchSummary') {
      const kind: MessageKind = role === 'compactionSummary' ? 'compact_summary' : 'meta';
      messages.push({ ...base, role: 'user', kind, subtype: role, parts: textParts(str(message.summary)) });
    } else {
      messages.push({
        ...base,
        role: 'user',
        kind: 'meta',
        ...optional('subtype', role),
        parts: contentParts(message.content),
      });
    }
  }

  const orphans = [...pending.values()].map((r) => orphanPiCall(r, sessionId));
  const toolCalls = [...calls.values(), ...orphans];
  const cwd = str(header?.cwd);
  const parentSession = str(header?.parentSession) ?? str(header?.branchedFrom);
  const session: Session = {
    id: sessionId,
    agent: 'pi',
    files: [file.file],
    cwds: cwd === undefined ? [] : [cwd],
    // Pi records no CLI version; the session format version is in meta.
    versions: [],
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
      ...(priced ? { recordedCostUsd: Math.round(cost * 1e9) / 1e9 } : {}),
      ...optional('parentSession', parentSession),
      sessionFormat: typeof header?.version === 'number' ? header.version : 1,
      ...optional('provider', str(header?.provider)),
    },
    isSubagent: false,
    ...optional('cwd', cwd),
    ...optional('project', cwd === undefined ? undefined : baseName(cwd)),
    ...optional('forkedFromId', parentSession === undefined ? undefined : idFromName(parentSession)),
  };
  const chosen = title ?? firstPrompt?.replace(/\s+/g, ' ').trim().slice(0, 100);
  if (chosen) {
    session.title = chosen;
    session.titleSource = title === undefined ? 'first-prompt' : 'custom-title';
  }
  const times = file.records
    .map((r) => timeOf(r.value.timestamp))
    .filter((t): t is number => t !== undefined);
  if (times.length > 0) {
    const start = Math.min(...times);
    const end = Math.max(...times);
    session.startTime = new Date(start).toISOString();
    session.endTime = new Date(end).toISOString();
    session.durationMs = end - start;
  }
  return session;
}

/** Calls of an aborted or failed response that got no result: the response never let them run. */
function settleUnanswered(
  parts: MessagePart[],
  calls: Map<string, ToolCall>,
  stopReason: string,
  errorMessage: string | undefined,
): void {
  for (const part of parts) {
    const call = part.type === 'tool_call' ? calls.get(part.callId) : undefined;
    if (call?.status !== 'missing') continue;
    call.status = stopReason === 'aborted' ? 'interrupted' : 'error';
    call.statusReason =
      stopReason === 'aborted' ? 'the response was aborted' : (errorMessage ?? 'the response failed');
  }
}

function branchNodeOf(value: JsonObject, index: number): BranchNode {
  const role = str(obj(value.message)?.role);
  if (role === 'assistant') return { type: 'assistant', index };
  if (role === 'user') return { type: 'user', index, alternative: true };
  if (role !== undefined) return { type: 'user', index, alternative: false };
  return { type: str(value.type) ?? '', index };
}

function contentParts(content: unknown): MessagePart[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  const parts: MessagePart[] = [];
  for (const block of arr(content)) {
    if (!isObject(block)) continue;
    if (block.type === 'text') parts.push({ type: 'text', text: str(block.text) ?? '' });
    else if (block.type === 'thinking') parts.push({ type: 'thinking', text: str(block.thinking) ?? '' });
    else if (block.type === 'image')
      parts.push({ type: 'image', ...optional('mediaType', str(block.mimeType)) });
    else parts.push({ type: 'other', blockType: str(block.type) ?? '(no type)', raw: block });
  }
  return parts;
}

function textParts(text: string | undefined): MessagePart[] {
  return text === undefined ? [] : [{ type: 'text', text }];
}

/** The uuid of a `<timestamp>_<uuid>.jsonl` file name (or path). */
function idFromName(file: string): string | undefined {
  return /_([0-9a-f-]{36})\.jsonl$/i.exec(baseName(file))?.[1];
}
