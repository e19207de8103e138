/**
 * Usage rows being summed: requests added one by one, or whole parts summed before (a session tree's, kept
 * by the index). Every sum is exact, so the rows do not depend on the order requests and parts come in:
 * token counts and costs are kept as `ExactSum`s and rounded once (a log's counts are whole numbers, but
 * nothing holds a file to that: a fraction, or a total beyond 2^53, would round differently in another
 * order), request counts are integers, and the lists that came out in insertion order (models without a
 * price, rows of equal cost) are sorted. `computeUsage` adding requests one by one and the index adding
 * stored parts give the same report to the last bit.
 */
import { type TokenUsage, totalTokens, usageFields } from '../model/usage.js';
import { ExactSum } from './exact-sum.js';

export type UsageSplit = 'day' | 'week' | 'month' | 'session' | 'model' | 'project' | 'agent';

/** Prices one request; null when the model has no known price. */
export type Pricer = (model: string, usage: TokenUsage, at?: string) => number | null;

/** One row of `agentlog usage --json`. */
export interface UsageRow {
  key: string;
  inputTokens: number;
  outputTokens: number;
  cacheWriteTokens: number;
  cacheReadTokens: number;
  reasoningTokens: number;
  totalTokens: number;
  /** USD; priced requests only. */
  cost: number;
  /** Requests whose model has no price (their tokens are counted, their cost is not). */
  unpricedRequests: number;
  requests: number;
  models: string[];
}

export interface UsageReport {
  by: UsageSplit;
  rows: UsageRow[];
  total: UsageRow;
  /** Models without a price, with their request counts. */
  unpricedModels: Record<string, number>;
  /** Models without a price, with their total tokens (counted in the rows, left out of the cost). */
  unpricedTokens: Record<string, number>;
  /**
   * Requests found in more than one session file (copies, checkpoints, resumed sessions), counted once:
   * in the first session that holds them (see `requestsOnce`).
   */
  sharedRequests: number;
}

/**
 * Summed requests in JSON form: what a part of the rows holds, for storing and adding again. An exact sum
 * is its value when that is all of it (one partial: a sum of whole numbers below 2^53), else its partials.
 */
export interface UsageRowsPart {
  /** Per row key: summed usage, requests, requests without a price, models, and the cost's exact partials. */
  rows: [string, UsageRowPart][];
  /** Per model without a price: requests and total tokens. */
  unpriced: [string, number, number | number[]][];
}

export interface UsageRowPart {
  usage: Record<keyof TokenUsage, number | number[]>;
  requests: number;
  unpricedRequests: number;
  models: string[];
  cost: number[];
}

interface SummedRow {
  /** Per field of `usageFields`. */
  usage: ExactSum[];
  requests: number;
  unpricedRequests: number;
  models: Set<string>;
  cost: ExactSum;
}

