import { statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildTurns } from '../../model/build-turns.js';
import type { Message, MessagePart } from '../../model/message.js';
import type { Session } from '../../model/session.js';
import type { SourceLocation } from '../../model/source-location.js';
import { resultWithoutCall, type ToolCall } from '../../model/tool-call.js';
import { emptyUsage } from '../../model/usage.js';
import { arr, isObject, type JsonObject, obj, optional, str } from '../../schemas/common/value-access.js';
import type { AdapterFile, AdapterRecord } from '../agent-adapter.js';
import { openToolCall } from '../open-tool-call.js';
import { resultText } from './tool-call.js';
import { lookupCursorTool } from './tools/cursor-tools.js';

/**
 * Builds a session from the records of a Cursor chat store (`read-chat-store.ts`). The conversation is the
 * walk from the meta's `latestRootBlobId`: a node's children in order (a child that is a node is walked in
 * turn), then the JSON message a node may end with. A message blob referenced twice (the same text sent
 * twice: the store keeps one copy) is a message each time. Ids: the session is the meta's `agentId` (else
 * the folder's name), a message `<session>:<position in the walk>`.
 *
 * Messages carry no time: the session starts at the meta's `createdAt` and ends at the store's last write
 * (the database's or its `-wal`'s modification time). Models: `lastUsedModel` and the reasoning parts'
 * `providerOptions.cursor.modelName`. No usage is recorded. The workspace comes from the root node's field 9
 * (`file://` URI). Calls pair with results by `toolCallId`; a `tool-result` without its call is an
 * `orphan_result`; `isError: true` makes a call `error`.
 */
export function buildCursorStoreSession(file: AdapterFile): Session {
  const byKind = new Map<string, AdapterRecord[]>();
  const blobs = new Map<string, AdapterRecord>();
  for (const record of file.records) {
    const what = str(record.value.cursorStore) ?? '';
    byKind.set(what, [...(byKind.get(what) ?? []), record]);
    const blobId = str(record.value.blobId);
    if (blobId !== undefined && (what === 'node' || what === 'message')) blobs.set(blobId, record);
  }
  const metaRecord = byKind.get('meta')?.[0];
  const meta = obj(metaRecord?.value.meta) ?? {};
  const sessionId = str(meta.agentId) ?? path.basename(path.dirname(file.file));
  const problems = [...file.problems];

  // The walk: messages in conversation order, each with the record it comes from.
  const ordered: { message: JsonObject; record: AdapterRecord }[] = [];
  let workspace: string | undefined;
  const walking = new Set<string>();
  const walk = (id: string, from: SourceLocation) => {
    const record = blobs.get(id);
    if (!record) {
      problems.push({
        location: from,
        type: 'missing-blob',
        message: `Blob ${id.slice(0, 12)} is referenced but not in the store`,
      });
      return;
    }
    if (walking.has(id)) return;
    const value = record.value;
    if (value.cursorStore === 'message') {
      const message = obj(value.message);
      if (message) ordered.push({ message, record });
      return;
    }
    walking.add(id);
    workspace ??= str(value.workspace);
    for (const child of arr(value.children)) if (typeof child === 'string') walk(child, record.location);
    const embedded = obj(value.message);
    if (embedded) ordered.push({ message: embedded, record });
    walking.delete(id);
  };
  const root = str(meta.latestRootBlobId);
  if (root !== undefined && metaRecord) walk(root, metaRecord.location);

  const messages: Message[] = [];
  const calls: ToolCall[] = [];
  const open = new Map<string, ToolCall>();
  const models = new Set<string>();
  if (str(meta.lastUsedModel)) models.add(str(meta.lastUsedModel) as string);
  let firstPrompt: string | undefined;
  ordered.forEach(({ message, record }, position) => {
    const id = `${sessionId}:${position + 1}`;
    const base = { id, location: record.location };
    const role = str(message.role);
    const content =
      typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : arr(message.content);
    if (role === 'assistant') {
      const parts: MessagePart[] = [];
      content.forEach((part, index) => {
        if (!isObject(part)) return;
        if (part.type === 'tool-call') {
          const name = str(part.toolName) ?? '(no name)';
          const call = openToolCall(lookupCursorTool(name), {
            id: str(part.toolCallId) ?? `${id}:${index}`,
            name,
            input: obj(part.args) ?? {},
            statusReason: 'the store holds no result for this call',
            sessionId,
            location: record.location,
            messageId: id,
          });
          calls.push(call);
          open.set(call.id, call);
          parts.push({ type: 'tool_call', callId: call.id });
          return;
        }
        const model = str(obj(obj(part.providerOptions)?.cursor)?.modelName);
        if (model) models.add(model);
        parts.push(...storeParts(part));
      });
      messages.push({ ...base, role: 'assistant', kind: 'response', parts });
    } else if (role === 'tool') {
      const parts: MessagePart[] = [];
      for (const part of content) {
        if (!isObject(part)) continue;
        if (part.type !== 'tool-result') {
          parts.push(...storeParts(part));
          continue;
        }
        const callId = str(part.toolCallId);
        const call = callId === undefined ? undefined : open.get(callId);
        if (call && callId !== undefined) {
          open.delete(callId);
          settle(call, part, record.location);
          parts.push({ type: 'tool_result', callId: call.id });
        } else {
          const orphan = orphanCall(part, record.location, sessionId, `${id}:result`);
          calls.push(orphan);
          parts.push({ type: 'tool_result', callId: orphan.id });
        }
      }
      messages.push({ ...base, role: 'user', kind: 'tool_results', parts });
    } else if (role === 'user') {
      const parts = content.flatMap((p) => (isObject(p) ? storeParts(p) : []));
      const text = parts.map((p) => (p.type === 'text' ? p.text : '')).join('\n');
      // Context Cursor adds around the query (`<user_info>`...) without a query is not something typed.
      const query = /<user_query>([\s\S]*?)<\/user_query>/.exec(text)?.[1];
      const typed = query !== undefined || !/^\s*<[a-z_]+>[\s\S]*<\/[a-z_]+>\s*$/.test(text);
      messages.push({ ...base, role: 'user', kind: typed ? 'prompt' : 'meta', parts });
      if (typed) firstPrompt ??= (query ?? text).trim();
    } else {
      const parts = content.flatMap((p) => (isObject(p) ? storeParts(p) : []));
      messages.push({
        ...base,
        role: 'system',
        kind: 'system',
        parts,
        ...optional('subtype', role === 'system' ? undefined : role),
      });
    }
  });

  const cwd = workspace === undefined ? undefined : workspacePath(workspace);
  const created = createdTime(meta.createdAt);
  const written = lastWrite(file.file);
  const session: Session = {
    id: sessionId,
    agent: 'cursor',
    files: [file.file],
    cwds: cwd === undefined ? [] : [cwd],
    versions: [],
    models: [...models],
    messages,
    turns: buildTurns(messages, calls),
    toolCalls: calls,
    subagents: [],
    usage: emptyUsage(),
    usageByModel: {},
    usageEntries: [],
    counts: file.counts,
    problems,
    meta: {
      usageRecorded: false,
      source: 'chat-store',
      ...optional('mode', str(meta.mode)),
      ...optional('latestRootBlobId', root),
      ...optional('timeSource', written === undefined ? undefined : 'file-mtime'),
    },
    isSubagent: false,
    ...optional('cwd', cwd),
    ...optional('project', cwd === undefined ? undefined : path.basename(cwd)),
    ...optional('startTime', created ?? written),
    ...optional('endTime', written ?? created),
  };
  if (session.startTime && session.endTime)
    session.durationMs = Math.max(0, Date.parse(session.endTime) - Date.parse(session.startTime));
  const title = (str(meta.name) ?? firstPrompt)?.replace(/\s+/g, ' ').trim().slice(0, 100);
  if (title) {
    session.title = title;
    session.titleSource = str(meta.name) ? 'thread-name' : 'first-prompt';
  }
  return session;
}

