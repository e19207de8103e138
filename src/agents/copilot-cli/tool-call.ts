import type { SourceLocation } from '../../model/source-location.js';
import type { ToolCall, ToolCallStatus } from '../../model/tool-call.js';
import { isObject, num, obj, optional, str, timeOf } from '../../schemas/common/value-access.js';
import { openToolCall } from '../open-tool-call.js';
import { lookupCopilotTool } from './tools/lookup-copilot-tool.js';

interface CallContext {
  sessionId: string;
  location: SourceLocation;
  timestamp: string | undefined;
  model: string | undefined;
  messageId: string | undefined;
  agentId: string | undefined;
  mcpServers: Iterable<string>;
}

/**
 * A tool call from a tool request (`assistant.message.toolRequests[]`, `tool.execution_start`, or a legacy
 * `tool_calls[]` entry). `args` is the object, or JSON text (legacy, `apply_patch`) parsed when it is an object.
 */
export function createCopilotCall(id: string, name: string, args: unknown, context: CallContext): ToolCall {
  const lookup = lookupCopilotTool(name, context.mcpServers);
  const { input, rawInput } = inputOf(args);
  return openToolCall(lookup, {
    id,
    name,
    input,
    sessionId: context.sessionId,
    location: context.location,
    ...optional('rawInput', rawInput),
    ...optional('startTime', context.timestamp),
    ...optional('model', context.model),
    ...optional('messageId', context.messageId),
    ...optional('agentId', context.agentId),
  });
}

function inputOf(args: unknown): { input: unknown; rawInput?: string } {
  if (typeof args !== 'string') return { input: args ?? {} };
  try {
    const parsed: unknown = JSON.parse(args);
    if (isObject(parsed)) return { input: parsed };
  } catch {
    // Raw text (apply_patch): kept as the raw input.
  }
  return { input: {}, rawInput: args };
}

/** What a result says, from `tool.execution_complete.data` or a legacy timeline entry. */
export interface CopilotOutcome {
  /** The model-facing text. */
  text: string;
  content: unknown;
  structured: Record<string, unknown>;
  /** `success` as written (legacy: `result.type === "success"`). */
  success: boolean | undefined;
  errorText: string | undefined;
  exitCode: number | undefined;
  location: SourceLocation;
  timestamp: string | undefined;
}

/** The outcome written by `tool.execution_complete`. */
export function outcomeOfComplete(
  data: Record<string, unknown>,
  location: SourceLocation,
  timestamp: string | undefined,
): CopilotOutcome {
  const result = obj(data.result);
  const error = data.error;
  const errorText = typeof error === 'string' ? error : str(obj(error)?.message);
  const content = result?.content ?? errorText;
  const text = textOf(content);
  const exitCode = num(obj(data.shellExecution)?.exitCode) ?? exitCodeInText(text);
  const success = typeof data.success === 'boolean' ? data.success : undefined;
  const structured: Record<string, unknown> = {
    ...(success === undefined ? {} : { success }),
    ...(result && 'content' in result ? { content: result.content } : {}),
    ...(result && 'detailedContent' in result ? { detailedContent: result.detailedContent } : {}),
    ...(error === undefined || error === null ? {} : { error }),
    ...(exitCode === undefined ? {} : { exitCode }),
    ...(Array.isArray(data.fileEdits) ? { fileEdits: data.fileEdits } : {}),
  };
  return { text, content, structured, success, errorText, exitCode, location, timestamp };
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (content === undefined || content === null) return '';
  return JSON.stringify(content);
}

/** The exit code line bash results end with (2025: `<exited with exit code N>`; 1.0.x: `<shellId: X completed with exit code N>`). */
export function exitCodeInText(text: string): number | undefined {
  const match = /<(?:exited with exit code|shellId: [^>]*? completed with exit code) (-?\d+)>\s*$/.exec(text);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

const deniedPattern = /\b(denied|rejected|declined)\b.*\b(user|permission)|\bpermission\b.*\bdenied\b/i;

/**
 * Attaches a result and sets the status: `success: false` is `error` (`denied` when the text says the user
 * or a permission rule refused); `success: true` with a non-zero exit code is `error` too (Copilot counts a
 * command that ran as a success, tool-exercise.jsonl line 32); anything else is `ok`.
 */
export function settleCopilotCall(call: ToolCall, outcome: CopilotOutcome): void {
  call.result = {
    text: outcome.text,
    content: outcome.content,
    structured: outcome.structured,
    location: outcome.location,
    ...optional('timestamp', outcome.timestamp),
    ...optional('exitCode', outcome.exitCode),
    ...(outcome.success === false ? { isError: true } : {}),
  };
  if (outcome.timestamp !== undefined) {
    call.endTime = outcome.timestamp;
    const start = timeOf(call.startTime);
    const end = timeOf(outcome.timestamp);
    if (start !== undefined && end !== undefined && end >= start) call.durationMs = end - start;
  }
  if (call.status === 'orphan_result') return;
  const text = outcome.errorText ?? outcome.text;
  if (outcome.success === false) {
    if (deniedPattern.test(text.slice(0, 300))) setStatus(call, 'denied', firstLine(text));
    else setStatus(call, 'error', firstLine(text) || 'success: false');
  } else if (outcome.exitCode !== undefined && outcome.exitCode !== 0) {
    setStatus(call, 'error', `exit code ${outcome.exitCode}`);
  } else setStatus(call, 'ok', undefined);
}

export function setStatus(call: ToolCall, status: ToolCallStatus, reason: string | undefined): void {
  call.status = status;
  if (reason === undefined) delete call.statusReason;
  else call.statusReason = reason;
}

function firstLine(text: string): string {
  const line = text.trimStart().split('\n', 1)[0] ?? '';
  return line.length > 160 ? `${line.slice(0, 157)}...` : line;
}
