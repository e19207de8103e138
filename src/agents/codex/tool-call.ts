import type { SourceLocation } from '../../model/source-location.js';
import type { ToolCall, ToolCallStatus } from '../../model/tool-call.js';
import { type JsonObject, optional, str, timeOf } from '../../schemas/common/value-access.js';
import { parseCodexToolOutput } from './schemas/parse-tool-io.js';
import { codexToolCallInput, lookupCodexTool } from './tools/index.js';

interface CallContext {
  sessionId: string;
  location: SourceLocation;
  timestamp: string | undefined;
  model: string | undefined;
  /** Id for items without a call_id (web searches). */
  fallbackId: string;
}

/** A tool call from a `function_call`, `custom_tool_call`, `local_shell_call` or `web_search_call` item. */
export function createCodexCall(itemType: string, payload: JsonObject, context: CallContext): ToolCall {
  const parsed = codexToolCallInput({ ...payload, type: itemType });
  const name = parsed?.name ?? '(no name)';
  const input = parsed?.input.ok ? parsed.input.value : {};
  const rawInput =
    parsed && !parsed.input.ok
      ? parsed.input.raw
      : itemType === 'custom_tool_call'
        ? str(payload.input)
        : undefined;
  const lookup = lookupCodexTool(name, str(payload.namespace));
  const call: ToolCall = {
    id: str(payload.call_id) ?? str(payload.id) ?? context.fallbackId,
    name,
    canonicalName: lookup.kind === 'builtin' ? lookup.spec.canonical : name,
    kind: lookup.kind,
    input,
    status: 'missing',
    sessionId: context.sessionId,
    location: context.location,
    messageId: `${context.sessionId}:${context.location.line}`,
    ...optional('rawInput', rawInput),
    ...optional('startTime', context.timestamp),
    ...optional('model', context.model),
  };
  if (lookup.kind === 'mcp') {
    call.mcpServer = lookup.server;
    call.mcpTool = lookup.tool;
  }
  // Web searches have no output item: the search happened when the item was written.
  if (itemType === 'web_search_call') {
    const status = str(payload.status);
    call.status = status === 'failed' ? 'error' : 'ok';
    if (context.timestamp !== undefined) call.endTime = context.timestamp;
  }
  return call;
}

const deniedPattern = /rejected by (the )?user|user (declined|denied)|approval (was )?denied|not approved/i;
const abortedPattern = /^(aborted|interrupted)\b/i;

/**
 * Sets a call's status: explicitly (from an event), or from its output. Output rules: `aborted` text is
 * `interrupted`; a user rejection is `denied`; a non-zero exit code, or an error-looking text for tools
 * without exit codes, is `error`; anything else is `ok`.
 */
export function settleCodexCall(
  call: ToolCall,
  status: ToolCallStatus | undefined,
  reason: string | undefined,
  output?: { output: unknown; location: SourceLocation; timestamp: string | undefined },
): void {
  if (output) {
    const parsed = parseCodexToolOutput(output.output);
    call.result = {
      text: parsed.text,
      content: output.output,
      structured: parsed,
      location: output.location,
      ...optional('timestamp', output.timestamp),
      ...optional('exitCode', parsed.exitCode),
    };
    if (output.timestamp !== undefined) call.endTime = output.timestamp;
    if (parsed.durationSeconds !== undefined) call.durationMs = Math.round(parsed.durationSeconds * 1000);
    else {
      const start = timeOf(call.startTime);
      const end = timeOf(output.timestamp);
      if (start !== undefined && end !== undefined && end >= start) call.durationMs = end - start;
    }
    if (status === undefined && call.status !== 'orphan_result') {
      const text = parsed.text.trimStart();
      if (abortedPattern.test(text)) setStatus(call, 'interrupted', firstLine(text));
      else if (deniedPattern.test(text.slice(0, 300))) setStatus(call, 'denied', firstLine(text));
      else if (parsed.exitCode !== undefined && parsed.exitCode !== 0)
        setStatus(call, 'error', `exit code ${parsed.exitCode}`);
      else if (
        parsed.exitCode === undefined &&
        /^(error|failed|apply_patch verification failed)\b/i.test(text)
      )
        setStatus(call, 'error', firstLine(text));
      else setStatus(call, 'ok', undefined);
    }
  }
  if (status !== undefined && call.status !== 'orphan_result') setStatus(call, status, reason);
}

function setStatus(call: ToolCall, status: ToolCallStatus, reason: string | undefined): void {
  call.status = status;
  if (reason === undefined) delete call.statusReason;
  else call.statusReason = reason;
}

function firstLine(text: string): string {
  const line = text.split('\n', 1)[0] ?? '';
  return line.length > 160 ? `${line.slice(0, 157)}...` : line;
}
