import { allSessions } from '../model/all-sessions.js';
import { addUsage, emptyUsage, type TokenUsage, totalTokens } from '../model/usage.js';
import { requestsOnce, type UsageTreeSession } from './requests-once.js';
import { dayKey, monthKey, type WeekStart, weekKeyFor } from './time-keys.js';

export type UsageSplit = 'day' | 'week' | 'month' | 'session' | 'model' | 'project' | 'agent';

/**
 * How the time splits cut: weeks start on Monday (ISO weeks, the default) or Sunday; days, weeks and months
 * are those of `timeZone` (an IANA name; UTC unless given).
 */
export interface UsageOptions {
  weekStart?: WeekStart;
  timeZone?: string;
}

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
 * Sums usage entries (subagent sessions included, each request once: see the usage rule in the README)
 * into rows by day, week, month, session, model, project or agent. A request held by several session files
 * counts once, in the first session (see `requestsOnce`). The total row is the sum of the rows.
 * Days, weeks and months are those of `options.timeZone` (weeks: see `weekKeyFor`).
 */
export function computeUsage(
  sessions: readonly UsageTreeSession[],
  by: UsageSplit,
  price: Pricer,
  options: UsageOptions = {},
): UsageReport {
  const rows = createUsageRows(by, price);
  const sessionKey = duplicateIdKeys(
    sessions,
    (s) => s.id,
    (s) => s.files[0],
  );
  const once = requestsOnce(sessions);
  for (const root of sessions) {
    for (const session of allSessions([root])) {
      for (const entry of session.usageEntries) {
        if (once.isDuplicate(entry)) continue;
        const key =
          by === 'session'
            ? (sessionKey.get(root) ?? root.id)
            : usageRowKey(
                by,
                {
                  time: entry.timestamp ?? session.startTime ?? root.startTime,
                  model: entry.model,
                  project: root.project,
                  agent: root.agent,
                },
                options,
              );
        rows.add(key, entry.model, once.usageOf(entry), entry.timestamp);
      }
    }
  }
  return rows.finish(once.sharedRequests);
}

/**
 * Usage rows being summed, in the order requests are added (costs are floats: the same requests added in
 * the same order give the same sums). Shared by `computeUsage` and the index's usage query.
 */
export function createUsageRows(by: UsageSplit, price: Pricer) {
  const rows = new Map<string, UsageRow & { usage: TokenUsage; modelSet: Set<string> }>();
  const unpricedModels: Record<string, number> = {};
  const unpricedTokens: Record<string, number> = {};
  return {
    /** One request under row `key`. */
    add(key: string, entryModel: string | undefined, usage: TokenUsage, at: string | undefined): void {
      let row = rows.get(key);
      if (!row) {
        row = { ...emptyRow(key), usage: emptyUsage(), modelSet: new Set() };
        rows.set(key, row);
      }
      const model = entryModel ?? 'unknown';
      addUsage(row.usage, usage);
      row.requests += 1;
      row.modelSet.add(model);
      const cost = price(model, usage, at);
      if (cost === null) {
        row.unpricedRequests += 1;
        unpricedModels[model] = (unpricedModels[model] ?? 0) + 1;
        unpricedTokens[model] = (unpricedTokens[model] ?? 0) + totalTokens(usage);
      } else row.cost += cost;
    },
    /** The report: rows in order (by time for days, weeks and months, else by cost), and their total. */
    finish(sharedRequests: number): UsageReport {
      const list = [...rows.values()]
        .map(({ usage, modelSet, ...row }) => ({
          ...row,
          ...tokenColumns(usage),
          models: [...modelSet].sort(),
        }))
        .sort((a, b) =>
          by === 'day' || by === 'week' || by === 'month'
            ? a.key.localeCompare(b.key)
            : b.cost - a.cost || b.totalTokens - a.totalTokens,
        );
      const total = emptyRow('total');
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

function emptyRow(key: string): UsageRow {
  return { key, ...emptyTotals() };
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

/**
 * Row keys for `by: "session"`: the session id, or, when several files hold the same id (copies,
 * checkpoints, resumed sessions), the id with its file (`<id> (<folder>/<file>)`), so they stay apart.
 * Items with a unique id get no entry.
 */
export function duplicateIdKeys<T>(
  items: readonly T[],
  idOf: (item: T) => string,
  fileOf: (item: T) => string | null | undefined,
): Map<T, string> {
  const byId = new Map<string, T[]>();
  for (const item of items) {
    const list = byId.get(idOf(item));
    if (list) list.push(item);
    else byId.set(idOf(item), [item]);
  }
  const keys = new Map<T, string>();
  for (const [id, list] of byId) {
    if (list.length === 1) continue;
    const used = new Set<string>();
    for (const item of list) {
      const parts = (fileOf(item) ?? '').split(/[\\/]/).filter((p) => p !== '');
      let key = `${id} (${parts.slice(-2).join('/') || 'no file'})`;
      for (let n = 2; used.has(key); n += 1) key = `${id} (${parts.slice(-2).join('/')} #${n})`;
      used.add(key);
      keys.set(item, key);
    }
  }
  return keys;
}

/** The row key of a request for every split but `session`. */
export function usageRowKey(
  by: Exclude<UsageSplit, 'session'>,
  request: {
    time: string | undefined;
    model: string | undefined;
    project: string | undefined;
    agent: string;
  },
  options: UsageOptions = {},
): string {
  switch (by) {
    case 'day':
      return dayKey(request.time, options.timeZone);
    case 'week':
      return weekKeyFor(request.time, options.weekStart ?? 'monday', options.timeZone);
    case 'month':
      return monthKey(request.time, options.timeZone);
    case 'model':
      return request.model ?? 'unknown';
    case 'project':
      return request.project ?? 'unknown';
    case 'agent':
      return request.agent;
    default:
      return by satisfies never;
  }
}
