// The per-record fold of a Codex rollout: what `buildCodexSession` runs over a whole file, and what
// `appendCodexSession` runs over the records a stored rollout got since, from the stored session and the
// state below, so that an append gives the session a build of the whole file gives.
import type { Message, MessagePart } from '../../model/message.js';
import type { RateLimitSnapshot } from '../../model/rate-limits.js';
import type { SourceLocation } from '../../model/source-location.js';
import { resultWithoutCall, type ToolCall } from '../../model/tool-call.js';
import { arr, isObject, type JsonObject, optional, str, timeOf } from '../../schemas/common/value-access.js';
import type { LocatedRecord } from '../record-file.js';
import type { DecodedCodexLine } from './decode-record.js';
import { readCodexRateLimits } from './rate-limits.js';
import { createCodexCall, settleCodexCall } from './tool-call.js';
import type { UsageTracker } from './usage-tracker.js';

/** An output whose call has not been seen (yet): paired when the call comes later, else a result without a call. */
export interface PendingOutput {
  output: unknown;
  location: SourceLocation;
  timestamp: string | undefined;
}

/** The fold's state; `buildCodexSession` makes the session from it. */
export interface CodexFoldState {
  readonly sessionId: string;
  /** The first `session_meta`'s payload (undefined in an append: a later meta is never it). */
  readonly meta: JsonObject | undefined;
  readonly forkTime: number | undefined;
  /** Whether the file has `response_item` messages: then `event_msg` copies of them are not messages. */
  readonly hasResponseMessages: boolean;
  messages: Message[];
  calls: Map<string, ToolCall>;
  pendingOutputs: Map<string, PendingOutput>;
  /** Call ids of the stored results without a call (an append): a call for one would move it. */
  readonly storedOrphans: ReadonlySet<string>;
  usage: UsageTracker;
  cwds: string[];
  models: Set<string>;
  model: string | undefined;
  /** A fork's replay of its parent's history, until its own first turn. */
  replaying: boolean;
  /** The first prompt's title form (spaces collapsed, 100 characters), once there is one. */
  promptTitle: string | undefined;
  threadName: string | undefined;
  rateLimits: RateLimitSnapshot | undefined;
  first: number | undefined;
  last: number | undefined;
}

/** Thrown when an appended record would change what the stored rollout gave: the file is built again. */
export class CodexNotAppendable extends Error {
  override readonly name = 'CodexNotAppendable';
}

/** Adds a working directory the first time it is seen. */
export function addCwd(state: CodexFoldState, cwd: string | undefined): void {
  if (cwd !== undefined && !state.cwds.includes(cwd)) state.cwds.push(cwd);
}

/** Folds one record (in file order) into the state. */
export function foldCodexRecord(state: CodexFoldState, record: LocatedRecord, line: DecodedCodexLine): void {
  const { sessionId, calls, pendingOutputs, messages } = state;
  const payload = line.payload;
  const location = record.location;
  const timestamp = line.timestamp;
  const t = timeOf(timestamp);
  if (t !== undefined && !state.replaying) {
    if (state.first === undefined || t < state.first) state.first = t;
    if (state.last === undefined || t > state.last) state.last = t;
  }
  const id = `${sessionId}:${location.line}`;
  const base = {
    id,
    location,
    ...optional('timestamp', timestamp),
    ...(state.replaying ? { offBranch: true } : {}),
  };

  if (line.type === 'turn_context') {
    // A fork replays the parent's turns; its own turns have UUIDv7 ids made after the fork.
    const turnTime = uuidV7Time(str(payload.turn_id));
    if (
      state.replaying &&
      turnTime !== undefined &&
      state.forkTime !== undefined &&
      turnTime >= state.forkTime
    )
      state.replaying = false;
    state.model = str(payload.model) ?? state.model;
    if (state.model !== undefined && !state.replaying) state.models.add(state.model);
    addCwd(state, str(payload.cwd));
    return;
  }
  if (
    line.type === 'session_meta' &&
    payload !== state.meta &&
    state.replaying &&
    str(payload.id) === sessionId
  )
    state.replaying = false;
  if (line.type === 'event_msg') {
    const sub = line.subtype;
    if (sub === 'token_count') {
      if (state.replaying) state.usage.observe(payload);
      else {
        state.usage.add(payload, state.model, timestamp);
        // The last one with a valid time (one without cannot be dated against the others).
        const limits = readCodexRateLimits(payload.rate_limits, timestamp, location);
        if (limits && (t !== undefined || timeOf(state.rateLimits?.time) === undefined))
          state.rateLimits = limits;
      }
    } else if (sub === 'thread_name_updated') {
      state.threadName = str(payload.thread_name) ?? str(payload.name) ?? state.threadName;
    } else if (sub === 'turn_aborted') {
      for (const call of calls.values())
        if (call.status === 'missing') settleCodexCall(call, 'interrupted', 'turn aborted');
    } else if (!state.hasResponseMessages && (sub === 'user_message' || sub === 'agent_message')) {
      const text = str(payload.message) ?? '';
      const role = sub === 'user_message' ? 'user' : 'assistant';
      messages.push({
        ...base,
        role,
        kind: role === 'user' ? 'prompt' : 'response',
        parts: [{ type: 'text', text }],
      });
      if (role === 'user') state.promptTitle ??= titleOf(text);
    } else if (sub === 'mcp_tool_call_end' || sub === 'patch_apply_end' || sub === 'exec_command_end') {
      const call = calls.get(str(payload.call_id) ?? '');
      if (call) enrichFromEvent(call, sub, payload);
    }
    return;
  }
  if (line.type !== 'response_item') return;
  switch (line.subtype) {
    case 'message': {
      const role = str(payload.role);
      const parts = contentParts(payload.content);
      const text = parts.map((p) => (p.type === 'text' ? p.text : '')).join('\n');
      // Old rollouts have no cwd field: it is only in the harness's environment context text.
      if (state.cwds.length === 0)
        addCwd(state, /<environment_context>[\s\S]*?<cwd>([^<]+)<\/cwd>/.exec(text)?.[1]?.trim());
      if (role === 'assistant') {
        messages.push({
          ...base,
          role: 'assistant',
          kind: 'response',
          parts,
          ...optional('model', state.model),
        });
      } else {
        const kind = role === 'user' && !isHarnessText(text) ? 'prompt' : 'meta';
        messages.push({ ...base, role: role === 'user' ? 'user' : 'system', kind, parts });
        if (kind === 'prompt' && !state.replaying) state.promptTitle ??= titleOf(text);
      }
      return;
    }
    case 'reasoning': {
      const summary = arr(payload.summary)
        .map((s) => (isObject(s) ? (str(s.text) ?? '') : ''))
        .join('\n');
      messages.push({
        ...base,
        role: 'assistant',
        kind: 'response',
        parts: [{ type: 'thinking', text: summary }],
        ...optional('model', state.model),
      });
      return;
    }
    case 'function_call':
    case 'custom_tool_call':
    case 'local_shell_call':
    case 'web_search_call': {
      const call = createCodexCall(line.subtype, payload, {
        sessionId,
        location,
        timestamp,
        model: state.model,
        fallbackId: id,
      });
      if (state.replaying || calls.has(call.id)) return;
      // A build would pair it with the stored result that waits for it (which left the calls' end).
      if (state.storedOrphans.has(call.id))
        throw new CodexNotAppendable('a call comes for a stored result without a call');
      calls.set(call.id, call);
      const early = pendingOutputs.get(call.id);
      if (early) {
        pendingOutputs.delete(call.id);
        settleCodexCall(call, undefined, undefined, early);
      }
      messages.push({
        ...base,
        role: 'assistant',
        kind: 'response',
        parts: [{ type: 'tool_call', callId: call.id }],
        ...optional('model', state.model),
      });
      return;
    }
    case 'function_call_output':
    case 'custom_tool_call_output': {
      const callId = str(payload.call_id);
      if (callId === undefined || state.replaying) return;
      const call = calls.get(callId);
      const output = { output: payload.output, location, timestamp };
      if (!call) {
        if (pendingOutputs.has(callId) || state.storedOrphans.has(callId)) return;
        pendingOutputs.set(callId, output);
      } else {
        if (call.result) return;
        settleCodexCall(call, undefined, undefined, output);
      }
      messages.push({
        ...base,
        role: 'user',
        kind: 'tool_results',
        parts: [{ type: 'tool_result', callId }],
      });
      return;
    }
    default:
      return;
  }
}

