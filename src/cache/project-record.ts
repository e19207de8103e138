// The projection of a record the builders get (`projectRecord`): the record without the bulk no builder
// reads (long strings cut around a hash, base64 payloads dropped), so that what the index builds from it
// equals a build from the whole record.
import { createHash } from 'node:crypto';

/**
 * Strings longer than this are cut (head and tail kept) in record skeletons. The builders read at most
 * about 300 characters after a header of at most about 200 (status texts, Codex denial windows, error
 * examples), so a 1,000-character head is safe; the tail keeps trailing `agentId:` lines.
 */
export const skeletonStringLimit = 2000;
/** Conversation text (`message.content` and its text blocks) keeps more: titles and prompt kinds read it. */
export const skeletonMessageTextLimit = 32_000;

/**
 * Keys whose values no session builder reads and that carry bulk: file snapshots and patches of edit
 * results, encrypted reasoning, thinking signatures.
 */
const droppedKeys = new Set([
  'originalFile',
  'originalFileContents',
  'structuredPatch',
  'encrypted_content',
  'signature',
]);

/**
 * The skeleton of a decoded record, made in place: the record given, changed to keep what the lifecycle
 * builders read and little else, by generic rules only (no wire format knowledge beyond key names):
 * - a string over {@link skeletonStringLimit} characters (conversation text: over
 *   {@link skeletonMessageTextLimit}) keeps its first and last halves around a marker that names its length
 *   and a hash of the whole, so equal strings stay equal and different ones stay different;
 * - a long string that holds a JSON object or array (Codex `arguments`, JSON tool outputs) is decoded,
 *   projected by the same rules and encoded again, so it still parses;
 * - base64 payloads (`data` beside `type: "base64"`) and the {@link droppedKeys} are deleted.
 * Builders read prefixes (status texts, exit codes, headers), ids, numbers and short fields; the
 * cache-equivalence tests prove that reports built from skeletons equal reports built from full records.
 * In place, because a copy of every object of every record cost a cold report about 5% of its time: the
 * value is the reader's own (`JSON.parse` shares nothing), and the reader projects it only once the drift
 * validation has seen it whole.
 */
export function projectRecord(value: Record<string, unknown>): Record<string, unknown> {
  projectObject(value, 'record');
  return value;
}

type Place = 'record' | 'message' | 'message-content' | 'other';

function projectObject(value: Record<string, unknown>, place: Place): void {
  const base64 = value.type === 'base64';
  for (const key in value) {
    if (droppedKeys.has(key) || (base64 && key === 'data')) {
      delete value[key];
      continue;
    }
    const inner = value[key];
    if (typeof inner === 'string') {
      const limit =
        (place === 'message' && key === 'content') || (place === 'message-content' && key === 'text')
          ? skeletonMessageTextLimit
          : skeletonStringLimit;
      if (inner.length > limit) value[key] = projectString(inner, limit);
    } else if (inner !== null && typeof inner === 'object') {
      const childPlace: Place =
        place === 'record' && key === 'message'
          ? 'message'
          : place === 'message' && key === 'content'
            ? 'message-content'
            : 'other';
      projectValue(inner, childPlace);
    }
  }
}

/** Projects an object or array in place (see {@link projectRecord}). */
function projectValue(value: object, place: Place): void {
  if (!Array.isArray(value)) {
    projectObject(value as Record<string, unknown>, place);
    return;
  }
  // Blocks of `message.content` are objects whose `text` is conversation text.
  const itemPlace: Place = place === 'message-content' ? 'message-content' : 'other';
  for (let i = 0; i < value.length; i++) {
    const item: unknown = value[i];
    if (typeof item === 'string') {
      if (item.length > skeletonStringLimit) value[i] = projectString(item, skeletonStringLimit);
    } else if (item !== null && typeof item === 'object') projectValue(item, itemPlace);
  }
}

function projectString(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const first = text.charCodeAt(0);
  if (first === 0x7b /* { */ || first === 0x5b /* [ */) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed !== null && typeof parsed === 'object') {
        projectValue(parsed, 'other');
        return JSON.stringify(parsed);
      }
    } catch {
      // Not JSON after all: cut it as text.
    }
  }
  return cutString(text, limit);
}

/** `text` cut to about `limit` characters: head, a marker with the length and a hash, tail. */
export function cutString(text: string, limit = skeletonStringLimit): string {
  if (text.length <= limit) return text;
  const half = Math.floor(limit / 2);
  let headEnd = half;
  let tailStart = text.length - half;
  // Never split a surrogate pair.
  if (isHighSurrogate(text.charCodeAt(headEnd - 1))) headEnd -= 1;
  if (isLowSurrogate(text.charCodeAt(tailStart))) tailStart += 1;
  const hash = createHash('sha1').update(text).digest('base64url').slice(0, 12);
  return copied(
    `${text.slice(0, headEnd)}\u2026[agentlog: ${text.length} characters cut to head and tail, ${hash}]\u2026${text.slice(tailStart)}`,
  );
}

/**
 * `text` in storage of its own. V8 makes a slice of a long string a view into it, and a template of views a
 * string that points at them: the cut string kept the whole uncut one alive (50 cuts of 2 MB strings held
 * 100 MiB; copied, 2.7 MiB), and with it every long string of every projected record of a unit until the
 * unit was built (the benchmark's 1 GiB session peaked at 1,902 MiB; copied, 1,506 MiB). A UTF-16 round trip
 * copies every code unit as it is (lone surrogates too), where JavaScript has no call that promises a copy.
 */
function copied(text: string): string {
  return Buffer.from(text, 'utf16le').toString('utf16le');
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
