import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildTurns } from '../../model/build-turns.js';
import type { Message, MessagePart } from '../../model/message.js';
import type { Session } from '../../model/session.js';
import type { ToolCall } from '../../model/tool-call.js';
import { emptyUsage } from '../../model/usage.js';
import { arr, isObject, type JsonObject, obj, optional, str } from '../../schemas/common/value-access.js';
import type { AdapterFile } from '../agent-adapter.js';
import { createCursorCall, orphanCursorCall, settleCursorCall } from './tool-call.js';
import { lookupCursorTool } from './tools/cursor-tools.js';

/**
 * Builds a session from one Cursor agent transcript. The records carry no ids, timestamps, model or usage:
 * the session id is the file stem, its time the file's modification time (`meta.timeSource`), and its
 * usage "none recorded" (empty, with no usage entries). Messages are `<id>:<line>`.
 *
 * Pairing: `tool_use` blocks carry no id, so a `tool_result` (in a later `user` record) answers by order:
 * the oldest call of the current turn still without a result (calls answered in the order they were made,
 * as Anthropic-style tool turns are). A result whose `tool_use_id` equals the `id` of an open call takes
 * that call first (no file seen writes call ids). A new prompt ends the turn: its unanswered calls keep
 * status `missing` (most Cursor transcripts write no results at all). A result with no open call is an
 * `orphan_result`. `is_error: true` makes a call `error`, any other result `ok`.
 *
 * A transcript in a `subagents/` folder is a subagent session of its own, linked to its parent by path:
 * the parent is `<folder>.jsonl` in that folder (nested layout) or the only transcript there. The parent lists
 * its children's ids in `meta.subagentTranscripts`, and its subagent call gets the child's id when there is
 * one call and one child (the call names no child).
 */
export function buildCursorSession(file: AdapterFile): Session {
  const sessionId = path.basename(file.file).replace(/\.(jsonl|txt)$/, '');
  const messages: Message[] = [];
  const calls: ToolCall[] = [];
  let open: ToolCall[] = [];
  let firstPrompt: string | undefined;

  for (const record of file.records) {
    const value = record.value;
    const role = str(value.role);
    const content = arr(obj(value.message)?.content);
    const id = `${sessionId}:${record.location.line}`;
    const base = { id, location: record.location };
    if (role === 'assistant') {
      const parts: MessagePart[] = [];
      content.forEach((block, index) => {
        if (!isObject(block)) return;
        if (block.type === 'tool_use') {
          const call = createCursorCall(block, {
            sessionId,
            location: record.location,
            messageId: id,
            fallbackId: `${id}:${index}`,
          });
          calls.push(call);
          open.push(call);
          parts.push({ type: 'tool_call', callId: call.id });
        } else parts.push(...blockParts(block));
      });
      messages.push({ ...base, role: 'assistant', kind: 'response', parts });
    } else if (role === 'user') {
      const results = content.filter((b): b is JsonObject => isObject(b) && b.type === 'tool_result');
      if (results.length === 0) {
        // A prompt: the previous turn is over; its open calls stay without a result.
        open = [];
        const parts = content.flatMap((b) => (isObject(b) ? blockParts(b) : []));
        messages.push({ ...base, role: 'user', kind: 'prompt', parts });
        firstPrompt ??= promptText(parts);
        continue;
      }
      const parts: MessagePart[] = [];
      for (const block of content) {
        if (!isObject(block)) continue;
        if (block.type !== 'tool_result') {
          parts.push(...blockParts(block));
          continue;
        }
        const byId = str(block.tool_use_id);
        const index = Math.max(
          0,
          open.findIndex((c) => c.id === byId),
        );
        const call = open[index];
        if (call) {
          open.splice(index, 1);
          settleCursorCall(call, block, record.location);
          parts.push({ type: 'tool_result', callId: call.id });
        } else {
          const orphan = orphanCursorCall(block, record.location, sessionId);
          calls.push(orphan);
          parts.push({ type: 'tool_result', callId: orphan.id });
        }
      }
      messages.push({ ...base, role: 'user', kind: 'tool_results', parts });
    }
    // Records without a known role (`turn_ended`...) are counted by the reader and kept in the file only.
  }

  const place = subagentPlace(file.file);
  const children = place === undefined ? childTranscripts(file.file, sessionId) : [];
  // The calls carry no id of the child: a lone subagent call with a lone child transcript is linked.
  const delegating = calls.filter((c) => {
    const lookup = lookupCursorTool(c.name);
    return lookup.kind === 'builtin' && lookup.spec.kind === 'subagent';
  });
  if (delegating.length === 1 && children.length === 1 && delegating[0])
    delegating[0].subagentId = children[0] as string;
  const workspace = workspaceFolder(file.file);
  const time = modifiedTime(file.file);
  const session: Session = {
    id: sessionId,
    agent: 'cursor',
    files: [file.file],
    cwds: [],
    versions: [],
    models: [],
    messages,
    turns: buildTurns(messages, calls),
    toolCalls: calls,
    subagents: [],
    usage: emptyUsage(),
    usageByModel: {},
    usageEntries: [],
    counts: file.counts,
    problems: [...file.problems],
    meta: {
      usageRecorded: false,
      ...optional('timeSource', time === undefined ? undefined : 'file-mtime'),
      ...optional('workspaceFolder', workspace),
      ...(children.length > 0 ? { subagentTranscripts: children } : {}),
    },
    isSubagent: place !== undefined,
    ...optional('project', workspace),
    ...optional('startTime', time),
    ...optional('endTime', time),
  };
  if (place) {
    session.agentId = sessionId;
    if (place.parent !== undefined) session.parentSessionId = place.parent;
  }
  const title = firstPrompt?.replace(/\s+/g, ' ').trim().slice(0, 100);
  if (title) {
    session.title = title;
    session.titleSource = 'first-prompt';
  }
  return session;
}