/** The results without a call the fold left, as calls with status `orphan_result`, in the order they came. */
export function orphanCallsOf(state: CodexFoldState): ToolCall[] {
  return [...state.pendingOutputs].map(([callId, output]) => {
    const orphan = resultWithoutCall(
      callId,
      state.sessionId,
      output.location,
      'no call with this call_id in the rollout',
    );
    settleCodexCall(orphan, undefined, undefined, output);
    return orphan;
  });
}

/** The session's title: the thread's name, else its first prompt's title form (none when empty). */
export function titleOfFold(
  state: CodexFoldState,
): { title: string; source: 'thread-name' | 'first-prompt' } | undefined {
  const title = state.threadName ?? state.promptTitle;
  if (!title) return undefined;
  return { title, source: state.threadName === undefined ? 'first-prompt' : 'thread-name' };
}

/** A first prompt as a title: spaces collapsed, the first 100 characters. */
function titleOf(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 100);
}

function contentParts(content: unknown): MessagePart[] {
  const parts: MessagePart[] = [];
  for (const item of arr(content)) {
    if (!isObject(item)) continue;
    if (item.type === 'input_text' || item.type === 'output_text' || item.type === 'text')
      parts.push({ type: 'text', text: str(item.text) ?? '' });
    else if (item.type === 'input_image')
      parts.push({ type: 'image', ...optional('url', str(item.image_url)) });
    else parts.push({ type: 'other', blockType: str(item.type) ?? '(no type)', raw: item });
  }
  if (typeof content === 'string') parts.push({ type: 'text', text: content });
  return parts;
}

/** Harness text Codex puts into user messages: environment, AGENTS.md, instructions. */
function isHarnessText(text: string): boolean {
  const start = text.trimStart();
  return (
    start.startsWith('<environment_context>') ||
    start.startsWith('<user_instructions>') ||
    start.startsWith('# AGENTS.md instructions') ||
    start.startsWith('<permissions instructions>') ||
    start.startsWith('<turn_aborted>')
  );
}

function enrichFromEvent(call: ToolCall, type: string, payload: JsonObject): void {
  if (type === 'patch_apply_end' && payload.success === false)
    settleCodexCall(call, 'error', str(payload.stderr) ?? 'patch failed');
  if (type === 'mcp_tool_call_end' && isObject(payload.result) && 'Err' in payload.result)
    settleCodexCall(call, 'error', String(payload.result.Err));
}

/** Milliseconds encoded in the first 48 bits of a UUIDv7, or undefined for other ids. */
export function uuidV7Time(id: string | undefined): number | undefined {
  if (id === undefined || !/^[0-9a-f]{8}-[0-9a-f]{4}-7/i.test(id)) return undefined;
  return Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16);
}
