import type { MessageKind, MessagePart } from '../../model/message.js';
import { arr, isObject, type JsonObject, obj, str } from '../../schemas/common/value-access.js';

/** Wire content blocks to agent-neutral parts. Tool calls and results become references by id. */
export function partsFromContent(content: unknown): MessagePart[] {
  if (typeof content === 'string') return content.length > 0 ? [{ type: 'text', text: content }] : [];
  const parts: MessagePart[] = [];
  for (const block of arr(content)) {
    if (!isObject(block)) continue;
    const part = partFromBlock(block);
    if (part) parts.push(part);
  }
  return parts;
}

function partFromBlock(block: JsonObject): MessagePart | undefined {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: str(block.text) ?? '' };
    case 'thinking':
      return { type: 'thinking', text: str(block.thinking) ?? '' };
    case 'redacted_thinking':
      return { type: 'thinking', text: '', redacted: true };
    case 'tool_use': {
      const id = str(block.id);
      return id === undefined
        ? { type: 'other', blockType: 'tool_use', raw: block }
        : { type: 'tool_call', callId: id };
    }
    case 'tool_result': {
      const id = str(block.tool_use_id);
      return id === undefined
        ? { type: 'other', blockType: 'tool_result', raw: block }
        : { type: 'tool_result', callId: id };
    }
    case 'image': {
      const source = obj(block.source);
      const part: MessagePart = { type: 'image' };
      const mediaType = str(source?.media_type);
      const data = str(source?.data);
      const url = str(source?.url);
      if (mediaType !== undefined) part.mediaType = mediaType;
      if (data !== undefined) part.data = data;
      if (url !== undefined) part.url = url;
      return part;
    }
    case 'document': {
      const part: MessagePart = { type: 'document' };
      const mediaType = str(obj(block.source)?.media_type);
      const title = str(block.title);
      if (mediaType !== undefined) part.mediaType = mediaType;
      if (title !== undefined) part.title = title;
      return part;
    }
    default:
      return { type: 'other', blockType: str(block.type) ?? '(no type)', raw: block };
  }
}

/** The model-facing result as text: text parts joined, images and references as short markers. */
export function flattenResultContent(content: unknown): string {
  if (typeof content === 'string') return content;
  const pieces: string[] = [];
  for (const block of arr(content)) {
    if (!isObject(block)) continue;
    if (block.type === 'text') pieces.push(str(block.text) ?? '');
    else if (block.type === 'image') pieces.push('[image]');
    else if (block.type === 'document') pieces.push('[document]');
    else if (block.type === 'tool_reference') pieces.push(`[tool_reference: ${str(block.tool_name) ?? '?'}]`);
    else pieces.push(`[${str(block.type) ?? 'block'}]`);
  }
  return pieces.join('\n');
}

/** The text of a message's text parts, joined. */
export function textOf(parts: readonly MessagePart[]): string {
  return parts
    .filter((p): p is Extract<MessagePart, { type: 'text' }> => p.type === 'text')
    .map((p) => p.text)
    .join('\n');
}

const interruptPrefix = '[Request interrupted';

/** Harness text wrapped in these tags is not something the user typed. */
const harnessTags =
  /<(system-reminder|local-command-caveat|ide_opened_file|ide_selection|user-memory-input)>[\s\S]*?<\/\1>/g;

/** What a user record is (see `MessageKind`). */
export function userMessageKind(record: JsonObject, parts: readonly MessagePart[]): MessageKind {
  if (parts.some((p) => p.type === 'tool_result')) return 'tool_results';
  if (record.isCompactSummary === true) return 'compact_summary';
  if (record.isMeta === true) return 'meta';
  const typed = promptText(parts);
  if (typed.startsWith(interruptPrefix)) return 'interrupt';
  if (/^<(local-command-stdout|local-command-stderr|task-notification|bash-stdout|bash-stderr)>/.test(typed))
    return 'meta';
  if (typed.length === 0 && !parts.some((p) => p.type === 'image' || p.type === 'document')) return 'meta';
  return 'prompt';
}

/** The text the user typed: text parts without harness tags (system reminders, IDE context). */
export function promptText(parts: readonly MessagePart[]): string {
  return textOf(parts).replace(harnessTags, '').trim();
}
