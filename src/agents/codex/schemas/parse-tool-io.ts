import { boundDepth } from '../../../schemas/common/bound-depth.js';

/** Tool arguments parsed from their wire text; `raw` is the text as written. */
export type ParsedArguments =
  | { ok: true; value: unknown; raw: string }
  | { ok: false; raw: string; error: string };

/**
 * Parses `function_call.arguments` tolerantly: empty text (or `null`/absent) is `{}`; a JSON string that
 * holds JSON (double-encoded by some proxies) is decoded again; an already parsed object is taken as is;
 * invalid JSON gives `ok: false` with the raw text kept.
 */
export function parseCodexArguments(raw: unknown): ParsedArguments {
  if (raw === undefined || raw === null) return { ok: true, value: {}, raw: '' };
  if (typeof raw === 'object') return { ok: true, value: raw, raw: JSON.stringify(raw) };
  if (typeof raw !== 'string') {
    return { ok: false, raw: String(raw), error: `Expected JSON text, got a ${typeof raw}` };
  }
  const text = raw.trim();
  if (text === '') return { ok: true, value: {}, raw };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, raw, error: `Invalid JSON: ${errorMessage(error)}` };
  }
  // Double-encoded: the JSON value is a string that itself holds a JSON object, array or string.
  for (let depth = 0; depth < 3 && typeof value === 'string'; depth++) {
    const inner = value.trim();
    if (!/^[[{"]/.test(inner)) break;
    try {
      value = JSON.parse(inner);
    } catch (error) {
      return { ok: false, raw, error: `Invalid double-encoded JSON: ${errorMessage(error)}` };
    }
  }
  // Arguments nested beyond the depth limit are cut (the raw text keeps them whole).
  boundDepth(value);
  return { ok: true, value, raw };
}

/**
 * A tool output, decoded. `format` says how it was written:
 * - `json`: `{"output": "...", "metadata": {"exit_code", "duration_seconds"}}` (2025 shell and apply_patch);
 * - `exit-code-text`: a header block then `Output:` (`Exit code: N` / `Wall time: X seconds` /
 *   `Total output lines: N` of shell tools; `Chunk ID` / `Process exited with code N` / `Process running
 *   with session ID N` / `Original token count` of `exec_command` and `write_stdin`; `Wall time` alone for
 *   MCP tools);
 * - `plain`: any other text (apply_patch "Success. ...", "Plan updated", error messages);
 * - `items`: a content-item array (texts joined with newlines, images as `[image]`).
 */
export interface ParsedShellOutput {
  /** The output body: after the header for `exit-code-text`, `output` for `json`. */
  text: string;
  exitCode?: number;
  durationSeconds?: number;
  /** Line count before truncation, when Codex truncated the output. */
  totalOutputLines?: number;
  /** `exec_command`: the process is still running; `write_stdin` takes this session id. */
  processSessionId?: number;
  /** `exec_command` / `write_stdin` output chunk id. */
  chunkId?: string;
  /** Token count of the output before truncation (`exec_command`, truncation warnings). */
  originalTokenCount?: number;
  format: 'json' | 'exit-code-text' | 'plain' | 'items';
}

type OutputFields = Omit<ParsedShellOutput, 'text' | 'format'>;

/**
 * Decodes a `function_call_output` / `custom_tool_call_output` `output`: a JSON-in-string shell result, a
 * header-text result, plain text, or content items. Never throws.
 */
export function parseCodexToolOutput(output: unknown): ParsedShellOutput {
  if (typeof output === 'string') return parseOutputText(output);
  if (Array.isArray(output)) return parseItems(output);
  if (typeof output === 'object' && output !== null) {
    const object = output as Record<string, unknown>;
    if (typeof object.type === 'string') return parseItems([object]);
    if (typeof object.content === 'string') return parseOutputText(object.content);
    return { text: JSON.stringify(object), format: 'plain' };
  }
  return { text: output === undefined || output === null ? '' : String(output), format: 'plain' };
}

function parseOutputText(text: string): ParsedShellOutput {
  return parseJsonOutput(text) ?? parseHeaderOutput(text) ?? { text, ...bodyFields(text), format: 'plain' };
}

function parseJsonOutput(text: string): ParsedShellOutput | undefined {
  if (!text.trimStart().startsWith('{')) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  boundDepth(value);
  const object = value as Record<string, unknown>;
  const metadata = object.metadata;
  const hasMetadata = typeof metadata === 'object' && metadata !== null && !Array.isArray(metadata);
  if (typeof object.output !== 'string' || (!hasMetadata && Object.keys(object).length !== 1))
    return undefined;
  const meta = hasMetadata ? (metadata as Record<string, unknown>) : {};
  const fields: OutputFields = bodyFields(object.output);
  if (typeof meta.exit_code === 'number') fields.exitCode = meta.exit_code;
  if (typeof meta.duration_seconds === 'number') fields.durationSeconds = meta.duration_seconds;
  return { text: object.output, ...fields, format: 'json' };
}

/** Header lines of the text encodings and the field each sets. */
const headerPatterns: [RegExp, keyof OutputFields][] = [
  [/^Exit code: (-?\d+)$/, 'exitCode'],
  [/^Process exited with code (-?\d+)$/, 'exitCode'],
  [/^Wall time: (\d+(?:\.\d+)?) seconds$/, 'durationSeconds'],
  [/^Total output lines: (\d+)$/, 'totalOutputLines'],
  [/^Process running with session ID (\d+)$/, 'processSessionId'],
  [/^Chunk ID: (\S+)$/, 'chunkId'],
  [/^Original token count: (\d+)$/, 'originalTokenCount'],
];

/** Header lines, each known, then a line `Output:`; the rest is the body. */
function parseHeaderOutput(text: string): ParsedShellOutput | undefined {
  const fields: OutputFields = {};
  let start = 0;
  let headers = 0;
  while (start <= text.length) {
    const end = text.indexOf('\n', start);
    const line = text.slice(start, end === -1 ? text.length : end);
    if (line === 'Output:') {
      if (headers === 0) return undefined;
      const body = end === -1 ? '' : text.slice(end + 1);
      return { text: body, ...bodyFields(body), ...fields, format: 'exit-code-text' };
    }
    const header = headerPatterns.find(([regex]) => regex.test(line));
    if (header === undefined || end === -1) return undefined;
    const [regex, field] = header;
    const value = regex.exec(line)?.[1] ?? '';
    if (field === 'chunkId') fields.chunkId = value;
    else fields[field] = Number(value);
    headers++;
    start = end + 1;
  }
  return undefined;
}

/** Truncation notes Codex puts at the start of a body: `[Warning: truncated output (original token count: N)\n]Total output lines: N\n\n`. */
function bodyFields(body: string): OutputFields {
  const match =
    /^(?:Warning: truncated output \(original token count: (\d+)\)\n)?Total output lines: (\d+)\n/.exec(body);
  if (match === null) return {};
  const fields: OutputFields = { totalOutputLines: Number(match[2]) };
  if (match[1] !== undefined) fields.originalTokenCount = Number(match[1]);
  return fields;
}

function parseItems(items: unknown[]): ParsedShellOutput {
  const parts: string[] = [];
  for (const item of items) {
    if (typeof item !== 'object' || item === null) continue;
    const record = item as Record<string, unknown>;
    if (typeof record.text === 'string') parts.push(record.text);
    else if (record.type === 'input_image' || record.type === 'image') parts.push('[image]');
  }
  const joined = parts.join('\n');
  const decoded = parseOutputText(joined);
  return { ...decoded, format: 'items' };
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
