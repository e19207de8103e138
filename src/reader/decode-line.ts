import { isUtf8 } from 'node:buffer';
import { boundDepth, type DepthCut, MAX_JSON_DEPTH } from '../schemas/common/bound-depth.js';
import type { LineError } from './line-result.js';

/** What one line decodes to; `null` means blank (empty or whitespace only). */
export type DecodedLine =
  | { ok: true; value: Record<string, unknown>; cuts?: DepthCut[] }
  | { ok: false; error: LineError }
  | null;

const SPACE = 0x20;
const TAB = 0x09;
const CR = 0x0d;
const VT = 0x0b;
const FF = 0x0c;

/**
 * Decodes the bytes of one line (without its `\n`) to a JSON object. Never throws. Objects and arrays
 * nested deeper than `maxDepth` are replaced by markers (see `boundDepth`) and listed in `cuts`.
 * `terminated` is false for a last line with no newline: if that line does not parse it is reported as
 * `truncated` (a file still being written) rather than `invalid-json` / `invalid-utf8`.
 */
export function decodeLine(bytes: Uint8Array, terminated = true, maxDepth = MAX_JSON_DEPTH): DecodedLine {
  const n = bytes.length;
  let i = 0;
  for (; i < n; i++) {
    const b = bytes[i];
    if (b !== SPACE && b !== TAB && b !== CR && b !== VT && b !== FF) break;
  }
  if (i === n) return null;

  const buf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!isUtf8(buf)) {
    return terminated
      ? fail('invalid-utf8', 'Line is not valid UTF-8')
      : fail('truncated', truncatedMessage('is not valid UTF-8', hints(buf, '', '')));
  }
  const text = buf.toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    if (text.trim() === '') return null;
    const detail = error instanceof Error ? error.message : String(error);
    return terminated
      ? fail('invalid-json', invalidJsonMessage(buf, text, detail))
      : fail('truncated', truncatedMessage('does not parse', hints(buf, text, detail)));
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return fail('not-an-object', `Expected a JSON object, got ${describeValue(value)}`);
  }
  const cuts = boundDepth(value, maxDepth);
  return cuts.length === 0
    ? { ok: true, value: value as Record<string, unknown> }
    : { ok: true, value: value as Record<string, unknown>, cuts };
}

function fail(type: LineError['type'], message: string): DecodedLine {
  return { ok: false, error: { type, message } };
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'number':
      return `a number (${String(value)})`;
    case 'boolean':
      return `a boolean (${String(value)})`;
    case 'string':
      return 'a string';
    default:
      return typeof value;
  }
}

function hints(buf: Buffer, text: string, detail: string): string[] {
  const found: string[] = [];
  if (buf.indexOf(0) !== -1) found.push('line contains NUL bytes');
  if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) found.push('line starts with a byte order mark');
  const after = /after JSON at position (\d+)/.exec(detail);
  const secondStart = after?.[1] === undefined ? -1 : Number(after[1]);
  if ((secondStart >= 0 && text[secondStart] === '{') || text.includes('}{"')) {
    const at = secondStart >= 0 && text[secondStart] === '{' ? secondStart : text.indexOf('}{"') + 1;
    found.push(`looks like two objects glued together ("}{" at character ${at})`);
  }
  return found;
}

function invalidJsonMessage(buf: Buffer, text: string, detail: string): string {
  const found = hints(buf, text, detail);
  return `Invalid JSON: ${found.length > 0 ? found.join('; ') : sanitize(detail)}`;
}

function truncatedMessage(problem: string, found: string[]): string {
  const more = found.length > 0 ? `; ${found.join('; ')}` : '';
  return `Last line has no newline and ${problem} (file may still be being written)${more}`;
}

/** Escapes control characters that V8 quotes from the input into its error messages. */
function sanitize(detail: string): string {
  return detail.replace(
    /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
