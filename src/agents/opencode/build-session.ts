/**
 * Builds an OpenCode session (with its subagent sessions) from the records of one store session
 * (`read.ts`) or of a row dump read as JSONL. Call and result are one `tool` part: the call is made from
 * the part and settled by its `state.status` (completed -> ok, error -> error, pending/running/streaming ->
 * interrupted when the message was aborted, else missing). Subagent sessions (`parentID`/`parent_id`) are
 * built the same way and linked to the `task`/`subagent` call whose metadata names them. Usage: one entry per
 * model step (see `usage.ts`); OpenCode's own cost is kept in `meta.recordedCostUsd`.
 */
import { buildTurns } from '../../model/build-turns.js';
import type { Message, MessagePart } from '../../model/message.js';
import type { ReadCounts, Session, Subagent } from '../../model/session.js';
import type { ToolCall } from '../../model/tool-call.js';
import { addUsage, addUsageTo, emptyUsage, type TokenUsage, type UsageEntry } from '../../model/usage.js';
import {
  arr,
  baseName,
  isObject,
  type JsonObject,
  num,
  obj,
  optional,
  str,
} from '../../schemas/common/value-access.js';
import type { AdapterFile } from '../agent-adapter.js';
import { openToolCall } from '../open-tool-call.js';
import { groupOpencodeRecords, type OcMessage, type OcPart, type OcSession } from './opencode-records.js';
import { lookupOpencodeTool } from './tools/opencode-tools.js';
import { opencodeCost, opencodeUsage } from './usage.js';

export function buildOpencodeSession(file: AdapterFile): Session {
  const fallbackId = baseName(file.file).replace(/\.json$/, '');
  const sessions = groupOpencodeRecords(file.records, fallbackId);
  const root = sessions[0];
  if (!root)
    return buildOne(
      {
        id: fallbackId,
        parentId: undefined,
        value: {},
        location: { file: file.file, line: 1 },
        layout: 'tree',
        messages: [],
      },
      file,
      file.counts,
    );
  const built = new Map<OcSession, Session>();
  for (const s of sessions) built.set(s, buildOne(s, file, s === root ? file.counts : zeroCounts()));
  const byId = new Map(sessions.map((s) => [s.id, s]));
  const rootSession = built.get(root) as Session;
  rootSession.problems.push(...file.problems);
  for (const s of sessions) {
    if (s === root) continue;
    const child = built.get(s) as Session;
    const parentOc = (s.parentId === undefined ? undefined : byId.get(s.parentId)) ?? root;
    const parent = built.get(parentOc === s ? root : parentOc) as Session;
    if (s.parentId === undefined)
      rootSession.problems.push({
        location: s.location,
        type: 'unlinked-session',
        message: `Session "${s.id}" in the same input names no parent; shown as a subagent of "${root.id}".`,
      });
    const byMetadata = parent.toolCalls.find((c) => {
      const meta = obj(c.result?.structured);
      return str(meta?.sessionID) === s.id || str(meta?.sessionId) === s.id;
    });
    // 2.x results also name the child in their text (`<subagent sessionID="...">`).
    const call =
      byMetadata ?? parent.toolCalls.find((c) => c.kind !== 'mcp' && c.result?.text.includes(s.id) === true);
    child.isSubagent = true;
    child.parentSessionId = parent.id;
    child.agentId = s.id;
    if (call) {
      call.subagentId = s.id;
      child.parentToolCallId = call.id;
    }
    const input = obj(call?.input);
    const subagent: Subagent = {
      agentId: s.id,
      session: child,
      ...optional('toolCallId', call?.id),
      ...optional('agentType', str(s.value.agent) ?? str(input?.agent) ?? str(input?.subagent_type)),
      ...optional('description', str(input?.description) ?? str(s.value.title)),
      ...(call ? { linkedBy: byMetadata ? ('tool-use-result' as const) : ('result-text' as const) } : {}),
    };
    parent.subagents.push(subagent);
  }
  return rootSession;
}

