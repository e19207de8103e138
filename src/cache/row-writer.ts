// Writes a built unit's public rows (`unit-rows.ts`, in the order `tree-rows.ts` gives them, and the search
// rows of `search-rows.ts`) into the index, and removes them: one `RowWriter` per refresh.
import type Database from 'better-sqlite3';
import type { Session } from '../model/session.js';
import { prepareInsert } from './insert-row.js';
import { emitSearchRows } from './search-rows.js';
import { emitTreeRows, type TreeRowSink, type TreeRows } from './tree-rows.js';
import type { TreePlace } from './unit-rows.js';

/** Prepared inserts of the derived rows (sessions, messages, tool calls, usage, problems, search). */
export interface RowWriter {
  /**
   * Writes the rows of one top-level session tree (search rows apart). `place` orders the tree among the
   * inputs (see `BuiltSession`): reports list trees by phase, then by the anchor's input position.
   * `rowBacked`: the stored sessions leave their items to the rows (see `encodeStoredSession`).
   */
  write(root: Session, unitId: number, place: TreePlace | undefined, rowBacked: boolean): void;
  /** Writes rows `planTreeRows` made (on this thread or a scan worker): what `write` writes. */
  writePlanned(rows: TreeRows, unitId: number): void;
  /** Writes the full-text rows of one tree; returns the first and last rowid written. */
  writeSearch(root: Session, unitId: number): { searchFirst?: number; searchLast?: number };
  /** Removes every derived row of a unit. */
  remove(unitId: number, searchFirst: number | null, searchLast: number | null): void;
  /** Removes the full-text rows of a unit (they are written again when `search` asks). */
  removeSearch(searchFirst: number | null, searchLast: number | null): void;
}

export function createRowWriter(db: Database.Database): RowWriter {
  const insertSession = prepareInsert(db, 'sessions');
  const insertTree = prepareInsert(db, 'trees');
  const insertMessage = prepareInsert(db, 'messages');
  const insertCall = prepareInsert(db, 'tool_calls');
  const insertUsage = prepareInsert(db, 'usage_entries');
  const insertProblem = prepareInsert(db, 'problems');
  const insertSearch = prepareInsert(db, 'search');
  const removers = [
    'sessions',
    'trees',
    'messages',
    'tool_calls',
    'usage_entries',
    'problems',
    '_session_costs',
    '_tree_parts',
  ].map((t) => db.prepare(`DELETE FROM ${t} WHERE unit_id = ?`));
  const removeSearch = db.prepare('DELETE FROM search WHERE rowid BETWEEN ? AND ?');

  const writeSearch = (root: Session, unitId: number) => {
    let searchFirst: number | undefined;
    let searchLast: number | undefined;
    emitSearchRows(root, (row) => {
      const rowid = insertSearch({ ...row, unit_id: unitId });
      searchFirst ??= rowid;
      searchLast = rowid;
    });
    return {
      ...(searchFirst === undefined ? {} : { searchFirst }),
      ...(searchLast === undefined ? {} : { searchLast }),
    };
  };

  /** A sink that inserts the rows of one tree of unit `unitId` as they come. */
  const inserting = (unitId: number): TreeRowSink => {
    let tree = 0;
    let sessionRow = 0;
    const sessionRows: number[] = [];
    return {
      tree(row) {
        tree = insertTree({ ...row, unit_id: unitId });
      },
      session(row, parent) {
        sessionRow = insertSession({
          ...row,
          tree,
          parent_row: parent === -1 ? null : (sessionRows[parent] ?? null),
          unit_id: unitId,
        });
        sessionRows.push(sessionRow);
      },
      message: (row) => insertMessage({ ...row, unit_id: unitId }),
      call: (row) => insertCall({ ...row, session_row: sessionRow, unit_id: unitId }),
      usage: (row) => insertUsage({ ...row, session_row: sessionRow, unit_id: unitId }),
      problem: (row) => insertProblem({ ...row, unit_id: unitId }),
    };
  };

  return {
    write(root, unitId, place, rowBacked) {
      emitTreeRows(root, place, rowBacked, inserting(unitId));
    },
    writePlanned(rows, unitId) {
      const sink = inserting(unitId);
      sink.tree(rows.tree);
      for (const planned of rows.sessions) {
        sink.session(planned.session, planned.parent);
        for (const row of planned.messages) sink.message(row);
        for (const row of planned.calls) sink.call(row);
        for (const row of planned.usage) sink.usage(row);
        for (const row of planned.problems) sink.problem(row);
      }
    },
    writeSearch,
    remove(unitId, searchFirst, searchLast) {
      for (const statement of removers) statement.run(unitId);
      if (searchFirst !== null && searchLast !== null) removeSearch.run(searchFirst, searchLast);
    },
    removeSearch(searchFirst, searchLast) {
      if (searchFirst !== null && searchLast !== null) removeSearch.run(searchFirst, searchLast);
    },
  };
}
