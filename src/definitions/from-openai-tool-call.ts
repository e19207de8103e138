import { boundDepth } from '../schemas/common/bound-depth.js';
import { isJsonObject } from './json-schema.js';
import { removeIntroducedNulls } from './remove-introduced-nulls.js';
import type { ToolNameMap } from './tool-name-map.js';

/** A function call from either OpenAI API: Responses `function_call`, or a Chat `tool_calls[]` entry. */
export type OpenAIToolCall =
  | { name: string; arguments: string }
  | { function: { name: string; arguments: string } };

/** Why a call could not be turned back into a tool input. */
export interface ToolCallError {
  kind: 'unknown-tool' | 'invalid-json' | 'not-an-object' | 'invalid-input';
  /** One sentence for the model or the user. */
  message: string;
  /** Schema issues, for `invalid-input`: where (dotted path) and what. */
  issues?: { path: string; message: string }[];
}

/** The outcome of `fromOpenAIToolCall`: never thrown, always returned. */
export type ToolCallConversion =
  | { ok: true; name: string; input: Record<string, unknown> }
  | { ok: false; name?: string; error: ToolCallError };

type ParsedArguments = { ok: true; value: Record<string, unknown> } | { ok: false; error: ToolCallError };

/**
 * Arguments as OpenAI sends them (a JSON string), parsed tolerantly: `""` and `"null"` mean no arguments;
 * a JSON string that itself holds a JSON object (double encoding) is unwrapped once.
 */
export function parseToolArguments(text: unknown): ParsedArguments {
  if (isJsonObject(text)) return { ok: true, value: text };
  if (typeof text !== 'string')
    return {
      ok: false,
      error: { kind: 'invalid-json', message: `Arguments are not a string (${typeof text}).` },
    };
  if (text.trim() === '') return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, error: { kind: 'invalid-json', message: `Arguments are not valid JSON: ${detail}` } };
  }
  if (typeof value === 'string' && /^\s*\{/.test(value)) {
    try {
      value = JSON.parse(value);
    } catch {
      // Not double-encoded after all: reported as not an object below.
    }
  }
  if (value === null) return { ok: true, value: {} };
  boundDepth(value);
  if (!isJsonObject(value)) {
    const kind = Array.isArray(value) ? 'an array' : `a ${typeof value}`;
    return {
      ok: false,
      error: { kind: 'not-an-object', message: `Arguments are ${kind}, not a JSON object.` },
    };
  }
  return { ok: true, value };
}

function callParts(call: OpenAIToolCall): { name: unknown; arguments: unknown } {
  if ('function' in call && isJsonObject(call.function)) return call.function;
  return call as { name: unknown; arguments: unknown };
}

function issuePath(path: readonly PropertyKey[]): string {
  return path
    .map((part) => (typeof part === 'number' ? `[${part}]` : String(part)))
    .join('.')
    .replace(/\.\[/g, '[');
}

/**
 * A tool input from an OpenAI function call (spec 5.2, edge case 35): the OpenAI name is mapped back
 * through `map` (a name that is already a known tool name is accepted too), the arguments are parsed
 * tolerantly, the `null`s strict mode introduced for optional fields are removed (per the tool's original
 * schema), and the input is checked against the tool's validator when the map has one. Never throws.
 */
export function fromOpenAIToolCall(call: OpenAIToolCall, map: ToolNameMap): ToolCallConversion {
  const parts = callParts(call);
  if (typeof parts.name !== 'string')
    return { ok: false, error: { kind: 'unknown-tool', message: 'The call has no function name.' } };
  const openaiName = map.entry(parts.name) === undefined ? map.openaiName(parts.name) : parts.name;
  const entry = openaiName === undefined ? undefined : map.entry(openaiName);
  if (entry === undefined)
    return {
      ok: false,
      error: { kind: 'unknown-tool', message: `Function "${parts.name}" is not one of the tools sent.` },
    };
  const name = entry.name;
  const parsed = parseToolArguments(parts.arguments);
  if (!parsed.ok) return { ok: false, name, error: parsed.error };
  const cleaned =
    entry.inputSchema === undefined
      ? parsed.value
      : (removeIntroducedNulls(parsed.value, entry.inputSchema) as Record<string, unknown>);
  if (entry.validator !== undefined) {
    const result = entry.validator.safeParse(cleaned);
    if (!result.success) {
      const issues = result.error.issues.map((issue) => ({
        path: issuePath(issue.path),
        message: issue.message,
      }));
      const first = issues[0];
      const where = first === undefined || first.path === '' ? '' : ` at "${first.path}"`;
      return {
        ok: false,
        name,
        error: {
          kind: 'invalid-input',
          message: `Arguments of "${name}" do not match its input schema${where}: ${first?.message ?? 'invalid'}.`,
          issues,
        },
      };
    }
  }
  return { ok: true, name, input: cleaned };
}