function zeroCounts(): ReadCounts {
  return { lines: 0, blankLines: 0, records: 0, errors: 0, recordsByType: {}, unknownRecordTypes: {} };
}

function iso(ms: unknown): string | undefined {
  const n = num(ms);
  return n === undefined || !Number.isFinite(n) ? undefined : new Date(n).toISOString();
}

function buildOne(s: OcSession, file: AdapterFile, counts: ReadCounts): Session {
  const v = s.value;
  const sessionId = s.id;
  const messages: Message[] = [];
  const toolCalls: ToolCall[] = [];
  const usage = emptyUsage();
  const usageByModel: Record<string, TokenUsage> = {};
  const usageEntries: UsageEntry[] = [];
  const models = new Set<string>();
  const cwds: string[] = [];
  const times: number[] = [];
  let cost = 0;
  let priced = false;
  const seeTime = (t: unknown) => {
    const n = num(t);
    if (n !== undefined && Number.isFinite(n)) times.push(n);
  };
  const directory = str(v.directory);
  if (directory) cwds.push(directory);
  seeTime(obj(v.time)?.created ?? v.time_created);
  seeTime(obj(v.time)?.updated);
  const count = (
    tokens: TokenUsage | undefined,
    key: string,
    messageId: string,
    model: string | undefined,
    at: string | undefined,
  ) => {
    if (!tokens) return undefined;
    addUsage(usage, tokens);
    addUsageTo(usageByModel, model ?? 'unknown', tokens);
    usageEntries.push({
      usage: tokens,
      messageId,
      requestKey: `opencode:${sessionId}:${key}`,
      ...optional('model', model),
      ...optional('timestamp', at),
    });
    return tokens;
  };

  for (const m of s.messages) {
    const mv = m.value;
    const created = obj(mv.time)?.created ?? mv.time_created;
    seeTime(created);
    seeTime(obj(mv.time)?.completed);
    const timestamp = iso(created);
    const base = { id: m.id, location: m.location, ...optional('timestamp', timestamp) };
    const pathCwd = str(obj(mv.path)?.cwd);
    if (pathCwd && !cwds.includes(pathCwd)) cwds.push(pathCwd);
    if (m.role === 'user') {
      const parts: MessagePart[] = [];
      if (m.layout === 'v2') {
        const text = str(mv.text);
        if (text !== undefined) parts.push({ type: 'text', text });
        for (const f of arr(mv.files)) parts.push({ type: 'other', blockType: 'file', raw: f });
      } else for (const p of m.parts) parts.push(...plainPart(p));
      const meta = m.parts.length > 0 && m.parts.every((p) => p.value.synthetic === true);
      messages.push({ ...base, role: 'user', kind: meta ? 'meta' : 'prompt', parts });
      continue;
    }
    if (m.role !== 'assistant') {
      // v2 rows other than user/assistant: idle closes a turn; the others are shown as system records.
      if (m.role === 'idle') continue;
      const text = str(mv.text) ?? str(mv.summary);
      messages.push({
        ...base,
        role: 'system',
        kind: m.role === 'compaction' ? 'compact_boundary' : 'system',
        subtype: m.role,
        parts: text === undefined ? [] : [{ type: 'text', text }],
      });
      continue;
    }
    const model = str(obj(mv.model)?.id) ?? str(mv.modelID) ?? str(obj(mv.model)?.modelID);
    if (model) models.add(model);
    // OpenCode names an interruption by the user MessageAbortedError; other errors are failed responses.
    const aborted = str(obj(mv.error)?.name) === 'MessageAbortedError' || mv.finish === 'aborted';
    const parts: MessagePart[] = [];
    const results: MessagePart[] = [];
    let steps = 0;
    let messageUsage: TokenUsage | undefined;
    for (const p of m.parts) {
      const type = str(p.value.type);
      if (type === 'tool') {
        const call = toolCallOf(p, m, { sessionId, model, aborted, timestamp });
        toolCalls.push(call);
        parts.push({ type: 'tool_call', callId: call.id });
        if (call.result) results.push({ type: 'tool_result', callId: call.id });
        continue;
      }
      if (type === 'step-finish' && m.layout === 'parts') {
        steps += 1;
        const tokens = count(opencodeUsage(p.value.tokens), p.id, m.id, model, timestamp);
        if (tokens) messageUsage = addUsage(messageUsage ?? emptyUsage(), tokens);
        continue;
      }
      if (type === 'step-start') continue;
      parts.push(...plainPart(p));
    }
    if (m.layout === 'v2' || steps === 0)
      messageUsage = count(opencodeUsage(mv.tokens), m.id, m.id, model, timestamp);
    const dollars = opencodeCost(mv.cost);
    if (dollars !== undefined) {
      cost += dollars;
      priced = true;
    }
    const errorText = errorOf(mv.error);
    if (errorText !== undefined) parts.push({ type: 'text', text: errorText });
    messages.push({
      ...base,
      role: 'assistant',
      kind: errorText !== undefined && !aborted ? 'api_error' : 'response',
      parts,
      ...optional('subtype', aborted ? 'aborted' : undefined),
      ...optional('model', model),
      ...optional('usage', messageUsage),
    });
    if (results.length > 0)
      messages.push({
        id: `${m.id}#results`,
        location: m.location,
        role: 'user',
        kind: 'tool_results',
        parts: results,
        ...optional('timestamp', timestamp),
      });
  }
  const sessionModel = str(obj(parseJson(v.model))?.id);
  if (sessionModel && models.size === 0) models.add(sessionModel);
  const title = str(v.title);
  const version = str(v.version);
  const session: Session = {
    id: sessionId,
    agent: 'opencode',
    files: [file.file],
    cwds,
    versions: version ? [version] : [],
    models: [...models],
    messages,
    turns: buildTurns(messages, toolCalls),
    toolCalls,
    subagents: [],
    usage,
    usageByModel,
    usageEntries,
    counts,
    problems: [],
    meta: {
      store: s.layout,
      ...(priced ? { recordedCostUsd: Math.round(cost * 1e9) / 1e9 } : {}),
      ...optional('projectId', str(v.projectID) ?? str(v.project_id)),
      ...optional('slug', str(v.slug)),
      ...(s.layout === 'v2' ? { recordedTokens: recordedTotals(v) } : {}),
    },
    isSubagent: false,
    ...optional('cwd', cwds[0]),
    ...optional('project', cwds[0] === undefined ? undefined : baseName(cwds[0])),
  };
  if (title) {
    session.title = title;
    // OpenCode has a model write the title (the user may rename it; the store does not say which).
    session.titleSource = 'ai-title';
  } else {
    const prompt = messages.find((m) => m.kind === 'prompt')?.parts.find((p) => p.type === 'text');
    if (prompt?.type === 'text' && prompt.text.trim() !== '') {
      session.title = prompt.text.replace(/\s+/g, ' ').trim().slice(0, 100);
      session.titleSource = 'first-prompt';
    }
  }
  if (times.length > 0) {
    const start = Math.min(...times);
    const end = Math.max(...times);
    session.startTime = new Date(start).toISOString();
    session.endTime = new Date(end).toISOString();
    session.durationMs = end - start;
  }
  return session;
}

