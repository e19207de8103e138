// The "after appends" step: append realistic records to a few session files, and undo it afterwards.
//
// Appended lines are copies of lines of the same file with fresh ids (UUIDs other than the session id,
// toolu_/msg_/req_/call_ ids and any other id a tool call or its result is named by, consistently within
// one append) and timestamps just after the file's
// last one, so they read as new turns of the same session. A journal of the original sizes and mtimes is
// written before anything is appended, so that a run that was interrupted is undone by the next one.
import { randomBytes, randomUUID } from 'node:crypto';
import {
  appendFileSync,
  existsSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { basename } from 'node:path';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const IS_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// A provider's ids keep their prefix and take a fresh last part (`msg_bdrk_01...`: Bedrock's message ids).
const PREFIXED_ID = /\b(toolu|msg|req|call|srvtoolu)_(?:[a-z]{3,5}_)?[A-Za-z0-9]{6,}/g;
const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g;
const SESSION_ID = /"(?:sessionId|session_id)"\s*:\s*"([0-9a-f-]{36})"/gi;

/**
 * `count` session files spread evenly over the sorted list: main Claude Code sessions and Codex rollouts
 * (no subagent files) of at least `minBytes`, other than those in `exclude`.
 */
export function pickAppendTargets(files, count, { minBytes = 32 * 1024, exclude = [] } = {}) {
  const excluded = new Set(exclude);
  const candidates = files.filter(
    (file) =>
      !excluded.has(file) &&
      !file.includes('/subagents/') &&
      !basename(file).startsWith('agent-') &&
      statSync(file).size >= minBytes,
  );
  if (candidates.length < count)
    throw new Error(`Only ${candidates.length} session files to append to, ${count} needed.`);
  const step = candidates.length / count;
  return Array.from({ length: count }, (_, i) => candidates[Math.floor(i * step)]);
}

/**
 * The appends of the active-session case: `activeBytes` to the active session (when there is one) and
 * `otherBytes` to each of `count` other session files. Returns `[{ path, bytes }]`, the active session first.
 */
export function planAppends(files, { active, activeBytes, otherBytes, count }) {
  const others = pickAppendTargets(files, count, { exclude: active ? [active] : [] });
  return [
    ...(active ? [{ path: active, bytes: activeBytes }] : []),
    ...others.map((path) => ({ path, bytes: otherBytes })),
  ];
}

/** Appends each `{ path, bytes }` of `plan` (about `bytes` each); writes `journalPath` first. Returns the bytes appended. */
export function appendRecords(plan, journalPath) {
  const journal = plan.map(({ path }) => {
    const stat = statSync(path);
    return { path, size: stat.size, atimeMs: stat.atimeMs, mtimeMs: stat.mtimeMs };
  });
  writeFileSync(journalPath, `${JSON.stringify(journal, null, 2)}\n`);
  let appended = 0;
  for (const { path, bytes } of plan) {
    const chunk = makeAppendChunk(readFileSync(path, 'utf8'), bytes, basename(path).match(UUID) ?? []);
    appendFileSync(path, chunk);
    appended += Buffer.byteLength(chunk);
  }
  return appended;
}

/** Undoes `appendRecords` from its journal (truncates to the original sizes, restores mtimes). */
export function restoreAppends(journalPath) {
  if (!existsSync(journalPath)) return 0;
  const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
  for (const entry of journal) {
    if (!existsSync(entry.path)) continue;
    if (statSync(entry.path).size > entry.size) truncateSync(entry.path, entry.size);
    utimesSync(entry.path, entry.atimeMs / 1000, entry.mtimeMs / 1000);
  }
  rmSync(journalPath);
  return journal.length;
}

/**
 * New JSONL lines (about `bytes`) copied from `text` with fresh ids and later timestamps; the session ids
 * (`sessionId`/`session_id` values, and `keepIds`, such as the UUID of the file name) are kept. Claude Code
 * records are appended the way a running session writes them: each conversation record continues the
 * previous one (`parentUuid`), starting from the file's last one, and no sidechain records (the subagent
 * layout before 2.0.28, which a running session no longer writes into its own file).
 */
export function makeAppendChunk(text, bytes, keepIds = []) {
  const keep = new Set([...text.matchAll(SESSION_ID)].map((m) => m[1].toLowerCase()));
  for (const id of keepIds) keep.add(id.toLowerCase());
  const lines = text
    .split('\n')
    .filter(
      (line) =>
        line.trim() !== '' &&
        !/"type"\s*:\s*"session_meta"/.test(line) &&
        !/"isSidechain"\s*:\s*true/.test(line),
    );
  // A record is written once: lines that repeat an earlier uuid (copies written by resume) are left out.
  let lastUuid = null;
  const seen = new Set();
  const unique = [];
  for (const line of lines) {
    const record = parseObject(line);
    const uuid = typeof record?.uuid === 'string' ? record.uuid : undefined;
    if (uuid !== undefined && seen.has(uuid)) continue;
    if (uuid !== undefined) seen.add(uuid);
    unique.push(line);
    if (uuid !== undefined && ('parentUuid' in record || typeof record.logicalParentUuid === 'string'))
      lastUuid = uuid;
  }
  if (lines.length === 0) throw new Error('Cannot append to a file without records.');
  // Lines of at most an eighth of the planned bytes, so that the last one overshoots the plan by 12.5% at most.
  const fitting = unique.filter((line) => Buffer.byteLength(line) + 1 <= bytes / 8);
  const pool = fitting.length > 0 ? fitting : [unique.reduce((a, b) => (a.length <= b.length ? a : b))];
  let last = 0;
  for (const match of text.matchAll(ISO_TIME)) last = Math.max(last, Date.parse(match[0]) || 0);
  // One id map per pass over the pool: links stay consistent within a pass, and no id repeats across passes.
  let ids = new Map();
  const fresh = (id, make) => {
    let value = ids.get(id);
    if (value === undefined) {
      value = make ? make() : IS_UUID.test(id) ? randomUUID() : id.replace(/_[A-Za-z0-9]+$/, `_${token(24)}`);
      ids.set(id, value);
    }
    return value;
  };
  // The ids of tool calls and API responses the pattern above does not catch (Bedrock's `tooluse_...`, fixtures'
  // `tool_edge_001`, `msg-1`, `edge_002`): a running session never writes a call id twice nor continues a response
  // written long before, so they are made fresh too, wherever the line names them.
  const oddIds = pool.map((line) => otherIds(parseObject(line)));
  const start = Math.floor(Math.random() * pool.length);
  const out = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    if (i > 0 && i % pool.length === 0) ids = new Map();
    const time = new Date(last + (i + 1) * 1000).toISOString();
    const at = (start + i) % pool.length;
    let line = pool[at];
    for (const id of oddIds[at])
      line = line.split(JSON.stringify(id)).join(JSON.stringify(fresh(`call:${id}`, () => freshCallId(id))));
    line = line
      .replace(UUID, (id) => (keep.has(id.toLowerCase()) ? id : fresh(id.toLowerCase())))
      .replace(PREFIXED_ID, (id) => fresh(id))
      .replace(ISO_TIME, (old) => (old.includes('.') ? time : time.replace(/\.\d{3}Z$/, 'Z')));
    const record = parseObject(line);
    // A uuid that is not UUID-shaped (hand-written ids of test fixtures: "s3", "a-nested-1") is not caught by
    // the pattern above: a fresh one too, or the copy would repeat a stored record's uuid.
    const odd = typeof record?.uuid === 'string' && !IS_UUID.test(record.uuid);
    if (odd) record.uuid = fresh(`uuid:${record.uuid}`, randomUUID);
    // A record links to the one before it, a compaction's boundary by its logical parent too (a copy's would name
    // the record the original followed, long before; a fixture's, a stored record by its hand-written uuid).
    const logical = typeof record?.logicalParentUuid === 'string';
    if (typeof record?.uuid === 'string' && ('parentUuid' in record || logical)) {
      if ('parentUuid' in record) record.parentUuid = lastUuid;
      if (logical) record.logicalParentUuid = lastUuid;
      lastUuid = record.uuid;
      line = JSON.stringify(record);
    } else if (odd) line = JSON.stringify(record);
    out.push(line);
    size += Buffer.byteLength(line) + 1;
  }
  const lead = text.endsWith('\n') || text === '' ? '' : '\n';
  return `${lead}${out.join('\n')}\n`;
}