/** Usage rows of the split `by`, priced by `price`. Shared by `computeUsage`, `blocks` and the index's usage query. */
export function createUsageRows(by: UsageSplit, price: Pricer) {
  const rows = new Map<string, SummedRow>();
  const unpriced = new Map<string, { requests: number; tokens: ExactSum }>();
  const rowOf = (key: string): SummedRow => {
    let row = rows.get(key);
    if (!row) {
      row = {
        usage: usageFields.map(() => new ExactSum()),
        requests: 0,
        unpricedRequests: 0,
        models: new Set(),
        cost: new ExactSum(),
      };
      rows.set(key, row);
    }
    return row;
  };
  const unpricedOf = (model: string) => {
    let entry = unpriced.get(model);
    if (!entry) {
      entry = { requests: 0, tokens: new ExactSum() };
      unpriced.set(model, entry);
    }
    return entry;
  };
  return {
    /** One request under row `key`. */
    add(key: string, entryModel: string | undefined, usage: TokenUsage, at: string | undefined): void {
      const row = rowOf(key);
      const model = entryModel ?? 'unknown';
      usageFields.forEach((field, i) => {
        (row.usage[i] as ExactSum).add(usage[field]);
      });
      row.requests += 1;
      row.models.add(model);
      const cost = price(model, usage, at);
      if (cost === null) {
        row.unpricedRequests += 1;
        const entry = unpricedOf(model);
        entry.requests += 1;
        entry.tokens.add(totalTokens(usage));
      } else row.cost.add(cost);
    },
    /** A part summed before (see {@link part}); `keyOf` renames its row keys (the session split's). */
    addPart(part: UsageRowsPart, keyOf: (key: string) => string = (key) => key): void {
      for (const [key, from] of part.rows) {
        const row = rowOf(keyOf(key));
        usageFields.forEach((field, i) => {
          addStored(row.usage[i] as ExactSum, from.usage[field]);
        });
        row.requests += from.requests;
        row.unpricedRequests += from.unpricedRequests;
        for (const model of from.models) row.models.add(model);
        for (const partial of from.cost) row.cost.add(partial);
      }
      for (const [model, requests, tokens] of part.unpriced) {
        const entry = unpricedOf(model);
        entry.requests += requests;
        addStored(entry.tokens, tokens);
      }
    },
    /** What was added so far, as a part. */
    part(): UsageRowsPart {
      return {
        rows: [...rows].map(([key, row]) => [
          key,
          {
            usage: Object.fromEntries(
              usageFields.map((field, i) => [field, storedSum(row.usage[i] as ExactSum)]),
            ) as UsageRowPart['usage'],
            requests: row.requests,
            unpricedRequests: row.unpricedRequests,
            models: [...row.models],
            cost: row.cost.partials(),
          },
        ]),
        unpriced: [...unpriced].map(([model, { requests, tokens }]) => [model, requests, storedSum(tokens)]),
      };
    },
    /**
     * The report: rows in order (by key for days, weeks and months; else by cost, then tokens, then key),
     * and their total.
     */
    finish(sharedRequests: number): UsageReport {
      const list: UsageRow[] = [...rows]
        .map(([key, row]) => ({
          key,
          ...emptyTotals(),
          ...tokenColumns(usageOf(row.usage)),
          cost: row.cost.value(),
          unpricedRequests: row.unpricedRequests,
          requests: row.requests,
          models: [...row.models].sort(),
        }))
        .sort((a, b) =>
          by === 'day' || by === 'week' || by === 'month'
            ? a.key.localeCompare(b.key)
            : b.cost - a.cost ||
              b.totalTokens - a.totalTokens ||
              (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
        );
      const total: UsageRow = { key: 'total', ...emptyTotals() };
      const models = new Set<string>();
      for (const row of list) {
        for (const field of [
          'inputTokens',
          'outputTokens',
          'cacheWriteTokens',
          'cacheReadTokens',
          'reasoningTokens',
          'totalTokens',
          'cost',
          'unpricedRequests',
          'requests',
        ] as const)
          total[field] += row[field];
        for (const m of row.models) models.add(m);
      }
      total.models = [...models].sort();
      const unpricedModels: Record<string, number> = {};
      const unpricedTokens: Record<string, number> = {};
      for (const model of [...unpriced.keys()].sort()) {
        const entry = unpriced.get(model) as { requests: number; tokens: ExactSum };
        unpricedModels[model] = entry.requests;
        unpricedTokens[model] = entry.tokens.value();
      }
      return { by, rows: list, total, unpricedModels, unpricedTokens, sharedRequests };
    },
  };
}

/** The token columns of a usage row, from summed usage. */
export function tokenColumns(u: TokenUsage) {
  return {
    inputTokens: u.inputTokens,
    outputTokens: u.outputTokens,
    cacheWriteTokens: u.cacheWriteTokens,
    cacheReadTokens: u.cacheReadTokens,
    reasoningTokens: u.reasoningTokens,
    totalTokens: totalTokens(u),
  };
}

/** The totals of a usage row before any request is added. */
export function emptyTotals(): Omit<UsageRow, 'key'> {
  return {
    inputTokens: 0,
    outputTokens: 0,
    cacheWriteTokens: 0,
    cacheReadTokens: 0,
    reasoningTokens: 0,
    totalTokens: 0,
    cost: 0,
    unpricedRequests: 0,
    requests: 0,
    models: [],
  };
}

/** Adds a stored exact sum (its value, or its partials) into `sum`. */
function addStored(sum: ExactSum, stored: number | readonly number[]): void {
  if (typeof stored === 'number') sum.add(stored);
  else for (const partial of stored) sum.add(partial);
}

/** An exact sum as a part stores it: its value when that is all of it, else its partials. */
function storedSum(sum: ExactSum): number | number[] {
  const partials = sum.partials();
  return partials.length === 0 ? 0 : partials.length === 1 ? (partials[0] as number) : partials;
}

/** Summed usage from the exact sums of its fields (in `usageFields` order). */
function usageOf(sums: readonly ExactSum[]): TokenUsage {
  const usage = {} as TokenUsage;
  usageFields.forEach((field, i) => {
    usage[field] = (sums[i] as ExactSum).value();
  });
  return usage;
}

/** Whether a part holds only finite numbers (JSON would turn the others into null). */
export function isFinitePart(part: UsageRowsPart): boolean {
  const finite = (stored: number | readonly number[]) =>
    typeof stored === 'number' ? Number.isFinite(stored) : stored.every(Number.isFinite);
  return (
    part.rows.every(([, row]) => Object.values(row.usage).every(finite) && row.cost.every(Number.isFinite)) &&
    part.unpriced.every(([, , tokens]) => finite(tokens))
  );
}
