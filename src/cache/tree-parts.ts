/**
 * A session tree's share of a report, taken once and kept (`_tree_parts`), so that a report after a few
 * sessions changed adds the stored parts of the others instead of reading every row again: the usage
 * query's summed requests (`usage-query.ts`) and the tool query's groups of calls (`tool-inventory-query.ts`).
 * A part is kept under a kind (the report and what it was taken for: a usage split) and a text that says
 * what else it holds for (the prices, the requests it left out); it is valid while its unit's signature is
 * the one it was taken at (any write of the unit's rows changes it) and that text is the same.
 *
 * Parts are read in the report's read snapshot; those taken afresh are written after it ends (a read
 * snapshot cannot write), without waiting for another process's lock: the next report takes them again.
 */
import type { TreeRow, TreeSelection } from './queries/select-trees.js';
import { writeWithoutWaiting } from './write-without-waiting.js';

/** A part taken afresh, with what it is valid for. */
interface TreePart<T> {
  tree: TreeRow;
  signature: string;
  validFor: string;
  part: T;
}

/** The signature of each unit of the index (read once per selection). */
export function unitSignatures(selection: TreeSelection): ReadonlyMap<number, string> {
  let signatures = signaturesOf.get(selection);
  if (!signatures) {
    signatures = new Map(
      selection.db.prepare('SELECT id, signature FROM _units').raw().all() as [number, string][],
    );
    signaturesOf.set(selection, signatures);
  }
  return signatures;
}

const signaturesOf = new WeakMap<TreeSelection, Map<number, string>>();

/**
 * The parts of kind `kind` of the selected trees that are still valid: their unit's signature is the
 * current one and `validFor(tree)` gives the text they were stored with. Damaged parts (not JSON, or not of
 * the shape `isPart` checks) count as missing.
 */
export function readTreeParts<T>(
  selection: TreeSelection,
  kind: string,
  validFor: (tree: TreeRow) => string,
  isPart: (value: unknown) => value is T,
): Map<TreeRow, T> {
  const signatures = unitSignatures(selection);
  const byId = new Map(selection.trees.map((t) => [t.id, t]));
  const out = new Map<TreeRow, T>();
  for (const [treeId, unitId, signature, valid, part] of selection.db
    .prepare('SELECT tree, unit_id, signature, valid_for, part FROM _tree_parts WHERE kind = ?')
    .raw()
    .all(kind) as [number, number, string, string, string][]) {
    const tree = byId.get(treeId);
    if (!tree || tree.unitId !== unitId || signatures.get(unitId) !== signature) continue;
    if (validFor(tree) !== valid) continue;
    let value: unknown;
    try {
      value = JSON.parse(part);
    } catch {
      continue; // Damaged: taken again from the rows.
    }
    if (isPart(value)) out.set(tree, value);
  }
  return out;
}

/** Beyond this many trees to take parts of afresh, one pass over a table is cheaper than a read per unit. */
const unitReadsAtMost = 64;

/**
 * The rows the parts of `trees` are taken from afresh: read unit by unit (`ofUnit`) for a few trees, in one
 * pass over the table (`all`) for many (a first report over the index). Rows of other trees may come too.
 */
export function rowsForParts<R>(
  trees: readonly TreeRow[],
  all: () => R[],
  ofUnit: (unitId: number) => readonly R[],
): R[] {
  if (trees.length > unitReadsAtMost) return all();
  const rows: R[] = [];
  for (const unit of new Set(trees.map((t) => t.unitId))) for (const row of ofUnit(unit)) rows.push(row);
  return rows;
}

/** Parts taken afresh in a selection's snapshot, by kind, written when it ends. */
const pending = new WeakMap<TreeSelection, [string, TreePart<unknown>[]][]>();

/**
 * Keeps the parts of kind `kind` taken afresh (`parts`, by tree, each valid for `validFor(tree)`) to write
 * when the selection's read snapshot ends ({@link storePendingTreeParts}).
 */
export function keepTreeParts<T>(
  selection: TreeSelection,
  kind: string,
  parts: ReadonlyMap<TreeRow, T>,
  validFor: (tree: TreeRow) => string,
): void {
  const signatures = unitSignatures(selection);
  const kept: TreePart<unknown>[] = [];
  for (const [tree, part] of parts) {
    const signature = signatures.get(tree.unitId);
    if (signature !== undefined) kept.push({ tree, signature, validFor: validFor(tree), part });
  }
  if (kept.length === 0) return;
  const list = pending.get(selection) ?? [];
  list.push([kind, kept]);
  pending.set(selection, list);
}

/**
 * Writes the parts kept for `selection` (after its snapshot ended), each only while its unit still has the
 * signature it was taken at. Nothing is written when another process holds the write lock.
 */
export function storePendingTreeParts(selection: TreeSelection): void {
  const list = pending.get(selection);
  pending.delete(selection);
  if (!list || !selection.db.open || selection.db.readonly) return;
  const { db } = selection;
  writeWithoutWaiting(db, () => {
    const insert = db.prepare(
      `INSERT OR REPLACE INTO _tree_parts (tree, unit_id, signature, kind, valid_for, part)
        SELECT ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM _units WHERE id = ? AND signature = ?)`,
    );
    db.transaction(() => {
      for (const [kind, parts] of list)
        for (const { tree, signature, validFor, part } of parts)
          insert.run(
            tree.id,
            tree.unitId,
            signature,
            kind,
            validFor,
            JSON.stringify(part),
            tree.unitId,
            signature,
          );
    }).immediate();
    return true;
  });
}