/**
 * The ids of tool calls (Claude Code blocks, Codex payloads) and of the API response (Claude Code's `message.id` and
 * `requestId`) a record names that `PREFIXED_ID` does not match.
 */
function otherIds(record) {
  const ids = new Set();
  const add = (id) => {
    if (typeof id === 'string' && id !== '' && id.replace(PREFIXED_ID, '') !== '' && !IS_UUID.test(id))
      ids.add(id);
  };
  const content = record?.message?.content;
  if (Array.isArray(content))
    for (const block of content) {
      if (block === null || typeof block !== 'object') continue;
      if (block.type === 'tool_use' || block.type === 'server_tool_use') add(block.id);
      if (block.type === 'tool_result') add(block.tool_use_id);
    }
  add(record?.payload?.call_id);
  if (record?.type === 'assistant') {
    add(record.message?.id);
    add(record.requestId);
  }
  return [...ids];
}

/** A fresh id in the shape of `id`: its last part replaced (or a part added). */
function freshCallId(id) {
  const fresh = id.replace(/_[A-Za-z0-9]+$/, `_${token(24)}`);
  return fresh === id ? `${id}_${token(12)}` : fresh;
}

function parseObject(line) {
  try {
    const value = JSON.parse(line);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function token(length) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(length)].map((b) => alphabet[b % alphabet.length]).join('');
}
