import type { SourceLocation } from '../../model/source-location.js';
import { resultWithoutCall, type ToolCall } from '../../model/tool-call.js';
import { arr, isObject, type JsonObject, obj, optional, str } from '../../schemas/common/value-access.js';
import { openToolCall } from '../open-tool-call.js';
import { lookupCursorTool } from './tools/cursor-tools.js';

/** A call from an assistant `tool_use` block; its id is the block's `id` if any, else `fallbackId`. */
export function createCursorCall(
  block: JsonObject,
  context: { sessionId: string; location: SourceLocation; messageId: string; fallbackId: string },
): ToolCall {
  const name = str(block.name) ?? '(no name)';
  const lookup = lookupCursorTool(name);
  return openToolCall(lookup, {
    id: str(block.id) ?? context.fallbackId,
    name,
    input: obj(block.input) ?? {},
    statusReason: 'the transcript holds no result for this call',
    sessionId: context.sessionId,
    location: context.location,
    messageId: context.messageId,
  });
}

/** Settles a call with a `tool_result` block: `is_error` true -> error (reason: its first line), else ok. */
export function settleCursorCall(call: ToolCall, block: JsonObject, location: SourceLocation): void {
  const text = resultText(block.content);
  const isError = block.is_error === true;
  call.result = { text, content: block.content, location, ...optional('isError', isError || undefined) };
  if (call.status === 'orphan_result') return;
  if (isError) {
    call.status = 'error';
    call.statusReason = (text.split('\n')[0] ?? '').slice(0, 160);
  } else {
    call.status = 'ok';
    delete call.statusReason;
  }
}

/** A `tool_result` block no open call was left to take. */
export function orphanCursorCall(block: JsonObject, location: SourceLocation, sessionId: string): ToolCall {
  const call = resultWithoutCall(
    str(block.tool_use_id) ?? `${sessionId}:${location.line}:result`,
    sessionId,
    location,
    'no open tool_use before this result in the same turn',
  );
  settleCursorCall(call, block, location);
  return call;
}

/** Text blocks joined; a string as is; images as `[image]`. */
export function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  return arr(content)
    .map((b) => (isObject(b) ? (b.type === 'image' ? '[image]' : (str(b.text) ?? '')) : ''))
    .join('');
}
