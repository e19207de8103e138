/**
 * Finds the members of a JSON object in a line's bytes without parsing it: each member's key and the byte
 * range of its value, nested values skipped by their brackets and strings by their quotes (a fast `indexOf`
 * over string contents). For readers that take a few small values from large lines and parse only those
 * (`agents/claude-code/usage-projection-bytes.ts`). The bytes are not validated as JSON beyond their
 * structure: a caller that needs a valid line parses it. Returns false when the structure is broken
 * (an unterminated string, unbalanced brackets, a key with escapes), so the caller can parse it instead.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

/** Called per member: its key and its value's bytes `[start, end)`. */
export type MemberVisitor = (key: string, start: number, end: number) => void;

/** Index after the closing quote of the string whose opening quote is at `at`, or -1. */
export function skipString(b: Buffer, at: number, end: number): number {
  let q = at + 1;
  for (;;) {
    q = b.indexOf(QUOTE, q);
    if (q === -1 || q >= end) return -1;
    let k = q - 1;
    while (b[k] === BACKSLASH) k -= 1;
    if (((q - 1 - k) & 1) === 0) return q + 1;
    q += 1;
  }
}

/** Index after the value that starts at `at` (whitespace skipped before it), or -1. */
export function skipValue(b: Buffer, at: number, end: number): number {
  const c = b[at];
  if (c === QUOTE) return skipString(b, at, end);
  if (c === OPEN_BRACE || c === OPEN_BRACKET) {
    let depth = 0;
    let p = at;
    while (p < end) {
      const ch = b[p];
      if (ch === QUOTE) {
        p = skipString(b, p, end);
        if (p === -1) return -1;
        continue;
      }
      if (ch === OPEN_BRACE || ch === OPEN_BRACKET) depth += 1;
      else if (ch === CLOSE_BRACE || ch === CLOSE_BRACKET) {
        depth -= 1;
        if (depth === 0) return p + 1;
      }
      p += 1;
    }
    return -1;
  }
  // A number or a literal: up to the next delimiter.
  let p = at;
  while (p < end) {
    const ch = b[p];
    if (ch === COMMA || ch === CLOSE_BRACE || ch === CLOSE_BRACKET || isSpace(ch)) break;
    p += 1;
  }
  return p === at ? -1 : p;
}

function isSpace(ch: number | undefined): boolean {
  return ch === 0x20 || ch === 0x09 || ch === 0x0a || ch === 0x0d;
}

function spaces(b: Buffer, p: number, end: number): number {
  while (p < end && isSpace(b[p])) p += 1;
  return p;
}

/**
 * Visits the members of the object at `[start, end)` (whitespace around it allowed; nothing else after
 * it). A key given twice is visited twice (JSON.parse keeps the last). False when the bytes are not one
 * object of that structure.
 */
export function visitMembers(b: Buffer, start: number, end: number, visit: MemberVisitor): boolean {
  let p = spaces(b, start, end);
  if (b[p] !== OPEN_BRACE) return false;
  p = spaces(b, p + 1, end);
  if (b[p] === CLOSE_BRACE) return spaces(b, p + 1, end) === end;
  for (;;) {
    if (b[p] !== QUOTE) return false;
    const keyEnd = skipString(b, p, end);
    if (keyEnd === -1) return false;
    const slash = b.indexOf(BACKSLASH, p);
    if (slash !== -1 && slash < keyEnd) return false;
    const key = b.toString('latin1', p + 1, keyEnd - 1);
    p = spaces(b, keyEnd, end);
    if (b[p] !== COLON) return false;
    p = spaces(b, p + 1, end);
    const valueEnd = skipValue(b, p, end);
    if (valueEnd === -1) return false;
    visit(key, p, valueEnd);
    p = spaces(b, valueEnd, end);
    if (b[p] === COMMA) {
      p = spaces(b, p + 1, end);
      continue;
    }
    if (b[p] === CLOSE_BRACE) return spaces(b, p + 1, end) === end;
    return false;
  }
}

/**
 * Visits the elements of the array at `[start, end)`: each element's bytes. False when the bytes are not
 * one array of that structure.
 */
export function visitElements(
  b: Buffer,
  start: number,
  end: number,
  visit: (start: number, end: number) => void,
): boolean {
  let p = spaces(b, start, end);
  if (b[p] !== OPEN_BRACKET) return false;
  p = spaces(b, p + 1, end);
  if (b[p] === CLOSE_BRACKET) return spaces(b, p + 1, end) === end;
  for (;;) {
    const valueEnd = skipValue(b, p, end);
    if (valueEnd === -1) return false;
    visit(p, valueEnd);
    p = spaces(b, valueEnd, end);
    if (b[p] === COMMA) {
      p = spaces(b, p + 1, end);
      continue;
    }
    if (b[p] === CLOSE_BRACKET) return spaces(b, p + 1, end) === end;
    return false;
  }
}

/** The value at `[start, end)` parsed (a string without escapes is decoded directly). */
export function parseValue(b: Buffer, start: number, end: number): unknown {
  if (b[start] === QUOTE && end - start >= 2) {
    const slash = b.indexOf(BACKSLASH, start);
    if (slash === -1 || slash >= end) return b.toString('utf8', start + 1, end - 1);
  }
  return JSON.parse(b.toString('utf8', start, end));
}