function blockParts(block: JsonObject): MessagePart[] {
  if (block.type === 'text') return [{ type: 'text', text: str(block.text) ?? '' }];
  if (block.type === 'thinking') return [{ type: 'thinking', text: str(block.thinking) ?? '' }];
  return [{ type: 'other', blockType: str(block.type) ?? '(no type)', raw: block }];
}

/** The prompt's text without the `<user_query>` wrapper Cursor puts around what the user typed. */
function promptText(parts: MessagePart[]): string {
  const text = parts.map((p) => (p.type === 'text' ? p.text : '')).join('\n');
  return /<user_query>([\s\S]*?)<\/user_query>/.exec(text)?.[1] ?? text;
}

/** For a transcript in a `subagents/` folder: the parent's id when the folder tells it. */
function subagentPlace(file: string): { parent?: string } | undefined {
  const dir = path.dirname(file);
  if (path.basename(dir) !== 'subagents') return undefined;
  const folder = path.dirname(dir);
  const named = path.basename(folder);
  try {
    const stems = new Set(
      readdirSync(folder)
        .filter((n) => /\.(jsonl|txt)$/.test(n))
        .map((n) => n.replace(/\.(jsonl|txt)$/, '')),
    );
    if (stems.has(named)) return { parent: named };
    const only = stems.size === 1 ? [...stems][0] : undefined;
    return only === undefined ? {} : { parent: only };
  } catch {
    return {};
  }
}

/**
 * The ids of the transcripts in the `subagents/` folder that belongs to this transcript: beside it when it is
 * `<id>/<id>.jsonl` (nested), or beside a flat transcript that is alone in its folder.
 */
function childTranscripts(file: string, sessionId: string): string[] {
  const dir = path.dirname(file);
  try {
    if (path.basename(dir) !== sessionId) {
      const stems = new Set(
        readdirSync(dir)
          .filter((n) => /\.(jsonl|txt)$/.test(n))
          .map((n) => n.replace(/\.(jsonl|txt)$/, '')),
      );
      if (stems.size !== 1) return [];
    }
    const stems = readdirSync(path.join(dir, 'subagents'))
      .filter((n) => /\.(jsonl|txt)$/.test(n))
      .map((n) => n.replace(/\.(jsonl|txt)$/, ''));
    return [...new Set(stems)].sort();
  } catch {
    return [];
  }
}

/** The encoded workspace folder (`<projects>/<workspace>/agent-transcripts/...`), not reliably reversible. */
function workspaceFolder(file: string): string | undefined {
  const parts = file.split(/[\\/]/);
  const at = parts.lastIndexOf('agent-transcripts');
  return at > 0 ? parts[at - 1] : undefined;
}

/** The file's modification time (ISO), the only time a transcript has. */
function modifiedTime(file: string): string | undefined {
  try {
    return statSync(file).mtime.toISOString();
  } catch {
    return undefined;
  }
}
