/**
 * Gemini CLI records -> the agent-neutral Session. The records fold as the CLI's own reader folds them:
 * the `session` record and `$set` patches make the metadata; a message id seen again replaces its earlier
 * copy in place (tool calls and tokens arrive later in JSONL files); `$rewindTo` ends the live conversation
 * before that message. Rewound messages stay, marked `offBranch` (nothing read is lost), and their usage
 * counts: those requests were made. Tool calls live inside the `gemini` message with their result; each
 * such message is followed by a `tool_results` message that carries the results, as for the other agents.
 */
import { buildTurns } from '../../model/build-turns.js';
import type { Message, MessagePart } from '../../model/message.js';
import type { Session } from '../../model/session.js';
import type { LocatedProblem, SourceLocation } from '../../model/source-location.js';
import type { ToolCall, ToolCallStatus } from '../../model/tool-call.js';
import { addUsage, addUsageTo, emptyUsage, type TokenUsage, type UsageEntry } from '../../model/usage.js';
import { arr, baseName, isObject, obj, optional, str, timeOf } from '../../schemas/common/value-access.js';
import type { AdapterFile } from '../agent-adapter.js';
import { geminiRecordType } from './decode-record.js';
import { lookupGeminiTool } from './tools.js';
import { usageFromGemini } from './usage.js';

/** The located problem type of a `$rewindTo` naming a message the file does not hold. */
export const REWIND_TARGET_MISSING = 'rewind-target-missing';

interface Entry {
  id: string;
  value: Record<string, unknown>;
  location: SourceLocation;
  offBranch: boolean;
}

/** Folds the records into metadata and messages in conversation order (see the file comment). */
export function foldGeminiRecords(file: AdapterFile): {
  meta: Record<string, unknown>;
  entries: Entry[];
  problems: LocatedProblem[];
} {
  let meta: Record<string, unknown> = {};
  const entries: Entry[] = [];
  const live = new Map<string, Entry>();
  const problems: LocatedProblem[] = [];
  const upsert = (value: Record<string, unknown>, location: SourceLocation) => {
    const id = str(value.id) as string;
    const entry = live.get(id);
    if (entry) {
      entry.value = value;
      entry.location = location;
      return;
    }
    const added = { id, value, location, offBranch: false };
    entries.push(added);
    live.set(id, added);
  };
  for (const { value, location } of file.records) {
    const type = geminiRecordType(value).name;
    if (type === 'session') {
      const { messages, ...rest } = value;
      meta = { ...meta, ...rest };
      // A whole document read as one JSONL line: its messages follow at its line.
      for (const message of arr(messages))
        if (isObject(message) && str(message.id) !== undefined) upsert(message, location);
    } else if (type === '$set') {
      meta = { ...meta, ...obj(value.$set) };
    } else if (type === '$rewindTo') {
      const target = str(value.$rewindTo) as string;
      const at = entries.findIndex((e) => e.id === target && !e.offBranch);
      if (at < 0) {
        problems.push({
          location,
          type: REWIND_TARGET_MISSING,
          message: `Rewind to message "${target.slice(0, 80)}", which is not in the file; nothing was rewound.`,
        });
        continue;
      }
      for (const entry of entries.slice(at)) {
        if (entry.offBranch) continue;
        entry.offBranch = true;
        live.delete(entry.id);
      }
    } else if (str(value.id) !== undefined) {
      upsert(value, location);
    }
  }
  return { meta, entries, problems };
}

