/**
 * The rows a row-backed stored session is decoded with (`report-model-codec.ts`, {@link ModelRows}): each
 * unit's `messages`, `tool_calls` and `usage_entries` rows by session id, in the model's order, and the rule for when a unit's
 * models may be stored row-backed (every session id of the unit unique, so a session id names one
 * session's rows).
 */
import type Database from 'better-sqlite3';
import { allSessions } from '../model/all-sessions.js';
import type { Session } from '../model/session.js';
import { callRowColumns } from './packed-call.js';
import { messageRowColumns } from './packed-message.js';
import { usageRowColumns } from './packed-usage.js';
import { decodeStoredTrees, type ModelRows } from './report-model-codec.js';

/** Whether the models of a unit built as these top-level sessions may be stored row-backed. */
export function rowBackable(roots: readonly Session[]): boolean {
  const ids = new Set<string>();
  for (const session of allSessions(roots)) {
    if (ids.has(session.id)) return false;
    ids.add(session.id);
  }
  return true;
}

export const none: readonly unknown[][] = [];

/** A session's rows, and those set apart to come after them. */
interface SessionRows {
  rows: unknown[][];
  after?: unknown[][];
}

/**
 * Reads one table's rows of a unit, by session id, in rowid order; `after` sets rows apart to come after the
 * others of their session. Each row is an array of `columns` followed by its session id.
 */
export function tableReader(
  db: Database.Database,
  table: string,
  columns: readonly string[],
  after?: (row: unknown[]) => boolean,
): (unitId: number) => (sessionId: string) => readonly unknown[][] {
  const statement = db
    .prepare(`SELECT ${columns.join(', ')}, session_id FROM ${table} WHERE unit_id = ? ORDER BY rowid`)
    .raw();
  return (unitId: number) => {
    const sessions = new Map<string, SessionRows>();
    for (const row of statement.all(unitId) as unknown[][]) {
      const session = row[columns.length] as string;
      let lists = sessions.get(session);
      if (!lists) {
        lists = { rows: [] };
        sessions.set(session, lists);
      }
      if (after?.(row)) {
        lists.after ??= [];
        lists.after.push(row);
      } else lists.rows.push(row);
    }
    return (sessionId: string): readonly unknown[][] => {
      const lists = sessions.get(sessionId);
      if (!lists) return none;
      return lists.after ? [...lists.rows, ...lists.after] : lists.rows;
    };
  };
}

/** A session's calls, then its results without a call (`status`, the fifth of the columns). */
const orphanRow = (row: unknown[]) => row[4] === 'orphan_result';

/**
 * Reads the rows of one unit at a time (a unit's rows are freed once its models are decoded), with the
 * statements prepared once.
 */
export function createModelRowsReader(db: Database.Database): (unitId: number) => ModelRows {
  const messages = tableReader(db, 'messages', messageRowColumns);
  const usage = tableReader(db, 'usage_entries', usageRowColumns);
  const calls = tableReader(db, 'tool_calls', callRowColumns, orphanRow);
  return (unitId) => ({ messages: messages(unitId), usage: usage(unitId), calls: calls(unitId) });
}

/** A top-level session of a unit as the index stores it, with what orders it (its `trees` row's). */
export interface StoredTree {
  anchor: string;
  phase: number;
  session: Session;
}

/**
 * Reads the stored sessions of one unit at a time (`report-model-codec.ts`): its top-level sessions' report
 * models with their subagents, in the order their rows were written. Throws when a row is damaged.
 */
export function createStoredTreesReader(db: Database.Database): (unitId: number) => StoredTree[] {
  const rowsOf = createModelRowsReader(db);
  const sessions = db
    .prepare('SELECT rowid, parent_row, tree, detail FROM sessions WHERE unit_id = ? ORDER BY rowid')
    .raw();
  const trees = db.prepare('SELECT id, anchor, phase FROM trees WHERE unit_id = ?').raw();
  return (unitId) => {
    const rows = sessions.all(unitId) as [number, number | null, number, Uint8Array | null][];
    const treeOf = new Map(rows.map(([rowid, , tree]) => [rowid, tree]));
    const places = new Map(
      (trees.all(unitId) as [number, string | null, number][]).map(([id, anchor, phase]) => [
        id,
        { anchor, phase },
      ]),
    );
    return decodeStoredTrees(
      rows.map(([rowid, parentRow, , detail]) => ({ rowid, parentRow, detail })),
      rowsOf(unitId),
    ).map(({ rowid, session }) => {
      const place = places.get(treeOf.get(rowid) ?? -1);
      if (place?.anchor == null) throw new Error(`The session row ${rowid} has no tree.`);
      return { anchor: place.anchor, phase: place.phase, session };
    });
  };
}
