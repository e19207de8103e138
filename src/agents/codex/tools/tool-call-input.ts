import { type ParsedArguments, parseCodexArguments } from '../schemas/parse-tool-io.js';

/** A tool call found in a response item: the tool it names and its input, parsed. */
export type CodexToolCallInput = {
  /** Registry key: the call `name`, or `local_shell` / `web_search` for hosted tool items. */
  name: string;
  namespace: string | undefined;
  callId: string | undefined;
  /** The parsed input (an object for valid calls), or why the argument text did not parse. */
  input: ParsedArguments;
};

/** Built-in tools whose custom (freeform) call carries raw text rather than JSON. */
const freeformTools = new Set(['apply_patch']);

/**
 * The tool call a response item makes, with its input as the tool's input schema expects it:
 * `function_call` arguments parsed from JSON; `custom_tool_call` input wrapped as `{input}` (a call to a
 * built-in JSON tool through the custom form is parsed as JSON instead); `local_shell_call` and
 * `web_search_call` give their `action`. `undefined` for items that are not calls.
 */
export function codexToolCallInput(item: Record<string, unknown>): CodexToolCallInput | undefined {
  const namespace = typeof item.namespace === 'string' ? item.namespace : undefined;
  const callId = typeof item.call_id === 'string' ? item.call_id : undefined;
  const name = typeof item.name === 'string' ? item.name : undefined;
  switch (item.type) {
    case 'function_call':
      return name === undefined
        ? undefined
        : { name, namespace, callId, input: parseCodexArguments(item.arguments) };
    case 'custom_tool_call': {
      if (name === undefined) return undefined;
      const raw = typeof item.input === 'string' ? item.input : '';
      const input: ParsedArguments =
        freeformTools.has(name) || !looksLikeJsonObject(raw)
          ? { ok: true, value: { input: raw }, raw }
          : parseCodexArguments(raw);
      return { name, namespace, callId, input };
    }
    case 'local_shell_call':
      return { name: 'local_shell', namespace, callId, input: actionInput(item.action) };
    case 'web_search_call':
      return { name: 'web_search', namespace, callId, input: actionInput(item.action ?? {}) };
    default:
      return undefined;
  }
}

function actionInput(action: unknown): ParsedArguments {
  return { ok: true, value: action, raw: JSON.stringify(action) ?? '' };
}

function looksLikeJsonObject(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.startsWith('{') && trimmed.endsWith('}');
}
