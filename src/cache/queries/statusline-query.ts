/**
 * The figures of `agentlog statusline`, read from the index's rows without going through every tree: the
 * requests of one session's tree (its cost, its last request; `cache/session-costs.ts` keeps their priced total
 * so that a call need not read them all), and the requests since a time from the trees
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

/** The tree of one session file in the index: its unit (with the unit's signature) and its session. */
export interface StoredTree {
  unitId: number;
  /** The unit's signature: it changes whenever the unit's rows are written again. */
  signature: string;
  treeId: number;
  sessionId: string;
  start: string | null;
}

/**
 * The tree built from `file` (a session file of the index); when its unit holds several trees, the one of
 * `sessionId`. Undefined when the file is not indexed or holds no session.
 */
export function findSessionTree(
  db: Database.Database,
  file: string,
  sessionId: string | undefined,
): StoredTree | undefined {
  const trees = findUnitTrees(db, file);
  return trees.find((tree) => tree.sessionId === sessionId) ?? trees[0];
}

/** The trees of the unit `file` (a file of the index) belongs to, in their order; none when it is not indexed. */
export function findUnitTrees(db: Database.Database, file: string): StoredTree[] {
  const unit = db
    .prepare('SELECT u.id, u.signature FROM files f JOIN _units u ON u.id = f.unit_id WHERE f.path = ?')
    .raw()
    .get(file) as [number, string] | undefined;
  if (unit === undefined) return [];
  const [unitId, signature] = unit;
  return (
    db
      .prepare('SELECT id, session_id, start_time FROM trees WHERE unit_id = ? ORDER BY id')
      .raw()
      .all(unitId) as [number, string, string | null][]
  ).map(([treeId, sessionId, start]) => ({ unitId, signature, treeId, sessionId, start }));
}

/** The requests of `tree` (subagents included), in the order stored, and its main session's last one. */
export function queryTreeRequests(
  db: Database.Database,
  tree: StoredTree,
): { requests: StoredRequest[]; last: StoredRequest | undefined } {
  const requests: StoredRequest[] = [];
  let last: { request: StoredRequest; at: number } | undefined;
  for (const r of db
    .prepare(
      `SELECT ${usageColumns} FROM usage_entries u JOIN sessions s ON s.rowid = u.session_row
        WHERE u.unit_id = ? AND s.tree = ? ORDER BY u.rowid`,
    )
    .raw()
    .all(tree.unitId, tree.treeId) as Raw[]) {
    const request = requestOf(r, tree.start ?? '');
    requests.push(request);
    if (r[11] !== null) continue;
    // Later rows win ties and requests without a valid time; a timed request is never replaced by an older one.
    const at = Date.parse(request.time);
    if (!last || Number.isNaN(at) || Number.isNaN(last.at) || at >= last.at) last = { request, at };
  }
  return { requests, last: last?.request };
}

/**
 * The requests of `tree` stored under one of `keys`, by key (of several rows under one key, the last stored,
 * as `queryTreeRequests`' order has it).
 */
export function queryTreeRequestsByKey(
  db: Database.Database,
  tree: StoredTree,
  keys: readonly string[],
): Map<string, StoredRequest> {
  const found = new Map<string, StoredRequest>();
  if (keys.length === 0) return found;
  for (const r of db
    .prepare(
      `SELECT ${usageColumns} FROM usage_entries u JOIN sessions s ON s.rowid = u.session_row
        WHERE u.unit_id = ? AND s.tree = ? AND u.request_key IN (SELECT value FROM json_each(?))
        ORDER BY u.rowid`,
    )
    .raw()
    .all(tree.unitId, tree.treeId, JSON.stringify(keys)) as Raw[])
    found.set(r[9] as string, requestOf(r, tree.start ?? ''));
  return found;
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
