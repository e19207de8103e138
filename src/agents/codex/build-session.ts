import { buildTurns } from '../../model/build-turns.js';
import type { Message, MessagePart } from '../../model/message.js';
import type { RateLimitSnapshot } from '../../model/rate-limits.js';
import type { Session } from '../../model/session.js';
import { resultWithoutCallName, type ToolCall } from '../../model/tool-call.js';
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
import type { RecordFile } from '../record-file.js';
import { decodeCodexLine } from './decode-record.js';
import { readCodexRateLimits } from './rate-limits.js';
import { createCodexCall, settleCodexCall } from './tool-call.js';
import { createUsageTracker } from './usage-tracker.js';

/**
 * Builds a session from one Codex rollout (both eras). Messages come from `response_item`s (the model's
 * history); `event_msg` copies of the same text are not repeated, except in files that have no
 * `response_item` messages at all. Calls pair with outputs by `call_id`. Usage comes from `token_count`
 * events (see `createUsageTracker`), and so do the last rate limits recorded (`readCodexRateLimits`). In a
 * fork, the parent's replayed history is kept as off-branch messages but its calls, usage and rate limits
 * are not counted again.
 */
export function buildCodexSession(file: RecordFile): Session {
  const decoded = file.records.map((record, lineIndex) => ({
    record,
    line: decodeCodexLine(record.value, 'envelope', { lineIndex }),
  }));
  const metas = decoded.filter((d) => d.line.type === 'session_meta').map((d) => d.line.payload);
  const meta = metas[0] ?? {};
  const sessionId = str(meta.id) ?? threadIdFromName(file.file) ?? baseName(file.file);
  const forkedFrom = str(meta.forked_from_id);
  const forkTime = timeOf(meta.timestamp);
  const hasResponseMessages = decoded.some(
    (d) => d.line.type === 'response_item' && d.line.subtype === 'message',
  );

  const messages: Message[] = [];
  const calls = new Map<string, ToolCall>();
  // Outputs whose call has not been seen (yet): paired when the call comes later, orphans at the end.
  const pendingOutputs = new Map<
    string,
    { output: unknown; location: ToolCall['location']; timestamp: string | undefined }
  >();
  const usage = createUsageTracker(sessionId);
  const cwds: string[] = [];
  const models = new Set<string>();
  let model: string | undefined;
  let replaying = forkedFrom !== undefined;
  let firstPrompt: string | undefined;
  let title: string | undefined;
  let rateLimits: RateLimitSnapshot | undefined;
  let first: number | undefined;
  let last: number | undefined;
  const addCwd = (cwd: string | undefined) => {
    if (cwd !== undefined && !cwds.includes(cwd)) cwds.push(cwd);
  };
  addCwd(str(meta.cwd));

  for (const { record, line } of decoded) {
    const payload = line.payload;
    const location = record.location;
    const timestamp = line.timestamp;
    const t = timeOf(timestamp);
    if (t !== undefined && !replaying) {
      if (first === undefined || t < first) first = t;
      if (last === undefined || t > last) last = t;
    }
    const id = `${sessionId}:${location.line}`;
    const base = {
      id,
      location,
      ...optional('timestamp', timestamp),
      ...(replaying ? { offBranch: true } : {}),
    };

    if (line.type === 'turn_context') {
      // A fork replays the parent's turns; its own turns have UUIDv7 ids made after the fork.
      const turnTime = uuidV7Time(str(payload.turn_id));
      if (replaying && turnTime !== undefined && forkTime !== undefined && turnTime >= forkTime)
        replaying = false;
      model = str(payload.model) ?? model;
      if (model !== undefined && !replaying) models.add(model);
      addCwd(str(payload.cwd));
      continue;
    }
    if (line.type === 'session_meta' && payload !== meta && replaying && str(payload.id) === sessionId)
      replaying = false;
    if (line.type === 'event_msg') {
      const sub = line.subtype;
      if (sub === 'token_count') {
        if (replaying) usage.observe(payload);
        else {
          usage.add(payload, model, timestamp);
          // The last one with a valid time (one without cannot be dated against the others).
          const limits = readCodexRateLimits(payload.rate_limits, timestamp, location);
          if (limits && (t !== undefined || timeOf(rateLimits?.time) === undefined)) rateLimits = limits;
        }
      } else if (sub === 'thread_name_updated') {
        title = str(payload.thread_name) ?? str(payload.name) ?? title;
      } else if (sub === 'turn_aborted') {
        for (const call of calls.values())
          if (call.status === 'missing') settleCodexCall(call, 'interrupted', 'turn aborted');
      } else if (!hasResponseMessages && (sub === 'user_message' || sub === 'agent_message')) {
        const text = str(payload.message) ?? '';
        const role = sub === 'user_message' ? 'user' : 'assistant';
        messages.push({
          ...base,
          role,
          kind: role === 'user' ? 'prompt' : 'response',
          parts: [{ type: 'text', text }],
        });
        if (role === 'user') firstPrompt ??= text;
      } else if (sub === 'mcp_tool_call_end' || sub === 'patch_apply_end' || sub === 'exec_command_end') {
        const call = calls.get(str(payload.call_id) ?? '');
        if (call) enrichFromEvent(call, sub, payload);
      }
      continue;
    }
    if (line.type !== 'response_item') continue;
    switch (line.subtype) {
      case 'message': {
        const role = str(payload.role);
        const parts = contentParts(payload.content);
        const text = parts.map((p) => (p.type === 'text' ? p.text : '')).join('\n');
        // Old rollouts have no cwd field: it is only in the harness's environment context text.
        if (cwds.length === 0)
          addCwd(/<environment_context>[\s\S]*?<cwd>([^<]+)<\/cwd>/.exec(text)?.[1]?.trim());
        if (role === 'assistant') {
          messages.push({ ...base, role: 'assistant', kind: 'response', parts, ...optional('model', model) });
        } else {
          const kind = role === 'user' && !isHarnessText(text) ? 'prompt' : 'meta';
          messages.push({ ...base, role: role === 'user' ? 'user' : 'system', kind, parts });
          if (kind === 'prompt' && !replaying) firstPrompt ??= text;
        }
        break;
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
          ...optional('model', model),
        });
        break;
      }
      case 'function_call':
      case 'custom_tool_call':
      case 'local_shell_call':
      case 'web_search_call': {
        const call = createCodexCall(line.subtype, payload, {
          sessionId,
          location,
          timestamp,
          model,
          fallbackId: id,
        });
        if (replaying || calls.has(call.id)) break;
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
          ...optional('model', model),
        });
        break;
      }
      case 'function_call_output':
      case 'custom_tool_call_output': {
        const callId = str(payload.call_id);
        if (callId === undefined || replaying) break;
        const call = calls.get(callId);
        const output = { output: payload.output, location, timestamp };
        if (!call) {
          if (pendingOutputs.has(callId)) break;
          pendingOutputs.set(callId, output);
        } else {
          if (call.result) break;
          settleCodexCall(call, undefined, undefined, output);
        }
        messages.push({
          ...base,
          role: 'user',
          kind: 'tool_results',
          parts: [{ type: 'tool_result', callId }],
        });
        break;
      }
      default:
        break;
    }
  }

  const orphans = [...pendingOutputs].map(([callId, output]) => {
    const orphan = orphanCall(callId, sessionId, output.location);
    settleCodexCall(orphan, undefined, undefined, output);
    return orphan;
  });
  const toolCalls = [...calls.values(), ...orphans];
  const totals = usage.totals();
  const cwd = cwds[0];
  const git = obj(meta.git);
  const session: Session = {
    id: sessionId,
    agent: 'codex',
    files: [file.file],
    cwds,
    versions:
      metas.length > 0 && str(meta.cli_version) !== undefined ? [str(meta.cli_version) as string] : [],
    models: [...models],
    messages,
    turns: buildTurns(messages, toolCalls),
    toolCalls,
    subagents: [],
    usage: totals.usage,
    usageByModel: totals.byModel,
    usageEntries: totals.entries,
    counts: file.counts,
    problems: [...file.problems],
    meta: {
      ...optional('originator', str(meta.originator)),
      ...optional('source', meta.source),
      ...optional('modelProvider', str(meta.model_provider)),
      ...(usage.droppedReemissions > 0 ? { reemittedTokenCounts: usage.droppedReemissions } : {}),
    },
    isSubagent: parentThreadId(meta) !== undefined,
    ...optional('cwd', cwd),
    ...optional('project', cwd === undefined ? undefined : baseName(cwd)),
    ...optional('gitBranch', str(git?.branch)),
    ...optional('forkedFromId', forkedFrom),
    ...optional('parentSessionId', parentThreadId(meta)),
    ...optional('rateLimits', rateLimits),
  };
  const chosenTitle =
    title ?? (firstPrompt === undefined ? undefined : firstPrompt.replace(/\s+/g, ' ').trim().slice(0, 100));
  if (chosenTitle) {
    session.title = chosenTitle;
    session.titleSource = title === undefined ? 'first-prompt' : 'thread-name';
  }
  if (first !== undefined && last !== undefined) {
    session.startTime = new Date(first).toISOString();
    session.endTime = new Date(last).toISOString();
    session.durationMs = last - first;
  }
  return session;
}

/** `session_meta.source.subagent.thread_spawn.parent_thread_id` (spec 4.4). */
export function parentThreadId(meta: JsonObject): string | undefined {
  return str(obj(obj(obj(meta.source)?.subagent)?.thread_spawn)?.parent_thread_id);
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

function orphanCall(id: string, sessionId: string, location: ToolCall['location']): ToolCall {
  return {
    id,
    name: resultWithoutCallName,
    canonicalName: resultWithoutCallName,
    kind: 'unknown',
    input: undefined,
    status: 'orphan_result',
    statusReason: 'no call with this call_id in the rollout',
    sessionId,
    location,
  };
}

/** The thread id in a rollout file name: the last UUID (fork files carry two). */
function threadIdFromName(file: string): string | undefined {
  const matches = baseName(file).match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi);
  return matches?.[matches.length - 1];
}

/** Milliseconds encoded in the first 48 bits of a UUIDv7, or undefined for other ids. */
export function uuidV7Time(id: string | undefined): number | undefined {
  if (id === undefined || !/^[0-9a-f]{8}-[0-9a-f]{4}-7/i.test(id)) return undefined;
  return Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16);
}
