/**
 * The rows a row-backed report model is decoded with (`report-model-codec.ts`, {@link ModelRows}): each
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
import type { ModelRows } from './report-model-codec.js';

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
 * Reads the rows of one unit at a time (a unit's rows are freed once its models are decoded), with the
 * statements prepared once. Each row is an array of the codec's columns followed by its session id.
 */
export function createModelRowsReader(db: Database.Database): (unitId: number) => ModelRows {
  const reader = (table: string, columns: readonly string[], after?: (row: unknown[]) => boolean) => {
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
  };
  const messages = reader('messages', messageRowColumns);
  const usage = reader('usage_entries', usageRowColumns);
  // A session's calls, then its results without a call (`status`, the fifth of the columns).
  const calls = reader('tool_calls', callRowColumns, (row) => row[4] === 'orphan_result');
  return (unitId) => ({ messages: messages(unitId), usage: usage(unitId), calls: calls(unitId) });
}
