import type { SourceLocation } from '../../model/source-location.js';
import { resultWithoutCall, type ToolCall } from '../../model/tool-call.js';
import {
  arr,
  isObject,
  type JsonObject,
  obj,
  optional,
  str,
  timeOf,
} from '../../schemas/common/value-access.js';
import { openToolCall } from '../open-tool-call.js';
import { lookupPiTool } from './tools/pi-tools.js';

/** A tool call from an assistant message's `toolCall` block. */
export function createPiCall(
  block: JsonObject,
  context: {
    sessionId: string;
    location: SourceLocation;
    timestamp?: string;
    model?: string;
    messageId: string;
    fallbackId: string;
  },
): ToolCall {
  const name = str(block.name) ?? '(no name)';
  const lookup = lookupPiTool(name);
  return openToolCall(lookup, {
    id: str(block.id) ?? context.fallbackId,
    name,
    input: obj(block.arguments) ?? {},
    sessionId: context.sessionId,
    location: context.location,
    messageId: context.messageId,
    ...optional('startTime', context.timestamp),
    ...optional('model', context.model),
  });
}

/** A toolResult message, located. */
export interface PiResult {
  message: JsonObject;
  location: SourceLocation;
  timestamp: string | undefined;
}

const abortedPattern = /^(command |operation |request )?(aborted|cancelled|canceled|interrupted)\b/i;

/**
 * Settles a call with its toolResult: `isError` false -> ok; true -> interrupted when the text says the
 * command was aborted, else error (reason: the first line, e.g. "Command exited with code 1").
 */
export function settlePiCall(call: ToolCall, result: PiResult): void {
  const text = contentText(result.message.content);
  const isError = result.message.isError === true;
  const exitCode = /exited with code (\d+)/.exec(text)?.[1];
  call.result = {
    text,
    content: result.message.content,
    isError,
    location: result.location,
    ...optional('structured', result.message.details),
    ...optional('timestamp', result.timestamp),
    ...optional('exitCode', exitCode === undefined ? undefined : Number(exitCode)),
  };
  if (result.timestamp !== undefined) call.endTime = result.timestamp;
  const start = timeOf(call.startTime);
  const end = timeOf(result.timestamp);
  if (start !== undefined && end !== undefined && end >= start) call.durationMs = end - start;
  if (call.status === 'orphan_result') return;
  if (!isError) {
    call.status = 'ok';
    delete call.statusReason;
    return;
  }
  const line = lastLine(text);
  call.status = abortedPattern.test(line) ? 'interrupted' : 'error';
  call.statusReason = line;
}

export function orphanPiCall(result: PiResult, sessionId: string): ToolCall {
  const call = resultWithoutCall(
    str(result.message.toolCallId) ?? '(no id)',
    sessionId,
    result.location,
    'no toolCall with this id in the session',
  );
  settlePiCall(call, result);
  return call;
}

/** Text blocks joined; images as `[image]`. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  return arr(content)
    .map((b) => (isObject(b) ? (b.type === 'image' ? '[image]' : (str(b.text) ?? '')) : ''))
    .join('');
}

/** Pi appends the exit status as the last line of a failed command's output. */
function lastLine(text: string): string {
  const lines = text.trimEnd().split('\n');
  const line = lines[lines.length - 1] ?? '';
  return line.length > 160 ? `${line.slice(0, 157)}...` : line;
}
