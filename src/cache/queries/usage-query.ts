/**
 * `computeUsage` (analytics/usage-report.ts) over the index's `usage_entries` rows of the selected trees:
 * the same rows, totals, unpriced models and shared requests, byte for byte. The entries are read once as
 * narrow raw rows and folded in the order analytics walks the sessions (tree order, then `allSessions`
 * order, which is rowid order within a tree), so that float sums of costs come out identical.
 */

import { dayKey, monthKey } from '../../analytics/time-keys.js';
import type { Pricer, UsageReport, UsageRow, UsageSplit } from '../../analytics/usage-report.js';
import { addUsage, emptyUsage, type TokenUsage, totalTokens, usageFields } from '../../model/usage.js';
import type { TreeRow, TreeSelection } from './select-trees.js';
import { loadSessionRows, type SessionRow } from './session-rows.js';

interface EntryRow {
  session: SessionRow;
  timestamp: string | null;
  model: string | null;
  usage: TokenUsage;
  requestKey: string | null;
}

export function queryUsage(selection: TreeSelection, by: UsageSplit, price: Pricer): UsageReport {
  const sessions = loadSessionRows(selection);
  const byTree = new Map<number, EntryRow[]>();
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
    const list = byTree.get(session.tree.id);
    if (list) list.push(entry);
    else byTree.set(session.tree.id, [entry]);
  }

  const { trees } = selection;
  const once = requestsOnceOf(trees, byTree);
  const sessionKey = sessionKeys(trees);
  const rows = new Map<string, UsageRow & { usage: TokenUsage; modelSet: Set<string> }>();
  const unpricedModels: Record<string, number> = {};
  for (const root of trees) {
    for (const entry of byTree.get(root.id) ?? []) {
      if (once.duplicates.has(entry)) continue;
      const usage = once.merged.get(entry) ?? entry.usage;
      const key = by === 'session' ? (sessionKey.get(root) ?? root.sessionId) : keyOf(entry, root, by);
      let row = rows.get(key);
      if (!row) {
        row = { ...emptyRow(key), usage: emptyUsage(), modelSet: new Set() };
        rows.set(key, row);
      }
      const model = entry.model ?? 'unknown';
      addUsage(row.usage, usage);
      row.requests += 1;
      row.modelSet.add(model);
      const cost = price(model, usage, entry.timestamp ?? undefined);
      if (cost === null) {
        row.unpricedRequests += 1;
        unpricedModels[model] = (unpricedModels[model] ?? 0) + 1;
      } else row.cost += cost;
    }
  }
  const list = [...rows.values()]
    .map(({ usage, modelSet, ...row }) => ({ ...row, ...tokens(usage), models: [...modelSet].sort() }))
    .sort((a, b) =>
      by === 'day' || by === 'month'
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
  return { by, rows: list, total, unpricedModels, sharedRequests: once.sharedRequests };
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
      owner.usage = maxOf(owner.usage, entry.usage);
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

function maxOf(a: TokenUsage, b: TokenUsage): TokenUsage {
  const out = { ...a };
  for (const field of usageFields) out[field] = Math.max(a[field], b[field]);
  return out;
}

function tokens(u: TokenUsage) {
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
  return {
    key,
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

/** Row keys for `by: "session"`: the id, with its file when several trees share the id. */
function sessionKeys(trees: readonly TreeRow[]): Map<TreeRow, string> {
  const byId = new Map<string, TreeRow[]>();
  for (const tree of trees) {
    const list = byId.get(tree.sessionId);
    if (list) list.push(tree);
    else byId.set(tree.sessionId, [tree]);
  }
  const keys = new Map<TreeRow, string>();
  for (const [id, list] of byId) {
    if (list.length === 1) continue;
    const used = new Set<string>();
    for (const tree of list) {
      const parts = (tree.firstFile ?? '').split(/[\\/]/).filter((p) => p !== '');
      let key = `${id} (${parts.slice(-2).join('/') || 'no file'})`;
      for (let n = 2; used.has(key); n += 1) key = `${id} (${parts.slice(-2).join('/')} #${n})`;
      used.add(key);
      keys.set(tree, key);
    }
  }
  return keys;
}

function keyOf(entry: EntryRow, root: TreeRow, by: Exclude<UsageSplit, 'session'>): string {
  const time = entry.timestamp ?? entry.session.startTime ?? root.startTime ?? undefined;
  switch (by) {
    case 'day':
      return dayKey(time);
    case 'month':
      return monthKey(time);
    case 'model':
      return entry.model ?? 'unknown';
    case 'project':
      return root.project ?? 'unknown';
    case 'agent':
      return root.agent;
    default:
      return by satisfies never;
  }
}