/** The v2 session row's totals (`tokens_*`), which the rows' own tokens add up to. */
function recordedTotals(v: JsonObject) {
  return {
    input: num(v.tokens_input) ?? 0,
    output: num(v.tokens_output) ?? 0,
    reasoning: num(v.tokens_reasoning) ?? 0,
    cacheRead: num(v.tokens_cache_read) ?? 0,
    cacheWrite: num(v.tokens_cache_write) ?? 0,
  };
}

function parseJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

function errorOf(error: unknown): string | undefined {
  if (error === undefined || error === null) return undefined;
  if (typeof error === 'string') return error;
  const e = obj(error);
  return str(obj(e?.data)?.message) ?? str(e?.message) ?? str(e?.name) ?? JSON.stringify(error);
}

function plainPart(p: OcPart): MessagePart[] {
  const v = p.value;
  const type = str(v.type);
  if (type === 'text') return [{ type: 'text', text: str(v.text) ?? '' }];
  if (type === 'reasoning') {
    const text = str(v.text) ?? '';
    const encrypted =
      str(obj(v.state)?.reasoningEncryptedContent) !== undefined ||
      str(obj(v.metadata)?.encrypted) !== undefined;
    return [{ type: 'thinking', text, ...(text === '' && encrypted ? { redacted: true } : {}) }];
  }
  if (type === 'file') {
    const mime = str(v.mime);
    if (mime?.startsWith('image/'))
      return [{ type: 'image', mediaType: mime, ...optional('url', str(v.url)) }];
    return [{ type: 'document', ...optional('mediaType', mime), ...optional('title', str(v.filename)) }];
  }
  return [{ type: 'other', blockType: type ?? '(no type)', raw: v }];
}

