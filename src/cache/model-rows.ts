/**
 * The rows a row-backed report model is decoded with (`report-model-codec.ts`, {@link ModelRows}): each
 * unit's `messages`, `tool_calls` and `usage_entries` rows by session id, in the model's order, and the rule for when a unit's
 * models may be stored row-backed (every session id of the unit unique, so a session id names one
 * session's rows).
 */
import type Database from 'better-sqlite3';
import { allSessions } from '../analytics/all-calls.js';
import type { Session } from '../model/session.js';
import { callRowColumns, type ModelRows, messageRowColumns, usageRowColumns } from './report-model-codec.js';

/** Whether the models of a unit built as these top-level sessions may be stored row-backed. */
export function rowBackable(roots: readonly Session[]): boolean {
  const ids = new Set<string>();
  for (const session of allSessions(roots)) {
    if (ids.has(session.id)) return false;
    ids.add(session.id);
  }
  return true;
}

const none: readonly unknown[][] = [];

/** A session's rows, and those set apart to come after them. */
interface SessionRows {
  rows: unknown[][];
  after?: unknown[][];
}

/**
 * The rows of every unit (or of `unitId` alone), by unit id. Rows come back as arrays of the codec's
 * columns; a unit without rows gives empty lists.
 */
export function loadModelRows(db: Database.Database, unitId?: number): Map<number, ModelRows> {
  const where = unitId === undefined ? '' : ' WHERE unit_id = ?';
  const args = unitId === undefined ? [] : [unitId];
  const seen = new Set<number>();
  const group = (table: string, columns: readonly string[], after?: (row: unknown[]) => boolean) => {
    const units = new Map<number, Map<string, SessionRows>>();
    const statement = db
      .prepare(`SELECT unit_id, session_id, ${columns.join(', ')} FROM ${table}${where} ORDER BY rowid`)
      .raw();
    for (const row of statement.iterate(...args) as Iterable<unknown[]>) {
      const unit = row[0] as number;
      const session = row[1] as string;
      let sessions = units.get(unit);
      if (!sessions) {
        sessions = new Map();
        units.set(unit, sessions);
        seen.add(unit);
      }
      let lists = sessions.get(session);
      if (!lists) {
        lists = { rows: [] };
        sessions.set(session, lists);
      }
      if (after?.(row)) {
        lists.after ??= [];
        lists.after.push(row.slice(2));
      } else lists.rows.push(row.slice(2));
    }
    return (unit: number, sessionId: string): readonly unknown[][] => {
      const lists = units.get(unit)?.get(sessionId);
      if (!lists) return none;
      return lists.after ? [...lists.rows, ...lists.after] : lists.rows;
    };
  };
  const messages = group('messages', messageRowColumns);
  const usage = group('usage_entries', usageRowColumns);
  // A session's calls, then its results without a call (`status`, the fifth of the columns).
  const calls = group('tool_calls', callRowColumns, (row) => row[6] === 'orphan_result');
  const result = new Map<number, ModelRows>();
  for (const unit of seen)
    result.set(unit, {
      messages: (sessionId) => messages(unit, sessionId),
      usage: (sessionId) => usage(unit, sessionId),
      calls: (sessionId) => calls(unit, sessionId),
    });
  return result;
}

/** The rows of a unit that has none (a model whose sessions hold no message, call or usage). */
export const noModelRows: ModelRows = { messages: () => none, usage: () => none, calls: () => none };
