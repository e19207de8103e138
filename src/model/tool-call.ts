import type { SourceLocation } from './source-location.js';

/**
 * What became of a tool call.
 * - `ok`: a result came back and it is not an error.
 * - `error`: the tool ran (or tried to) and failed.
 * - `denied`: the user or a permission rule rejected the call.
 * - `interrupted`: the user interrupted it (Esc) or the turn ended while it ran.
 * - `hook_blocked`: a hook blocked it.
 * - `missing`: no result in the logs (session ended, crashed, or still running).
 * - `orphan_result`: a result whose call is not in the logs.
 */
export const toolCallStatuses = [
  'ok',
  'error',
  'denied',
  'interrupted',
  'hook_blocked',
  'missing',
  'orphan_result',
] as const;
export type ToolCallStatus = (typeof toolCallStatuses)[number];

/**
 * The name of a call whose result is in the logs but whose call is not (status `orphan_result`): what the
 * tool was is not known, and it is shown as what it is rather than as a tool named "(unknown)".
 */
export const resultWithoutCallName = '(result without its call)';

/** The result side of a call, agent-neutral. */
export interface ToolCallResult {
  /** The model-facing result as text (text parts joined; images as `[image]`). */
  text: string;
  /** The model-facing content as written (string or block array). */
  content: unknown;
  /** Structured result: Claude Code `toolUseResult`, or the parsed Codex output. */
  structured?: unknown;
  /** The wire `is_error` flag, where there is one. */
  isError?: boolean;
  /** Exit code where the agent reports one (Codex shell, Claude Code BashOutput/TaskOutput). */
  exitCode?: number;
  timestamp?: string;
  location: SourceLocation;
}

export interface ToolCall<Input = unknown, Result = unknown> {
  /** `tool_use.id` (Claude Code) or `call_id` (Codex). */
  id: string;
  /** The name as written in the log. */
  name: string;
  /** The newest name of the tool's lineage (`Task` -> `Agent`); MCP and unknown tools keep their name. */
  canonicalName: string;
  /** `builtin`: in the agent's registry; `mcp`: an MCP tool; `unknown`: neither (reported). */
  kind: 'builtin' | 'mcp' | 'unknown';
  mcpServer?: string;
  mcpTool?: string;
  input: Input;
  /** Raw argument text where the wire format carries text (Codex) and it did not parse as JSON. */
  rawInput?: string;
  result?: ToolCallResult & { structured?: Result };
  status: ToolCallStatus;
  /** Why the status was chosen, e.g. the matched rejection text; for reports. */
  statusReason?: string;
  startTime?: string;
  endTime?: string;
  durationMs?: number;
  /** The assistant message (API message id, or the record uuid) that made the call. */
  messageId?: string;
  model?: string;
  sessionId: string;
  /** Subagent id when the call was made inside a subagent. */
  agentId?: string;
  /** For Task/Agent (and Codex spawn) calls: the id of the subagent session it started. */
  subagentId?: string;
  location: SourceLocation;
}

/**
 * A call whose result is in the logs but whose call is not: status `orphan_result`, named
 * {@link resultWithoutCallName}; `reason` says which call was looked for (each agent names it its way).
 * The caller settles it with the result.
 */
export function resultWithoutCall(
  id: string,
  sessionId: string,
  location: SourceLocation,
  reason: string,
): ToolCall {
  return {
    id,
    name: resultWithoutCallName,
    canonicalName: resultWithoutCallName,
    kind: 'unknown',
    input: undefined,
    status: 'orphan_result',
    statusReason: reason,
    sessionId,
    location,
  };
}
