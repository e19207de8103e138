/**
 * The status line's figures of its own session: the cost of the session's tree and its last request, from the
 * stored total of the tree (`cache/session-costs.ts`) when it is valid, else from the tree's rows (then the
 * total is stored for the next calls), with the requests appended since the index read the transcript on top
 * (`statusline-overlay.ts`): a new request adds its cost, a stored one that grew (the same key) is taken out
 * and put back with the per-field maximum of both. The result equals pricing every request afresh.
 */
import type Database from 'better-sqlite3';
import { ExactSum } from '../analytics/exact-sum.js';
import type { Pricer } from '../analytics/usage-report.js';
import {
  findSessionTree,
  findUnitTrees,
  queryTreeRequests,
  queryTreeRequestsByKey,
  type StoredRequest,
} from '../cache/queries/statusline-query.js';
import {
  priceRequests,
  readSessionCost,
  requestCost,
  type SessionCost,
  storeSessionCost,
} from '../cache/session-costs.js';
import { maxUsage } from '../model/usage.js';
import type { KeyedPricer } from './pricer.js';
import type { StatusCost } from './statusline-line.js';
import type { OverlayRequest } from './statusline-overlay.js';

/** The session's figures: its id as the index has it, its cost, and its main session's last request. */
export interface SessionFigures {
  sessionId: string;
  cost: StatusCost;
  last: StoredRequest | undefined;
}

/**
 * The figures of the session of `file` (the transcript as the index names it) with `appended` on top;
 * undefined when the index holds no session for it. `store`: keep a total taken from the rows for the
 * next calls (only in the shared index).
 */
export function sessionFigures(
  db: Database.Database,
  file: string,
  sessionId: string | undefined,
  appended: readonly OverlayRequest[],
  pricer: KeyedPricer,
  store: boolean,
): SessionFigures | undefined {
  const tree = findSessionTree(db, file, sessionId);
  if (!tree) return undefined;
  let base = readSessionCost(db, tree, pricer.key);
  let stored: Map<string, StoredRequest>;
  if (base) {
    const keys = appended.flatMap((r) => (r.key === undefined ? [] : [r.key]));
    stored = queryTreeRequestsByKey(db, tree, keys);
  } else {
    const { requests, last } = queryTreeRequests(db, tree);
    base = priceRequests(requests, pricer.price, last);
    if (store) storeSessionCost(db, tree, pricer.key, base);
    stored = new Map();
    for (const r of requests) if (r.key !== undefined) stored.set(r.key, r);
  }
  const sum = new ExactSum(base.partials);
  let unpriced = base.unpriced;
  let last = base.last;
  /** `a` is not older than `b` (requests without a valid time are not older). */
  const notOlder = (a: StoredRequest, b: StoredRequest) => !(Date.parse(b.time) > Date.parse(a.time));
  for (const request of appended) {
    const copy = request.key === undefined ? undefined : stored.get(request.key);
    if (copy) {
      // The same request stored: its model and time stay, its tokens take the larger of each.
      const merged = { ...copy, usage: maxUsage(copy.usage, request.usage) };
      const was = requestCost(copy, pricer.price);
      const is = requestCost(merged, pricer.price);
      if (was !== null && is !== null) sum.add(-was).add(is);
      // The last request grew, or a stored one became the last (it keeps its place among the stored).
      if (request.main && last && (last.key === copy.key || Date.parse(merged.time) > Date.parse(last.time)))
        last = merged;
      continue;
    }
    // The session's own responses appended come after the stored ones, unless their times say otherwise.
    if (request.main && (!last || notOlder(request, last))) last = request;
    const cost = requestCost(request, pricer.price);
    if (cost === null) unpriced += 1;
    else sum.add(cost);
  }
  return { sessionId: tree.sessionId, cost: { usd: sum.value(), unpricedRequests: unpriced }, last };
}

/** Stores the totals of every tree of `file`'s unit (the background refresher, after its refresh). */
export function storeUnitCosts(db: Database.Database, file: string, pricer: KeyedPricer): void {
  for (const tree of findUnitTrees(db, file)) {
    if (readSessionCost(db, tree, pricer.key)) continue;
    const { requests, last } = queryTreeRequests(db, tree);
    const cost: SessionCost = priceRequests(requests, pricer.price, last);
    storeSessionCost(db, tree, pricer.key, cost);
  }
}

/** The exact sum of `requests`' costs and how many have none. */
export function costOf(requests: readonly StoredRequest[], price: Pricer): StatusCost {
  const { partials, unpriced } = priceRequests(requests, price, undefined);
  return { usd: new ExactSum(partials).value(), unpricedRequests: unpriced };
}
