/**
 * `computeUsage` (analytics/usage-report.ts) over the index's `usage_entries` rows of the selected trees:
 * the same rows, totals, unpriced models and shared requests, byte for byte. Requests are taken in the order
 * analytics walks the sessions (tree order, then `allSessions` order, which is the rowid order of a tree's
 * sessions rows; within a session, rowid order), which decides which copy of a shared request counts; the
 * sums themselves are exact (`usage-rows.ts`), so trees summed before (`tree-parts.ts`) add up the same.
 */

import type { CountedRequests } from '../../analytics/counted-requests.js';
import {
  duplicateIdKeys,
  type Pricer,
  type UsageOptions,
  type UsageReport,
  type UsageSplit,
  usageRowKey,
} from '../../analytics/usage-report.js';
import { createUsageRows, isFinitePart, type UsageRowsPart } from '../../analytics/usage-rows.js';
import { maxUsage, type TokenUsage } from '../../model/usage.js';
import { keepTreeParts, readTreeParts, rowsForParts } from '../tree-parts.js';
import type { TreeRow, TreeSelection } from './select-trees.js';
import { loadSessionRows, type SessionRow, type SessionRows } from './session-rows.js';

interface EntryRow {
  rowid: number;
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

/** The columns of a usage entry that {@link entryOf} reads, after its rowid. */
const entryColumns = `rowid, session_row, timestamp, model, input_tokens, output_tokens, cache_write_tokens,
  cache_write_1h_tokens, cache_read_tokens, reasoning_tokens, web_search_requests, request_key`;

/** A raw row of {@link entryColumns} as an entry of a selected session, or undefined for other sessions. */
function entryOf(r: unknown[], sessions: SessionRows): EntryRow | undefined {
  const session = sessions.byRow.get(r[1] as number);
  if (!session) return undefined;
  return {
    rowid: r[0] as number,
    session,
    timestamp: r[2] as string | null,
    model: r[3] as string | null,
    usage: {
      inputTokens: r[4] as number,
      outputTokens: r[5] as number,
      cacheWriteTokens: r[6] as number,
      cacheWrite1hTokens: r[7] as number,
      cacheReadTokens: r[8] as number,
      reasoningTokens: r[9] as number,
      webSearchRequests: r[10] as number,
    },
    requestKey: r[11] as string | null,
  };
}

/**
 * Entries by tree id, each tree's in the order analytics walks them: by session rowid (tree order), then by
 * entry rowid within a session.
 */
function byTreeOf(entries: readonly EntryRow[]): Map<number, EntryRow[]> {
  const sorted = [...entries].sort((a, b) => a.session.row - b.session.row || a.rowid - b.rowid);
  const byTree = new Map<number, EntryRow[]>();
  for (const entry of sorted) {
    const tree = entry.session.tree.id;
    const list = byTree.get(tree);
    if (list) list.push(entry);
    else byTree.set(tree, [entry]);
  }
  return byTree;
}

/** The entries of the selected sessions among the rows of `sql` (which selects {@link entryColumns}). */
function readEntries(selection: TreeSelection, sql: string, ...params: unknown[]): EntryRow[] {
  const sessions = loadSessionRows(selection);
  const out: EntryRow[] = [];
  for (const r of selection.db
    .prepare(sql)
    .raw()
    .all(...params) as unknown[][]) {
    const entry = entryOf(r, sessions);
    if (entry) out.push(entry);
  }
  return out;
}

/**
 * The requests of `byTree` (entries of the selected trees) that usage counts, in the report's order (a
 * request copied into several trees counted once, by its first tree, with the per-field maximum of its
 * copies), and how many requests were shared that way.
 */
function countedOf(
  trees: readonly TreeRow[],
  byTree: ReadonlyMap<number, EntryRow[]>,
): { entries: CountedUsage[]; sharedRequests: number } {
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

/** Every request of the selected trees that usage counts (see {@link countedOf}). */
function countedUsage(selection: TreeSelection): { entries: CountedUsage[]; sharedRequests: number } {
  return countedOf(
    selection.trees,
    byTreeOf(readEntries(selection, `SELECT ${entryColumns} FROM usage_entries`)),
  );
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

/**
 * `computeUsage` over the selected trees. With `pricing` (the key of `price`, `cli/pricer.ts`), each tree's
 * requests that no other entry shares are summed from its stored part (`tree-parts.ts`), taken afresh for
 * the trees that have none valid; the shared requests are counted one by one.
 */
export function queryUsage(
  selection: TreeSelection,
  by: UsageSplit,
  price: Pricer,
  options: UsageOptions = {},
  pricing?: string,
): UsageReport {
  const sessionKey = duplicateIdKeys(
    selection.trees,
    (tree) => tree.sessionId,
    (tree) => tree.firstFile,
  );
  const keyOf = (root: TreeRow, session: SessionRow, timestamp: string | null, model: string | null) =>
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
  const rows = createUsageRows(by, price);
  if (pricing === undefined) {
    const { entries, sharedRequests } = countedUsage(selection);
    for (const { root, session, timestamp, model, usage } of entries)
      rows.add(keyOf(root, session, timestamp, model), model ?? undefined, usage, timestamp ?? undefined);
    return rows.finish(sharedRequests);
  }

  // Entries whose request key another entry has: counted here, one by one, whatever their tree. A tree's
  // part holds for the prices and for the entries it left out.
  const shared = readEntries(
    selection,
    `SELECT ${entryColumns} FROM usage_entries WHERE request_key IN
      (SELECT request_key FROM usage_entries WHERE request_key IS NOT NULL GROUP BY request_key HAVING count(*) > 1)`,
  );
  const sharedByTree = byTreeOf(shared);
  const validFor = (tree: TreeRow) =>
    `${pricing}\n${(sharedByTree.get(tree.id) ?? []).map((e) => e.rowid).join(',')}`;
  const kind = usagePartKind(by, options);
  const stored = readTreeParts(selection, kind, validFor, isUsagePart);
  const fresh = sumTrees(
    selection,
    selection.trees.filter((tree) => !stored.has(tree)),
    new Set(shared.map((e) => e.rowid)),
    (entries) => {
      const part = createUsageRows(by, price);
      for (const { session, timestamp, model, usage } of entries)
        part.add(
          by === 'session' ? '' : keyOf(session.tree, session, timestamp, model),
          model ?? undefined,
          usage,
          timestamp ?? undefined,
        );
      return part.part();
    },
  );
  // (A part with a sum that is not finite is not kept: JSON has no such numbers.)
  keepTreeParts(selection, kind, new Map([...fresh].filter(([, part]) => isFinitePart(part))), validFor);

  for (const tree of selection.trees) {
    const part = stored.get(tree) ?? fresh.get(tree);
    if (part) rows.addPart(part, by === 'session' ? () => sessionKey.get(tree) ?? tree.sessionId : undefined);
  }
  const { entries, sharedRequests } = countedOf(selection.trees, sharedByTree);
  for (const { root, session, timestamp, model, usage } of entries)
    rows.add(keyOf(root, session, timestamp, model), model ?? undefined, usage, timestamp ?? undefined);
  return rows.finish(sharedRequests);
}

/** The part of each of `trees` summed by `sum` from its entries but those in `left` (by rowid). */
function sumTrees(
  selection: TreeSelection,
  trees: readonly TreeRow[],
  left: ReadonlySet<number>,
  sum: (entries: readonly EntryRow[]) => UsageRowsPart,
): Map<TreeRow, UsageRowsPart> {
  const wanted = new Set(trees);
  const entries = rowsForParts(
    trees,
    () => readEntries(selection, `SELECT ${entryColumns} FROM usage_entries`),
    (unit) => readEntries(selection, `SELECT ${entryColumns} FROM usage_entries WHERE unit_id = ?`, unit),
  ).filter((entry) => wanted.has(entry.session.tree) && !left.has(entry.rowid));
  const byTree = byTreeOf(entries);
  return new Map(trees.map((tree) => [tree, sum(byTree.get(tree.id) ?? [])]));
}

/**
 * The kind of a tree's usage part (`tree-parts.ts`): the split, its week start and its time zone (and the
 * part's form: "usage sums" holds exact token sums; the parts of "usage" summed tokens as plain numbers).
 */
export function usagePartKind(by: UsageSplit, options: UsageOptions): string {
  return `usage sums ${JSON.stringify([by, options.weekStart ?? '', options.timeZone ?? ''])}`;
}

/** Whether a stored value has the shape of a usage part (what `addPart` reads). */
function isUsagePart(value: unknown): value is UsageRowsPart {
  if (typeof value !== 'object' || value === null) return false;
  const { rows, unpriced } = value as Partial<UsageRowsPart>;
  return (
    Array.isArray(rows) &&
    Array.isArray(unpriced) &&
    rows.every(
      (row) =>
        Array.isArray(row) &&
        typeof row[0] === 'string' &&
        typeof row[1] === 'object' &&
        row[1] !== null &&
        typeof row[1].usage === 'object' &&
        row[1].usage !== null &&
        Array.isArray(row[1].models) &&
        Array.isArray(row[1].cost),
    ) &&
    unpriced.every((entry) => Array.isArray(entry) && typeof entry[0] === 'string')
  );
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
