/**
 * The rate limits the sessions recorded (`sessions.rate_limits`, one snapshot per session: its last), for
 * `latestRateLimits`: of the selected trees (`blocks`), or of the whole index (the status line, which reads
 * the figures other runs stored). The twin of `sessionRateLimits` (analytics/rate-limit-report.ts).
 */
import type Database from 'better-sqlite3';
import type { RateLimitSnapshot } from '../../model/rate-limits.js';
import type { TreeSelection } from './select-trees.js';

export function queryRateLimits(selection: TreeSelection): RateLimitSnapshot[] {
  const snapshots: RateLimitSnapshot[] = [];
  for (const [, tree, json] of rateLimitRows(selection.db))
    if (selection.selected.get(tree) === true) snapshots.push(JSON.parse(json) as RateLimitSnapshot);
  return snapshots;
}

/** Every snapshot of the index. */
export function queryAllRateLimits(db: Database.Database): RateLimitSnapshot[] {
  return rateLimitRows(db).map(([, , json]) => JSON.parse(json) as RateLimitSnapshot);
}

/**
 * The sessions that recorded rate limits, in insertion order, through the partial index of those rows
 * (`sessions_tree_partial`; an ORDER BY rowid would scan every session instead).
 */
function rateLimitRows(db: Database.Database): [number, number, string][] {
  const rows = db
    .prepare('SELECT rowid, tree, rate_limits FROM sessions WHERE rate_limits IS NOT NULL')
    .raw()
    .all() as [number, number, string][];
  return rows.sort((a, b) => a[0] - b[0]);
}
