import { allSessions } from '../model/all-sessions.js';
import type { Session } from '../model/session.js';
import { maxUsage, type TokenUsage, type UsageEntry } from '../model/usage.js';

/**
 * One API request counted once across session files. Within one session tree the lifecycle already counts
 * a request once (main file before subagent files); the same request can still sit in two session files:
 * a copy, a checkpoint or a resumed session holds the records of the one it came from. Entries that carry
 * the same request key (`UsageEntry.requestKey`: message id + request id) in several trees count once:
 * - the entry of the first tree owns it (trees ordered by start time, then end time, then their main
 *   file's path; within a tree, the order of `allSessions`), so splits by session, day, model or project
 *   still add up to the total. A resumed session that copied its history starts when the original did but
 *   ends later: the original owns the copied requests;
 * - its usage is the per-field maximum over every copy (a checkpoint cut while a response streamed holds
 *   smaller numbers);
 * - the other copies are duplicates, not counted.
 */
/** What `requestsOnce` and `computeUsage` read of a session tree: a `Session`, or usage's cut-down one. */
export interface UsageTreeSession {
  id: string;
  agent: string;
  files: readonly string[];
  project?: string | undefined;
  startTime?: string | undefined;
  endTime?: string | undefined;
  usageEntries: readonly UsageEntry[];
  subagents: readonly { session: UsageTreeSession }[];
}

export interface RequestsOnce {
  /** The usage to count for an entry: the per-field maximum over its copies for an owner, else its own. */
  usageOf(entry: UsageEntry): TokenUsage;
  /** True for a copy of a request owned by an entry of another session tree. */
  isDuplicate(entry: UsageEntry): boolean;
  /** How many requests were seen in more than one session tree (and counted once). */
  sharedRequests: number;
}

export function requestsOnce(sessions: readonly UsageTreeSession[]): RequestsOnce {
  const owners = new Map<
    string,
    { entry: UsageEntry; usage: TokenUsage; root: UsageTreeSession; shared: boolean }
  >();
  const duplicates = new Set<UsageEntry>();
  for (const root of [...sessions].sort(byStartEndFile)) {
    for (const session of allSessions([root])) {
      for (const entry of session.usageEntries) {
        if (entry.requestKey === undefined) continue;
        const owner = owners.get(entry.requestKey);
        if (!owner) {
          owners.set(entry.requestKey, { entry, usage: entry.usage, root, shared: false });
          continue;
        }
        // The same key twice in one tree is for the lifecycle to merge; here only copies in other trees.
        if (owner.root === root) continue;
        duplicates.add(entry);
        owner.shared = true;
        owner.usage = maxUsage(owner.usage, entry.usage);
      }
    }
  }
  const merged = new Map<UsageEntry, TokenUsage>();
  let sharedRequests = 0;
  for (const owner of owners.values()) {
    if (!owner.shared) continue;
    sharedRequests += 1;
    merged.set(owner.entry, owner.usage);
  }
  return {
    usageOf: (entry) => merged.get(entry) ?? entry.usage,
    isDuplicate: (entry) => duplicates.has(entry),
    sharedRequests,
  };
}

function byStartEndFile(a: UsageTreeSession, b: UsageTreeSession): number {
  for (const [ta, tb] of [
    [timeOf(a.startTime), timeOf(b.startTime)],
    [timeOf(a.endTime), timeOf(b.endTime)],
  ] as const)
    if (ta !== tb) return ta < tb ? -1 : 1;
  const fa = a.files[0] ?? '';
  const fb = b.files[0] ?? '';
  return fa < fb ? -1 : fa > fb ? 1 : 0;
}

/** A time in ms; sessions without one (or with an unreadable one) come last. */
function timeOf(time: string | undefined): number {
  const ms = time === undefined ? Number.NaN : Date.parse(time);
  return Number.isNaN(ms) ? Number.POSITIVE_INFINITY : ms;
}

/**
 * For totals made one session tree at a time (streamed): the cost of `root`'s requests that are not in
 * `seen`, adding their keys to it, so that a request copied into several session files counts once, in
 * the first tree that brings it (priced requests only).
 */
export function unseenCost(
  root: Session,
  seen: Set<string>,
  price: (model: string, usage: TokenUsage, at?: string) => number | null,
): number {
  let cost = 0;
  for (const session of allSessions([root]))
    for (const entry of session.usageEntries) {
      if (entry.requestKey !== undefined) {
        if (seen.has(entry.requestKey)) continue;
        seen.add(entry.requestKey);
      }
      cost += price(entry.model ?? 'unknown', entry.usage, entry.timestamp) ?? 0;
    }
  return cost;
}