function storeParts(part: JsonObject): MessagePart[] {
  if (part.type === 'text' || part.type === 'output_text')
    return [{ type: 'text', text: str(part.text) ?? '' }];
  if (part.type === 'reasoning') return [{ type: 'thinking', text: str(part.text) ?? '' }];
  if (part.type === 'image') return [{ type: 'image' }];
  return [{ type: 'other', blockType: str(part.type) ?? '(no type)', raw: part }];
}

function settle(call: ToolCall, part: JsonObject, location: SourceLocation): void {
  const text = resultText(part.result);
  const isError = part.isError === true;
  call.result = { text, content: part.result, location, ...optional('isError', isError || undefined) };
  if (call.status === 'orphan_result') return;
  if (isError) {
    call.status = 'error';
    call.statusReason = (text.split('\n')[0] ?? '').slice(0, 160);
  } else {
    call.status = 'ok';
    delete call.statusReason;
  }
}

function orphanCall(
  part: JsonObject,
  location: SourceLocation,
  sessionId: string,
  fallback: string,
): ToolCall {
  const call = resultWithoutCall(
    str(part.toolCallId) ?? fallback,
    sessionId,
    location,
    'no tool-call with this toolCallId before this result',
  );
  settle(call, part, location);
  return call;
}

/** The folder of a `file://` workspace URI; another text as it is. */
function workspacePath(uri: string): string {
  try {
    return uri.startsWith('file:') ? fileURLToPath(uri) : uri;
  } catch {
    return uri;
  }
}

function createdTime(value: unknown): string | undefined {
  const ms = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(ms) && ms > 0 ? new Date(ms).toISOString() : undefined;
}

/** The store's last write: the later of the database's and its write-ahead log's modification times. */
function lastWrite(file: string): string | undefined {
  let latest: number | undefined;
  for (const name of [file, `${file}-wal`]) {
    try {
      const ms = statSync(name).mtimeMs;
      latest = latest === undefined ? ms : Math.max(latest, ms);
    } catch {
      // absent
    }
  }
  return latest === undefined ? undefined : new Date(latest).toISOString();
}