/** Builds the session of one Gemini CLI file (a `.json` document or a `.jsonl` log). */
export function buildGeminiSession(file: AdapterFile): Session {
  const { meta, entries, problems } = foldGeminiRecords(file);
  const sessionId = str(meta.sessionId) ?? baseName(file.file).replace(/\.jsonl?$/, '');
  const messages: Message[] = [];
  const calls = new Map<string, ToolCall>();
  const models: string[] = [];
  const usage = emptyUsage();
  const usageByModel: Record<string, TokenUsage> = {};
  const usageEntries: UsageEntry[] = [];
  let firstPrompt: string | undefined;
  let first: number | undefined;
  let last: number | undefined;
  const seeTime = (ms: number | undefined) => {
    if (ms === undefined) return;
    first = first === undefined ? ms : Math.min(first, ms);
    last = last === undefined ? ms : Math.max(last, ms);
  };

  for (const { id, value, location, offBranch } of entries) {
    const type = str(value.type) ?? '(no type)';
    const timestamp = str(value.timestamp);
    seeTime(timeOf(timestamp));
    const base = {
      id,
      location,
      ...optional('timestamp', timestamp),
      ...(offBranch ? { offBranch: true } : {}),
    };
    if (type === 'user') {
      const parts = contentParts(value.content);
      messages.push({ ...base, role: 'user', kind: 'prompt', parts });
      if (!offBranch) firstPrompt ??= textOf(parts);
      continue;
    }
    if (type !== 'gemini') {
      const parts = contentParts(value.content);
      if (type === 'error')
        messages.push({ ...base, role: 'assistant', kind: 'api_error', subtype: type, parts });
      else messages.push({ ...base, role: 'system', kind: 'system', subtype: type, parts });
      continue;
    }
    const model = str(value.model);
    if (model !== undefined && !models.includes(model)) models.push(model);
    const parts: MessagePart[] = [];
    for (const thought of arr(value.thoughts)) {
      const t = obj(thought);
      const text = [str(t?.subject), str(t?.description)]
        .filter((s) => s !== undefined && s !== '')
        .join(': ');
      if (text !== '') parts.push({ type: 'thinking', text });
    }
    parts.push(...contentParts(value.content));
    const results: MessagePart[] = [];
    let resultTime: string | undefined;
    for (const raw of arr(value.toolCalls)) {
      const call = toolCallOf(raw, { messageId: id, sessionId, location, model, timestamp });
      if (call === undefined) continue;
      calls.set(call.id, call);
      parts.push({ type: 'tool_call', callId: call.id });
      if (call.result) {
        results.push({ type: 'tool_result', callId: call.id });
        resultTime = call.result.timestamp ?? resultTime;
        seeTime(timeOf(call.result.timestamp));
      }
    }
    const tokens = usageFromGemini(value.tokens);
    messages.push({
      ...base,
      role: 'assistant',
      kind: 'response',
      parts,
      ...optional('model', model),
      ...optional('usage', tokens),
    });
    if (results.length > 0)
      messages.push({
        id: `${id}#results`,
        location,
        role: 'user',
        kind: 'tool_results',
        parts: results,
        ...optional('timestamp', resultTime ?? timestamp),
        ...(offBranch ? { offBranch: true } : {}),
      });
    if (tokens) {
      addUsage(usage, tokens);
      addUsageTo(usageByModel, model ?? 'unknown', tokens);
      usageEntries.push({
        usage: tokens,
        messageId: id,
        requestKey: `gemini-cli:${sessionId}:${id}`,
        ...optional('timestamp', timestamp),
        ...optional('model', model),
      });
    }
  }
  seeTime(timeOf(meta.startTime));
  seeTime(timeOf(meta.lastUpdated));

  const toolCalls = [...calls.values()];
  const directories = arr(meta.directories).filter((d): d is string => typeof d === 'string');
  const cwd = directories[0];
  const summary = str(meta.summary);
  const title = summary ?? firstPrompt?.replace(/\s+/g, ' ').trim().slice(0, 100);
  const session: Session = {
    id: sessionId,
    agent: 'gemini-cli',
    files: [file.file],
    cwds: directories,
    versions: [],
    models,
    messages,
    turns: buildTurns(messages, toolCalls),
    toolCalls,
    subagents: [],
    usage,
    usageByModel,
    usageEntries,
    counts: file.counts,
    problems: [...file.problems, ...problems],
    meta: {
      ...optional('projectHash', str(meta.projectHash)),
      ...optional('kind', str(meta.kind)),
    },
    isSubagent: meta.kind === 'subagent',
    ...optional('cwd', cwd),
    ...optional('project', cwd === undefined ? undefined : baseName(cwd)),
  };
  if (title) {
    session.title = title;
    session.titleSource = summary === undefined ? 'first-prompt' : 'summary';
  }
  if (first !== undefined && last !== undefined) {
    session.startTime = new Date(first).toISOString();
    session.endTime = new Date(last).toISOString();
    session.durationMs = last - first;
  }
  return session;
}

