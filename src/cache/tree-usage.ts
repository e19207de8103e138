/**
 * A session tree's usage rows summed once and kept (`_tree_usage`), so that a usage report after a few
 * sessions changed sums the stored parts of the others instead of reading and pricing every request again.
 * A part covers one split (with its week start and time zone) and one set of prices (`cli/pricer.ts`'s key),
 * and only the tree's requests whose key no other entry has: requests copied into several trees are counted
 * by the query as they come (`requestsOnce`). It is valid while its unit's signature is the one it was
 * taken at (any write of the unit's rows changes it) and while the tree's entries left out are the same.
 * The sums are exact (`usage-rows.ts`), so parts and requests add up to the same report in any order.
 *
 * Parts are read in the report's read snapshot; those taken afresh are written after it ends (a read
 * snapshot cannot write), without waiting for another process's lock.
 */
import type Database from 'better-sqlite3';
import type { UsageRowsPart } from '../analytics/usage-rows.js';
import type { TreeRow, TreeSelection } from './queries/select-trees.js';
import { writeWithoutWaiting } from './write-without-waiting.js';

/** A part as stored, with what it is valid for. */
export interface TreeUsagePart {
  tree: TreeRow;
  signature: string;
  /** The entries left out, as {@link sharedOf} writes them. */
  shared: string;
  part: UsageRowsPart;
}

/** The key of a split: the split, its week start and time zone. */
export function splitKeyOf(by: string, weekStart: string | undefined, timeZone: string | undefined): string {
  return JSON.stringify([by, weekStart ?? '', timeZone ?? '']);
}

/** The stored form of the rowids of a tree's entries left out (ascending). */
export function sharedOf(rowids: readonly number[]): string {
  return [...rowids].sort((a, b) => a - b).join(',');
}

/** The signature of each unit of the index. */
export function unitSignatures(db: Database.Database): Map<number, string> {
  return new Map(db.prepare('SELECT id, signature FROM _units').raw().all() as [number, string][]);
}

/**
 * The stored parts of `trees` for `split` and `pricing` that are still valid: their unit's signature is the
 * current one and `sharedNow(tree)` gives the entries they left out. Damaged parts count as missing.
 */
export function readTreeUsage(
  db: Database.Database,
  trees: readonly TreeRow[],
  split: string,
  pricing: string,
  signatures: ReadonlyMap<number, string>,
  sharedNow: (tree: TreeRow) => string,
): Map<TreeRow, UsageRowsPart> {
  const byId = new Map(trees.map((t) => [t.id, t]));
  const out = new Map<TreeRow, UsageRowsPart>();
  for (const [treeId, unitId, signature, shared, part] of db
    .prepare('SELECT tree, unit_id, signature, shared, part FROM _tree_usage WHERE split = ? AND pricing = ?')
    .raw()
    .all(split, pricing) as [number, number, string, string, string][]) {
    const tree = byId.get(treeId);
    if (!tree || tree.unitId !== unitId || signatures.get(unitId) !== signature) continue;
    if (sharedNow(tree) !== shared) continue;
    try {
      out.set(tree, JSON.parse(part) as UsageRowsPart);
    } catch {
      // Damaged: summed again from the rows.
    }
  }
  return out;
}

/** Parts taken afresh in a selection's snapshot, written when it ends. */
const pending = new WeakMap<TreeSelection, { split: string; pricing: string; parts: TreeUsagePart[] }[]>();

/** Keeps `parts` of `selection` to write when its read snapshot ends ({@link storePendingTreeUsage}). */
export function keepTreeUsage(
  selection: TreeSelection,
  split: string,
  pricing: string,
  parts: TreeUsagePart[],
): void {
  if (parts.length === 0) return;
  const list = pending.get(selection) ?? [];
  list.push({ split, pricing, parts });
  pending.set(selection, list);
}

/**
 * Writes the parts kept for `selection` (after its snapshot ended), each only while its unit still has the
 * signature it was taken at. Nothing is written when another process holds the write lock: the next report
 * takes them again.
 */
export function storePendingTreeUsage(selection: TreeSelection): void {
  const list = pending.get(selection);
  pending.delete(selection);
  if (!list || !selection.db.open || selection.db.readonly) return;
  const { db } = selection;
  writeWithoutWaiting(db, () => {
    const insert = db.prepare(
      `INSERT OR REPLACE INTO _tree_usage (tree, unit_id, signature, split, pricing, shared, part)
        SELECT ?, ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM _units WHERE id = ? AND signature = ?)`,
    );
    db.transaction(() => {
      for (const { split, pricing, parts } of list)
        for (const { tree, signature, shared, part } of parts)
          insert.run(
            tree.id,
            tree.unitId,
            signature,
            split,
            pricing,
            shared,
            JSON.stringify(part),
            tree.unitId,
            signature,
          );
    }).immediate();
    return true;
  });
}
