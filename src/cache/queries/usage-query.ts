/**
 * `computeUsage` (analytics/usage-report.ts) over the index's `usage_entries` rows of the selected trees:
 * the same rows, totals, unpriced models and shared requests, byte for byte. The entries are read once as
 * narrow raw rows and folded in the order analytics walks the sessions (tree order, then `allSessions`
 * order, which is the rowid order of a tree's sessions rows; within a session, rowid order: an append adds
 * a session's new entries after those of its subagents), so that float sums of costs come out identical.
 */

import type { CountedRequests } from '../../analytics/counted-requests.js';
import {
  createUsageRows,
  duplicateIdKeys,
  type Pricer,
  type UsageOptions,
  type UsageReport,
  type UsageSplit,
  usageRowKey,
} from '../../analytics/usage-report.js';
import { maxUsage, type TokenUsage } from '../../model/usage.js';
import type { TreeRow, TreeSelection } from './select-trees.js';
import { loadSessionRows, type SessionRow } from './session-rows.js';

interface EntryRow {
  session: SessionRow;
  timestamp: string | null;
  model: string | null;
  usage: TokenUsage;
  requestKey: string | null;
}

/** A request the usage report counts: its tree, and its usage merged over the copies of other trees. */
interface CountedUsage {
  root: TreeRow;
  session: SessionRow;
  timestamp: string | null;
  model: string | null;
  usage: TokenUsage;
}

/**
 * The requests of the selected trees that usage counts, in the report's order (a request copied into
 * several trees counted once, by its first tree, with the per-field maximum of its copies), and how many
 * requests were shared that way.
 */
function countedUsage(selection: TreeSelection): { entries: CountedUsage[]; sharedRequests: number } {
  const sessions = loadSessionRows(selection);
  const bySession = new Map<number, EntryRow[]>();
  for (const r of selection.db
    .prepare(
      `SELECT session_row, timestamp, model, input_tokens, output_tokens, cache_write_tokens,
        cache_write_1h_tokens, cache_read_tokens, reasoning_tokens, web_search_requests, request_key
        FROM usage_entries`,
    )
    .raw()
    .all() as unknown[][]) {
    const session = sessions.byRow.get(r[0] as number);
    if (!session) continue;
    const entry: EntryRow = {
      session,
      timestamp: r[1] as string | null,
      model: r[2] as string | null,
      usage: {
        inputTokens: r[3] as number,
        outputTokens: r[4] as number,
        cacheWriteTokens: r[5] as number,
        cacheWrite1hTokens: r[6] as number,
        cacheReadTokens: r[7] as number,
        reasoningTokens: r[8] as number,
        webSearchRequests: r[9] as number,
      },
      requestKey: r[10] as string | null,
    };
    const list = bySession.get(session.row);
    if (list) list.push(entry);
    else bySession.set(session.row, [entry]);
  }
  const sessionsOfTree = new Map<number, number[]>();
  for (const row of [...bySession.keys()].sort((a, b) => a - b)) {
    const tree = (sessions.byRow.get(row) as SessionRow).tree.id;
    const list = sessionsOfTree.get(tree);
    if (list) list.push(row);
    else sessionsOfTree.set(tree, [row]);
  }
  const byTree = new Map<number, EntryRow[]>();
  for (const [tree, rows] of sessionsOfTree)
    byTree.set(
      tree,
      rows.flatMap((row) => bySession.get(row) ?? []),
    );

  const { trees } = selection;
  const once = requestsOnceOf(trees, byTree);
  const entries: CountedUsage[] = [];
  for (const root of trees)
    for (const entry of byTree.get(root.id) ?? []) {
      if (once.duplicates.has(entry)) continue;
      entries.push({
        root,
        session: entry.session,
        timestamp: entry.timestamp,
        model: entry.model,
        usage: once.merged.get(entry) ?? entry.usage,
      });
    }
  return { entries, sharedRequests: once.sharedRequests };
}

/** `countedRequests` (analytics/counted-requests.ts) over the index: the same requests in the same order. */
export function queryCountedRequests(selection: TreeSelection): CountedRequests {
  const { entries, sharedRequests } = countedUsage(selection);
  return {
    requests: entries.map((e) => ({
      time: e.timestamp ?? e.session.startTime ?? e.root.startTime ?? '',
      model: e.model ?? undefined,
      usage: e.usage,
      agent: e.root.agent,
    })),
    sharedRequests,
  };
}

export function queryUsage(
  selection: TreeSelection,
  by: UsageSplit,
  price: Pricer,
  options: UsageOptions = {},
): UsageReport {
  const { entries, sharedRequests } = countedUsage(selection);
  const sessionKey = duplicateIdKeys(
    selection.trees,
    (tree) => tree.sessionId,
    (tree) => tree.firstFile,
  );
  const rows = createUsageRows(by, price);
  for (const { root, session, timestamp, model, usage } of entries) {
    const key =
      by === 'session'
        ? (sessionKey.get(root) ?? root.sessionId)
        : usageRowKey(
            by,
            {
              time: timestamp ?? session.startTime ?? root.startTime ?? undefined,
              model: model ?? undefined,
              project: root.project ?? undefined,
              agent: root.agent,
            },
            options,
          );
    rows.add(key, model ?? undefined, usage, timestamp ?? undefined);
  }
  return rows.finish(sharedRequests);
}

/**
 * `requestsOnce` (analytics/requests-once.ts) on entry rows: a request key found in several trees is
 * owned by the entry of the first tree (by start time, end time, main file), with the per-field maximum
 * of its copies; the other copies are duplicates.
 */
function requestsOnceOf(trees: readonly TreeRow[], byTree: ReadonlyMap<number, EntryRow[]>) {
  const owners = new Map<string, { entry: EntryRow; usage: TokenUsage; tree: TreeRow; shared: boolean }>();
  const duplicates = new Set<EntryRow>();
  // The times parsed once per tree (the sort compares them often).
  const keyed = trees.map((tree) => ({ tree, start: timeOf(tree.startTime), end: timeOf(tree.endTime) }));
  keyed.sort(byStartEndFile);
  for (const { tree } of keyed) {
    for (const entry of byTree.get(tree.id) ?? []) {
      if (entry.requestKey === null) continue;
      const owner = owners.get(entry.requestKey);
      if (!owner) {
        owners.set(entry.requestKey, { entry, usage: entry.usage, tree, shared: false });
        continue;
      }
      if (owner.tree === tree) continue;
      duplicates.add(entry);
      owner.shared = true;
      owner.usage = maxUsage(owner.usage, entry.usage);
    }
  }
  const merged = new Map<EntryRow, TokenUsage>();
  let sharedRequests = 0;
  for (const owner of owners.values()) {
    if (!owner.shared) continue;
    sharedRequests += 1;
    merged.set(owner.entry, owner.usage);
  }
  return { duplicates, merged, sharedRequests };
}

interface TimedTree {
  tree: TreeRow;
  start: number;
  end: number;
}

function byStartEndFile(a: TimedTree, b: TimedTree): number {
  if (a.start !== b.start) return a.start < b.start ? -1 : 1;
  if (a.end !== b.end) return a.end < b.end ? -1 : 1;
  const fa = a.tree.firstFile ?? '';
  const fb = b.tree.firstFile ?? '';
  return fa < fb ? -1 : fa > fb ? 1 : 0;
}

function timeOf(time: string | null): number {
  const ms = time === null ? Number.NaN : Date.parse(time);
  return Number.isNaN(ms) ? Number.POSITIVE_INFINITY : ms;
}