const abortedPattern = /\b(aborted|cancelled|canceled|interrupted)\b/i;

function toolCallOf(
  p: OcPart,
  m: OcMessage,
  context: { sessionId: string; model: string | undefined; aborted: boolean; timestamp: string | undefined },
): ToolCall {
  const v = p.value;
  const v2 = m.layout === 'v2';
  const name = (v2 ? str(v.name) : str(v.tool)) ?? '(no name)';
  const state = obj(v.state) ?? {};
  const time = obj(v2 ? v.time : state.time);
  const start = iso(v2 ? (time?.created ?? time?.ran) : time?.start);
  const end = iso(v2 ? time?.completed : time?.end);
  const call = openToolCall(lookupOpencodeTool(name), {
    id: (v2 ? str(v.id) : str(v.callID)) ?? p.id,
    name,
    input: obj(state.input) ?? {},
    sessionId: context.sessionId,
    location: p.location,
    messageId: m.id,
    ...optional('startTime', start ?? context.timestamp),
    ...optional('model', context.model),
  });
  const status = str(state.status);
  if (status === 'completed' || status === 'error') {
    const text = v2 ? contentText(state.content) : (str(state.output) ?? '');
    const errorText =
      status === 'error' ? ((v2 ? str(obj(state.error)?.message) : str(state.error)) ?? 'error') : undefined;
    const metadata = state.metadata ?? undefined;
    const exit = num(obj(metadata)?.exit);
    call.result = {
      text: errorText ?? text,
      content: v2 ? (state.content ?? state.error) : (state.output ?? state.error),
      isError: status === 'error',
      location: p.location,
      ...optional('structured', metadata === null ? undefined : metadata),
      ...optional('timestamp', end),
      ...optional('exitCode', exit),
    };
    if (end !== undefined) call.endTime = end;
    const a = start === undefined ? undefined : Date.parse(start);
    const b = end === undefined ? undefined : Date.parse(end);
    if (a !== undefined && b !== undefined && b >= a) call.durationMs = b - a;
    if (status === 'completed') call.status = 'ok';
    else {
      call.status = abortedPattern.test(errorText ?? '') && context.aborted ? 'interrupted' : 'error';
      call.statusReason = (errorText ?? 'error').split('\n')[0]?.slice(0, 160) ?? 'error';
    }
  } else if (context.aborted) {
    call.status = 'interrupted';
    call.statusReason = 'the response was aborted';
  } else if (status !== undefined) call.statusReason = `state ${status} when last written`;
  return call;
}

function contentText(content: unknown): string {
  return arr(content)
    .map((c) =>
      isObject(c) ? (c.type === 'text' ? (str(c.text) ?? '') : `[${str(c.type) ?? 'content'}]`) : '',
    )
    .join('\n');
}
