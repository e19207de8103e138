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
  for (const [tree, json] of selection.db
    .prepare('SELECT tree, rate_limits FROM sessions WHERE rate_limits IS NOT NULL ORDER BY rowid')
    .raw()
    .all() as [number, string][])
    if (selection.selected.get(tree) === true) snapshots.push(JSON.parse(json) as RateLimitSnapshot);
  return snapshots;
}

/** Every snapshot of the index. */
export function queryAllRateLimits(db: Database.Database): RateLimitSnapshot[] {
  return (
    db
      .prepare('SELECT rate_limits FROM sessions WHERE rate_limits IS NOT NULL ORDER BY rowid')
      .pluck()
      .all() as string[]
  ).map((json) => JSON.parse(json) as RateLimitSnapshot);
}
