/**
 * The `sessions` rows (top-level and subagent sessions) of the selected trees, narrowed to what the report
 * queries read, and the order in which analytics' `sessionCalls` visits them.
 */
import type { TreeRow, TreeSelection } from './select-trees.js';

export interface SessionRow {
  row: number;
  tree: TreeRow;
  parentRow: number | null;
  agent: string;
  startTime: string | null;
  /** The last agent version of the session (the tool inventory's `version` split). */
  lastVersion: string | null;
}

/** Sessions rows of the selected trees by rowid, and each tree's sessions in `sessionCalls` order. */
export interface SessionRows {
  byRow: Map<number, SessionRow>;
  /** Per tree id: its sessions as `sessionCalls` visits them (the root, then subagents, last first, depth first). */
  callOrder(tree: TreeRow): SessionRow[];
}

/** Loaded once per selection: `report` runs several queries over the same trees. */
const loaded = new WeakMap<TreeSelection, SessionRows>();

export function loadSessionRows(selection: TreeSelection): SessionRows {
  let rows = loaded.get(selection);
  if (!rows) {
    rows = readSessionRows(selection);
    loaded.set(selection, rows);
  }
  return rows;
}

function readSessionRows(selection: TreeSelection): SessionRows {
  const trees = new Map(selection.trees.map((t) => [t.id, t]));
  const byRow = new Map<number, SessionRow>();
  const children = new Map<number, SessionRow[]>();
  const roots = new Map<number, SessionRow>();
  for (const [row, treeId, parentRow, agent, startTime, lastVersion] of selection.db
    .prepare(
      "SELECT rowid, tree, parent_row, agent, start_time, json_extract(versions, '$[#-1]') FROM sessions",
    )
    .raw()
    .all() as [number, number, number | null, string, string | null, string | null][]) {
    const tree = trees.get(treeId);
    if (!tree) continue;
    const session: SessionRow = { row, tree, parentRow, agent, startTime, lastVersion };
    byRow.set(row, session);
    if (parentRow === null) roots.set(treeId, session);
    else {
      const list = children.get(parentRow);
      if (list) list.push(session);
      else children.set(parentRow, [session]);
    }
  }
  for (const list of children.values()) list.sort((a, b) => a.row - b.row);
  return {
    byRow,
    callOrder(tree) {
      const order: SessionRow[] = [];
      const root = roots.get(tree.id);
      const stack = root ? [root] : [];
      for (let session = stack.pop(); session; session = stack.pop()) {
        order.push(session);
        for (const child of children.get(session.row) ?? []) stack.push(child);
      }
      return order;
    },
  };
}
