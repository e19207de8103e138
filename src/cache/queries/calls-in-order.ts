/**
 * The `tool_calls` rows of the selected trees, narrowed to the given columns, in the order analytics'
 * `sessionCalls` yields the calls (tree order; within a tree, the root's calls, then its subagents', last
 * subagent first, depth first; within a session, the calls in rowid order, then the results without a call
 * in rowid order: a session's calls come before its orphan results, also when an append added calls after
 * them), each with its session row.
 */

import type { TreeRow, TreeSelection } from './select-trees.js';
import { loadSessionRows, type SessionRow } from './session-rows.js';

export interface CallInOrder<T> {
  root: TreeRow;
  session: SessionRow;
  call: T;
}

/**
 * Reads `columns` of `tool_calls` (plus `session_row`) for the rows that pass `where` (SQL, optional) and
 * hands them to `visit` in `sessionCalls` order; `make` turns a raw row (without `session_row`) into a call.
 */
export function callsInOrder<T>(
  selection: TreeSelection,
  columns: string,
  where: string,
  make: (raw: unknown[]) => T,
  visit: (item: CallInOrder<T>) => void,
): void {
  const sessions = loadSessionRows(selection);
  const bySession = new Map<number, T[]>();
  const orphansBySession = new Map<number, T[]>();
  for (const raw of selection.db
    .prepare(
      `SELECT session_row, status = 'orphan_result', ${columns} FROM tool_calls${where === '' ? '' : ` WHERE ${where}`}`,
    )
    .raw()
    .all() as unknown[][]) {
    const row = raw[0] as number;
    if (!sessions.byRow.has(row)) continue;
    const call = make(raw.slice(2));
    const into = raw[1] === 1 ? orphansBySession : bySession;
    const list = into.get(row);
    if (list) list.push(call);
    else into.set(row, [call]);
  }
  for (const root of selection.trees)
    for (const session of sessions.callOrder(root)) {
      for (const call of bySession.get(session.row) ?? []) visit({ root, session, call });
      for (const call of orphansBySession.get(session.row) ?? []) visit({ root, session, call });
    }
}
