/**
 * Where a status line's transcript stands against the index (`storedState`: unchanged, or grown by some
 * bytes after each file's stored offset), and the requests appended since the index last read it
 * (`appendedRequests`), read without the index's machinery: the new bytes parsed line by line and the
 * requests they report taken by lifecycle's `request-usage.ts` (what the fold counts, no schemas loaded).
 * The status line adds them to the stored rows (each request once, by its key, with the per-field maximum
 * of its copies) and leaves the index to a refresh in the background (`statusline-refresh.ts`).
 */
import { closeSync, existsSync, openSync, readdirSync, readSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { progressUsage, responseUsage } from '../agents/claude-code/request-usage.js';
import type { StoredRequest } from '../cache/queries/statusline-query.js';
import { isObject, type JsonObject, str } from '../lifecycle/value-access.js';
import { maxUsage } from '../model/usage.js';
import { fingerprintPrefix } from '../sources/fingerprint-prefix.js';

/** More appended bytes than this are left to a refresh in the call. */
export const overlayLimitBytes = 4 * 1024 * 1024;

/** A request read from appended lines. */
export interface OverlayRequest extends StoredRequest {
  /** A response of the session itself (not of a subagent): a candidate for its last request. */
  main: boolean;
}

/** The bytes of one file appended since the index read it. */
interface Appended {
  file: string;
  from: number;
  to: number;
  /** The transcript itself (not a subagent file). */
  main: boolean;
}

/** A transcript whose files the index holds: unchanged, or grown by `appended` alone. */
export interface StoredState {
  /** The transcript's path as the index names it (its real path). */
  main: string;
  /** Empty when every file is stored with its size and modification time. */
  appended: Appended[];
}

/** The folder of a transcript's subagent files (`<session>/subagents/`). */
export function subagentsFolder(transcript: string): string {
  return path.join(path.dirname(transcript), path.basename(transcript, '.jsonl'), 'subagents');
}

/** The transcript and its subagent files (`<session>/subagents/*.jsonl`), by their real paths. */
function transcriptFiles(transcript: string): string[] {
  const main = realpathSync(transcript);
  const subagents = subagentsFolder(transcript);
  const files = [main];
  if (existsSync(subagents)) {
    const real = realpathSync(subagents);
    for (const name of readdirSync(real).sort())
      if (name.endsWith('.jsonl')) files.push(path.join(real, name));
  }
  return files;
}

/**
 * Where `transcript` stands against the index. Undefined when the stored rows cannot be extended by its new
 * bytes alone: a transcript the index does not hold, a file rewritten or cut shorter, a new subagent file
 * that names another session, or more than {@link overlayLimitBytes} appended (then the call refreshes the
 * index itself).
 */
export function storedState(db: Database.Database, transcript: string): StoredState | undefined {
  let files: string[];
  try {
    files = transcriptFiles(transcript);
  } catch {
    return undefined;
  }
  const select = db.prepare('SELECT size, mtime_ms, consumed_bytes, fingerprint FROM files WHERE path = ?');
  const appended: Appended[] = [];
  let total = 0;
  for (const [i, file] of files.entries()) {
    const row = select.get(file) as
      | { size: number; mtime_ms: number; consumed_bytes: number; fingerprint: string | null }
      | undefined;
    let size: number;
    let mtimeMs: number;
    try {
      ({ size, mtimeMs } = statSync(file));
    } catch {
      return undefined;
    }
    if (!row) {
      // A subagent file the index does not hold yet (a subagent that just started): all of it is new, when
      // its records name the transcript's session (else its unit is another one).
      if (i === 0 || !namesSession(file, path.basename(transcript, '.jsonl'))) return undefined;
      total += size;
      if (total > overlayLimitBytes) return undefined;
      appended.push({ file, from: 0, to: size, main: false });
      continue;
    }
    if (row.size === size && row.mtime_ms === mtimeMs) continue;
    if (size < row.consumed_bytes || size < row.size) return undefined;
    try {
      if (fingerprintPrefix(file, row.consumed_bytes) !== row.fingerprint) return undefined;
    } catch {
      return undefined;
    }
    total += size - row.consumed_bytes;
    if (total > overlayLimitBytes) return undefined;
    appended.push({ file, from: row.consumed_bytes, to: size, main: i === 0 });
  }
  return { main: files[0] as string, appended };
}

/** Whether the first record of `file` names the session `sessionId`. */
function namesSession(file: string, sessionId: string): boolean {
  for (const value of completeLines(file, 0, Math.min(statSync(file).size, 1024 * 1024)))
    return str(value.sessionId)?.toLowerCase() === sessionId.toLowerCase();
  return false;
}

/** The requests the appended bytes of `state` report (see the module comment). */
export function appendedRequests(state: StoredState): OverlayRequest[] {
  const byKey = new Map<string, OverlayRequest>();
  const requests: OverlayRequest[] = [];
  const add = (request: OverlayRequest, key: string | undefined) => {
    const copy = key === undefined ? undefined : byKey.get(key);
    if (copy) {
      copy.usage = maxUsage(copy.usage, request.usage);
      copy.main ||= request.main;
      return;
    }
    if (key !== undefined) byKey.set(key, request);
    requests.push(request);
  };
  for (const range of state.appended)
    for (const value of completeLines(range.file, range.from, range.to)) {
      const uuid = str(value.uuid) ?? '';
      const own = responseUsage(value, uuid);
      if (own) {
        const key = own.key.startsWith('uuid:') ? undefined : own.key;
        const time = str(value.timestamp) ?? '';
        add(
          { time, model: own.model, usage: own.usage, agent: 'claude-code', ...keyed(key), main: range.main },
          key,
        );
      }
      const streamed = progressUsage(value);
      if (streamed)
        add(
          {
            time: streamed.timestamp ?? '',
            model: streamed.model,
            usage: streamed.usage,
            agent: 'claude-code',
            key: streamed.key,
            main: false,
          },
          streamed.key,
        );
    }
  return requests;
}

function keyed(key: string | undefined): { key?: string } {
  return key === undefined ? {} : { key };
}

/** The JSON objects of the complete lines of `file` between two offsets (an unterminated last line waits). */
function* completeLines(file: string, from: number, to: number): Generator<JsonObject> {
  const buffer = Buffer.allocUnsafe(to - from);
  const fd = openSync(file, 'r');
  let filled = 0;
  try {
    while (filled < buffer.length) {
      const n = readSync(fd, buffer, filled, buffer.length - filled, from + filled);
      if (n === 0) break;
      filled += n;
    }
  } finally {
    closeSync(fd);
  }
  const end = buffer.lastIndexOf(0x0a, filled - 1);
  if (end < 0) return;
  for (const line of buffer.toString('utf8', 0, end).split('\n')) {
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      continue;
    }
    if (isObject(value)) yield value;
  }
}

/**
 * `stored` with `added` folded in: a request whose key is stored takes the per-field maximum of both, the
 * others are appended.
 */
export function withOverlay<T extends StoredRequest>(
  stored: readonly T[],
  added: readonly StoredRequest[],
): T[] {
  const out = stored.map((r) => ({ ...r }));
  const byKey = new Map<string, StoredRequest>();
  for (const r of out) if (r.key !== undefined) byKey.set(r.key, r);
  for (const r of added) {
    const copy = r.key === undefined ? undefined : byKey.get(r.key);
    if (copy) copy.usage = maxUsage(copy.usage, r.usage);
    else {
      const fresh = { ...r } as T;
      out.push(fresh);
      if (r.key !== undefined) byKey.set(r.key, fresh);
    }
  }
  return out;
}
