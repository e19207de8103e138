import type { SourceLocation } from '../../model/source-location.js';
import { resultWithoutCall, type ToolCall, type ToolCallStatus } from '../../model/tool-call.js';
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
import { lookupQwenCodeTool } from './tools/qwen-code-tools.js';

/** A tool call from an assistant record's `functionCall` part. */
export function createQwenCodeCall(
  functionCall: JsonObject,
  context: {
    sessionId: string;
    location: SourceLocation;
    timestamp?: string;
    model?: string;
    /** The background subagent whose record made the call (`agentId`). */
    agentId?: string;
    messageId: string;
    fallbackId: string;
  },
): ToolCall {
  const name = str(functionCall.name) ?? '(no name)';
  const lookup = lookupQwenCodeTool(name);
  return openToolCall(lookup, {
    id: str(functionCall.id) ?? context.fallbackId,
    name,
    input: obj(functionCall.args) ?? {},
    sessionId: context.sessionId,
    location: context.location,
    messageId: context.messageId,
    ...optional('startTime', context.timestamp),
    ...optional('model', context.model),
    ...optional('agentId', context.agentId),
  });
}

/** A `tool_result` record's answer to one call: its `functionResponse` and the record's `toolCallResult`. */
export interface QwenCodeResult {
  callId: string;
  response: JsonObject | undefined;
  toolCallResult: JsonObject | undefined;
  location: SourceLocation;
  timestamp: string | undefined;
}

/** The `functionResponse` answers of a tool_result record, paired with its `toolCallResult` by call id. */
export function resultsOf(record: JsonObject, location: SourceLocation): QwenCodeResult[] {
  const toolCallResult = obj(record.toolCallResult);
  const timestamp = str(record.timestamp);
  const results: QwenCodeResult[] = [];
  for (const part of arr(obj(record.message)?.parts)) {
    const response = isObject(part) ? obj(part.functionResponse) : undefined;
    if (!response) continue;
    const callId = str(response.id) ?? str(toolCallResult?.callId);
    if (callId === undefined) continue;
    const own =
      toolCallResult && (str(toolCallResult.callId) ?? callId) === callId ? toolCallResult : undefined;
    results.push({ callId, response: obj(response.response), toolCallResult: own, location, timestamp });
  }
  // A toolCallResult without a functionResponse part still answers its call.
  const callId = str(toolCallResult?.callId);
  if (results.length === 0 && callId !== undefined)
    results.push({ callId, response: undefined, toolCallResult, location, timestamp });
  return results;
}

const deniedPattern =
  /did not allow|user (rejected|declined|denied|cancelled)|not approved|rejected by (the )?user/i;

/**
 * Settles a call with its result: `toolCallResult.status` success -> ok, error -> error (reason: its
 * `errorType`), cancelled -> denied when the text says the user refused, else interrupted. Without a
 * status, a `response.error` is an error. A shell result whose text reports a non-zero exit code is an error.
 */
export function settleQwenCodeCall(call: ToolCall, result: QwenCodeResult): void {
  const output = result.response?.output;
  const error = result.response?.error;
  const text =
    typeof output === 'string' ? output : typeof error === 'string' ? error : textOf(output ?? error);
  const display = result.toolCallResult?.resultDisplay;
  // run_shell_command answers "Command: ...\nOutput: ...\nExit Code: N" (or "(none)").
  const exitCode = /^Exit Code: (-?\d+)$/m.exec(text)?.[1];
  call.result = {
    text,
    content: result.response,
    location: result.location,
    ...optional('structured', display),
    ...optional('timestamp', result.timestamp),
    ...optional('exitCode', exitCode === undefined ? undefined : Number(exitCode)),
    ...(error !== undefined ? { isError: true } : {}),
  };
  if (result.timestamp !== undefined) {
    call.endTime = result.timestamp;
    const start = timeOf(call.startTime);
    const end = timeOf(result.timestamp);
    if (start !== undefined && end !== undefined && end >= start) call.durationMs = end - start;
  }
  if (call.status === 'orphan_result') return;
  const status = str(result.toolCallResult?.status);
  const reason = str(result.toolCallResult?.errorType) ?? firstLine(text);
  let next: ToolCallStatus;
  if (status === 'success') next = 'ok';
  else if (status === 'error') next = 'error';
  else if (status === 'cancelled') next = deniedPattern.test(text) ? 'denied' : 'interrupted';
  else next = error !== undefined ? 'error' : 'ok';
  // A command that exited non-zero is an error, as Claude Code, Codex and Pi count it (Qwen Code says success).
  const failedExit = next === 'ok' && exitCode !== undefined && Number(exitCode) !== 0;
  if (failedExit) next = 'error';
  call.status = next;
  if (next === 'ok') delete call.statusReason;
  else if (failedExit) call.statusReason = `exit code ${exitCode}`;
  else call.statusReason = status === 'cancelled' ? firstLine(text) || 'cancelled' : reason;
}

/**
 * What a `qwen-code.tool_call` telemetry event adds to its call (matched by `call_id`): the measured
 * `duration_ms`; a `decision` of `reject` makes a call that did not succeed `denied`; a `cancelled`
 * status settles a call left without a result as `interrupted`.
 */
export function applyToolCallEvent(call: ToolCall, event: JsonObject): void {
  const duration = event.duration_ms;
  if (typeof duration === 'number' && Number.isFinite(duration) && duration >= 0) call.durationMs = duration;
  if (call.status === 'ok' || call.status === 'orphan_result') return;
  if (event.decision === 'reject') {
    call.status = 'denied';
    call.statusReason = 'rejected by the user';
  } else if (call.status === 'missing' && event.status === 'cancelled') {
    call.status = 'interrupted';
    call.statusReason = 'cancelled';
  }
}

/** A call whose result is in the log but whose call is not. */
export function orphanQwenCodeCall(result: QwenCodeResult, sessionId: string): ToolCall {
  const call = resultWithoutCall(
    result.callId,
    sessionId,
    result.location,
    'no functionCall with this id in the session',
  );
  settleQwenCodeCall(call, result);
  return call;
}

function textOf(value: unknown): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function firstLine(text: string): string {
  const line = text.split('\n', 1)[0] ?? '';
  return line.length > 160 ? `${line.slice(0, 157)}...` : line;
}