/** A `content` (string, Part list or one Part) as message parts. */
function contentParts(content: unknown): MessagePart[] {
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', text: content }];
  const parts: MessagePart[] = [];
  for (const item of Array.isArray(content) ? content : content === undefined ? [] : [content]) {
    const part = obj(item);
    if (!part) continue;
    const text = str(part.text);
    if (text !== undefined) {
      if (text !== '')
        parts.push(part.thought === true ? { type: 'thinking', text } : { type: 'text', text });
    } else if (obj(part.inlineData)) {
      const data = obj(part.inlineData);
      parts.push({ type: 'image', ...optional('mediaType', str(data?.mimeType)) });
    } else {
      parts.push({ type: 'other', blockType: Object.keys(part)[0] ?? '(empty)', raw: part });
    }
  }
  return parts;
}

function textOf(parts: readonly MessagePart[]): string | undefined {
  const text = parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('\n');
  return text === '' ? undefined : text;
}

const statuses: Record<string, ToolCallStatus> = { success: 'ok', error: 'error', cancelled: 'interrupted' };

/** A tool call of a `gemini` message, paired with the result it carries and given a status. */
function toolCallOf(
  raw: unknown,
  context: {
    messageId: string;
    sessionId: string;
    location: SourceLocation;
    model: string | undefined;
    timestamp: string | undefined;
  },
): ToolCall | undefined {
  const call = obj(raw);
  const id = str(call?.id);
  const name = str(call?.name);
  if (!call || id === undefined || name === undefined) return undefined;
  const lookup = lookupGeminiTool(name);
  const response = arr(call.result)
    .map((part) => obj(obj(part)?.functionResponse))
    .find((r) => r !== undefined);
  const answer = obj(response?.response);
  const output = answer?.output;
  const error = answer?.error;
  const wire = str(call.status);
  const settled = wire !== undefined && wire in statuses;
  let status: ToolCallStatus = settled ? (statuses[wire] as ToolCallStatus) : response ? 'ok' : 'missing';
  if (status === 'ok' && error !== undefined) status = 'error';
  const hasResult = response !== undefined || call.resultDisplay !== undefined;
  const started = str(call.timestamp) ?? context.timestamp;
  return {
    id,
    name,
    canonicalName: lookup.kind === 'builtin' ? lookup.spec.canonical : name,
    kind: lookup.kind,
    ...(lookup.kind === 'mcp' ? { mcpServer: lookup.server, mcpTool: lookup.tool } : {}),
    input: call.args ?? {},
    status,
    ...(settled || status !== 'missing' ? {} : { statusReason: 'no result in the log' }),
    ...(wire !== undefined && !settled ? { statusReason: `status "${wire.slice(0, 40)}"` } : {}),
    ...(status === 'interrupted' ? { statusReason: 'cancelled' } : {}),
    ...(hasResult
      ? {
          result: {
            text: textOfOutput(error !== undefined && output === undefined ? error : output),
            content: call.result ?? null,
            ...(call.resultDisplay === undefined ? {} : { structured: call.resultDisplay }),
            ...(status === 'error' ? { isError: true } : {}),
            ...optional('timestamp', str(call.timestamp)),
            location: context.location,
          },
        }
      : {}),
    ...optional('startTime', started),
    messageId: context.messageId,
    ...optional('model', context.model),
    sessionId: context.sessionId,
    location: context.location,
  };
}

function textOfOutput(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  const message = str(obj(value)?.message);
  return message ?? JSON.stringify(value);
}
