/**
 * The figures of `agentlog statusline`, read from the index's rows without going through every tree: the
 * usage of one session's tree (its cost, its last request), and the requests since a time from the trees
 * that ended after it (today's cost, the active 5-hour block). Each request is counted once across trees:
 * a request key found in several trees counts with the per-field maximum of its copies, as usage does.
 */
import type Database from 'better-sqlite3';
import type { TimedUsage } from '../../analytics/usage-blocks.js';
import { maxUsage, type TokenUsage } from '../../model/usage.js';

/** A request of the index: its time, model, tokens and agent. */
export interface StoredRequest extends TimedUsage {
  agent: string;
  /** The request's deduplication key (message id and request id), when it has one. */
  key?: string;
}

/** The tree of one session file, with its requests (subagents included) and its main session's last one. */
export interface SessionUsage {
  treeId: number;
  sessionId: string;
  requests: StoredRequest[];
  /** The main session's last request (by time, then insertion order), or undefined without one. */
  last: StoredRequest | undefined;
}

const usageColumns = `u.timestamp, u.model, u.input_tokens, u.output_tokens, u.cache_write_tokens,
  u.cache_write_1h_tokens, u.cache_read_tokens, u.reasoning_tokens, u.web_search_requests, u.request_key,
  s.agent, s.parent_row`;

type Raw = unknown[];

function usageOf(r: Raw): TokenUsage {
  return {
    inputTokens: (r[2] as number | null) ?? 0,
    outputTokens: (r[3] as number | null) ?? 0,
    cacheWriteTokens: (r[4] as number | null) ?? 0,
    cacheWrite1hTokens: (r[5] as number | null) ?? 0,
    cacheReadTokens: (r[6] as number | null) ?? 0,
    reasoningTokens: (r[7] as number | null) ?? 0,
    webSearchRequests: (r[8] as number | null) ?? 0,
  };
}

function requestOf(r: Raw, fallbackTime: string): StoredRequest {
  const key = r[9] as string | null;
  return {
    time: (r[0] as string | null) ?? fallbackTime,
    model: (r[1] as string | null) ?? undefined,
    usage: usageOf(r),
    agent: r[10] as string,
    ...(key === null ? {} : { key }),
  };
}

/**
 * The usage of the tree built from `file` (a session file of the index); when its unit holds several trees,
 * the one of `sessionId`. Undefined when the file is not indexed or holds no session.
 */
export function querySessionUsage(
  db: Database.Database,
  file: string,
  sessionId: string | undefined,
): SessionUsage | undefined {
  const unit = db.prepare('SELECT unit_id FROM files WHERE path = ?').pluck().get(file) as
    | number
    | null
    | undefined;
  if (unit === null || unit === undefined) return undefined;
  const trees = db
    .prepare('SELECT id, session_id, start_time FROM trees WHERE unit_id = ? ORDER BY id')
    .raw()
    .all(unit) as [number, string, string | null][];
  const tree = trees.find(([, id]) => id === sessionId) ?? trees[0];
  if (!tree) return undefined;
  const [treeId, treeSessionId, start] = tree;
  const requests: StoredRequest[] = [];
  let last: { request: StoredRequest; at: number } | undefined;
  for (const r of db
    .prepare(
      `SELECT ${usageColumns} FROM usage_entries u JOIN sessions s ON s.rowid = u.session_row
        WHERE u.unit_id = ? AND s.tree = ? ORDER BY u.rowid`,
    )
    .raw()
    .all(unit, treeId) as Raw[]) {
    const request = requestOf(r, start ?? '');
    requests.push(request);
    if (r[11] !== null) continue;
    // Later rows win ties and requests without a valid time; a timed request is never replaced by an older one.
    const at = Date.parse(request.time);
    if (!last || Number.isNaN(at) || Number.isNaN(last.at) || at >= last.at) last = { request, at };
  }
  return { treeId, sessionId: treeSessionId, requests, last: last?.request };
}

/**
 * The requests from `since` to `until` (ISO times) of every tree of the index that ended at or after `since`
 * and started by `until`, each request once (see the module comment).
 */
export function queryRequestsSince(db: Database.Database, since: string, until: string): StoredRequest[] {
  // Not SELECT DISTINCT: SQLite would walk the unit_id index (every tree) to have them in order, rather than
  // seek the few trees that ended since through the end_time index.
  const ended = db
    .prepare(
      `SELECT unit_id FROM trees WHERE end_time >= ? AND (start_time IS NULL OR start_time <= ?)
        AND unit_id IS NOT NULL`,
    )
    .pluck()
    .all(since, until) as number[];
  const units = [...new Set(ended)].sort((a, b) => a - b);
  const select = db.prepare(
    `SELECT ${usageColumns} FROM usage_entries u JOIN sessions s ON s.rowid = u.session_row
      WHERE u.unit_id = ? AND u.timestamp >= ? AND u.timestamp <= ? ORDER BY u.rowid`,
  );
  const requests: StoredRequest[] = [];
  const byKey = new Map<string, StoredRequest>();
  for (const unit of units)
    for (const r of select.raw().all(unit, since, until) as Raw[]) {
      const request = requestOf(r, '');
      const key = r[9] as string | null;
      const copy = key === null ? undefined : byKey.get(key);
      if (copy) {
        copy.usage = maxUsage(copy.usage, request.usage);
        continue;
      }
      if (key !== null) byKey.set(key, request);
      requests.push(request);
    }
  return requests;
}
