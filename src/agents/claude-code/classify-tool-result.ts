import type { ToolCallStatus } from '../../model/tool-call.js';
import { isObject } from '../../schemas/common/is-object.js';

export interface ResultEvidence {
  /** Model-facing result text (tool_result content flattened). */
  text: string;
  /** `tool_result.is_error`. */
  isError: boolean | undefined;
  /** `toolUseResult` (a string for errors and rejections). */
  structured: unknown;
  /** A `hook_blocking_error` attachment (or similar) named this call. */
  hookBlocked?: boolean;
}

export interface Classification {
  status: Exclude<ToolCallStatus, 'missing' | 'orphan_result'>;
  reason?: string;
}

/** Texts that mean the user stopped the call or the turn (spec 3.4, edge case 15). Prefix match. */
const interruptPrefixes = [
  '[Request interrupted',
  '[Tool call interrupted',
  '[Agent call interrupted',
  '[This turn ended before it finished',
  '[Tool call did not complete',
  '[Tool call skipped',
  "The user doesn't want to take this action right now",
  'Interrupted by user',
];

/** Texts that mean the call was refused by the user or a permission rule (edge case 16). */
const denialPatterns: RegExp[] = [
  /^The user doesn't want to proceed with this tool use/,
  /^(Error: )?User rejected tool use/,
  /^Permission to use \S+ has been denied/,
  /^Permission for this tool use was denied/,
  /^Error: Claude requested permissions to \S+ .* but you haven't granted it/,
];

/** Texts that mean a hook blocked the call. */
const hookPatterns: RegExp[] = [
  /^(Pre|Post)ToolUse(:\S+)? hook error/i,
  /\bhook error: /i,
  /^Blocked by hook/i,
];

const errorPatterns: RegExp[] = [
  /^<tool_use_error>/,
  /^(Error|InputValidationError|Cancelled): /,
  /^Streaming fallback - tool execution discarded/,
];

/**
 * Decides the status of a call that has a result. The order matters: a rejection is also `is_error`,
 * so denials and interruptions are recognised before generic errors. Rules (README, "Tool call status"):
 * 1. hook_blocked: a hook blocking error names the call, or the text is a hook error.
 * 2. interrupted: an interruption text (prefix), or Bash `toolUseResult.interrupted: true`.
 * 3. denied: a rejection or permission-denied text, in the result text or a string `toolUseResult`.
 * 4. error: `is_error: true`, a `<tool_use_error>` wrapper, or an `Error:`-style string `toolUseResult`.
 * 5. ok: anything else.
 */
export function classifyToolResult(evidence: ResultEvidence): Classification {
  const text = stripErrorWrapper(evidence.text.trimStart());
  const structuredText =
    typeof evidence.structured === 'string' ? evidence.structured.trimStart() : undefined;
  const candidates = structuredText === undefined ? [text] : [text, structuredText];

  if (evidence.hookBlocked) return { status: 'hook_blocked', reason: 'hook blocking error' };
  for (const candidate of candidates) {
    const hook = hookPatterns.find((p) => p.test(candidate));
    if (hook && (evidence.isError || structuredText !== undefined))
      return { status: 'hook_blocked', reason: firstLine(candidate) };
  }
  for (const candidate of candidates) {
    const prefix = interruptPrefixes.find((p) => candidate.startsWith(p));
    if (prefix) return { status: 'interrupted', reason: prefix };
  }
  if (isObject(evidence.structured) && evidence.structured.interrupted === true)
    return { status: 'interrupted', reason: 'interrupted: true' };
  for (const candidate of candidates) {
    if (denialPatterns.some((p) => p.test(candidate)))
      return { status: 'denied', reason: firstLine(candidate) };
  }
  if (evidence.isError === true) return { status: 'error', reason: firstLine(text) };
  if (/^<tool_use_error>/.test(evidence.text.trimStart()))
    return { status: 'error', reason: firstLine(text) };
  if (structuredText !== undefined && errorPatterns.some((p) => p.test(structuredText)))
    return { status: 'error', reason: firstLine(structuredText) };
  return { status: 'ok' };
}

function stripErrorWrapper(text: string): string {
  const match = /^<tool_use_error>([\s\S]*?)(<\/tool_use_error>|$)/.exec(text);
  return match ? (match[1] ?? '').trimStart() : text;
}

function firstLine(text: string): string {
  const line = text.split('\n', 1)[0] ?? '';
  return line.length > 160 ? `${line.slice(0, 157)}...` : line;
}
