import { allSessions } from '../model/all-sessions.js';
import { requestsOnce, type UsageTreeSession } from './requests-once.js';
import { dayKey, monthKey, type WeekStart, weekKeyFor } from './time-keys.js';
import { createUsageRows, type Pricer, type UsageReport, type UsageSplit } from './usage-rows.js';

export type { Pricer, UsageReport, UsageRow, UsageSplit } from './usage-rows.js';

/**
 * How the time splits cut: weeks start on Monday (ISO weeks, the default) or Sunday; days, weeks and months
 * are those of `timeZone` (an IANA name; UTC unless given).
 */
export interface UsageOptions {
  weekStart?: WeekStart;
  timeZone?: string;
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
