/**
 * The priced total of a session tree's stored requests, kept in `_session_costs` for the status line: a call
 * on a long session then reads one row instead of pricing its thousands of requests. A total is valid for the
 * unit's signature it was taken at (any write of the unit's rows changes it) and for the prices it names (a
 * key of the price data and overrides, `cli/pricer.ts`); else it is taken again from the rows and stored
 * again. It is kept as an exact sum (`ExactSum`'s partials), so that the stored total with appended requests
 * added, and a grown request taken out and put back, equals the total summed afresh to the last bit.
 */
import type Database from 'better-sqlite3';
import { ExactSum } from '../analytics/exact-sum.js';
import type { Pricer } from '../analytics/usage-report.js';
import type { StoredRequest, StoredTree } from './queries/statusline-query.js';
import { writeWithoutWaiting } from './write-without-waiting.js';

/** The priced total of some requests. */
export interface SessionCost {
  /** The exact sum of the priced requests' costs, as `ExactSum` partials. */
  partials: number[];
  /** Requests with no price (no model, or a model no price covers). */
  unpriced: number;
  /** The main session's last request. */
  last: StoredRequest | undefined;
}

/** The cost of one request, or null when it has none. */
export function requestCost(request: StoredRequest, price: Pricer): number | null {
  return request.model === undefined ? null : price(request.model, request.usage, request.time);
}

/** The priced total of `requests` (with `last` as given). */
export function priceRequests(
  requests: readonly StoredRequest[],
  price: Pricer,
  last: StoredRequest | undefined,
): SessionCost {
  const sum = new ExactSum();
  let unpriced = 0;
  for (const request of requests) {
    const cost = requestCost(request, price);
    if (cost === null) unpriced += 1;
    else sum.add(cost);
  }
  return { partials: sum.partials(), unpriced, last };
}

/** The stored total of `tree` under the prices `pricing`, or undefined when there is none valid. */
export function readSessionCost(
  db: Database.Database,
  tree: StoredTree,
  pricing: string,
): SessionCost | undefined {
  const row = db
    .prepare(
      'SELECT signature, pricing, total, unpriced, last FROM _session_costs WHERE unit_id = ? AND session_id = ?',
    )
    .raw()
    .get(tree.unitId, tree.sessionId) as [string, string, string, number, string | null] | undefined;
  if (!row || row[0] !== tree.signature || row[1] !== pricing) return undefined;
  try {
    const partials = JSON.parse(row[2]) as unknown;
    if (!Array.isArray(partials) || !partials.every((p) => typeof p === 'number')) return undefined;
    return {
      partials,
      unpriced: row[3],
      last: row[4] === null ? undefined : (JSON.parse(row[4]) as StoredRequest),
    };
  } catch {
    // Damaged: taken again from the rows.
    return undefined;
  }
}

/**
 * Stores the total of `tree` under the prices `pricing`, unless the index cannot take it now: a status line
 * does not wait for another process's lock (the next call stores it). True when stored.
 */
export function storeSessionCost(
  db: Database.Database,
  tree: StoredTree,
  pricing: string,
  cost: SessionCost,
): boolean {
  return writeWithoutWaiting(db, () => {
    db.prepare(
      `INSERT OR REPLACE INTO _session_costs (unit_id, session_id, signature, pricing, total, unpriced, last)
        SELECT ?, ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM _units WHERE id = ? AND signature = ?)`,
    ).run(
      tree.unitId,
      tree.sessionId,
      tree.signature,
      pricing,
      JSON.stringify(cost.partials),
      cost.unpriced,
      cost.last === undefined ? null : JSON.stringify(cost.last),
      tree.unitId,
      tree.signature,
    );
    return true;
  });
}
