// Writes what an append changed in a session (`SessionChange`) to the index's public rows: new messages, calls,
// usage entries and problems are inserted after the stored ones; the stored rows that changed (a call a result
// closed, usage merged under its key, a message that got parts or changed branch, the session row) are updated
// by rowid, all found before anything is written. `append-unit.ts` decides what to write; this writes it.
import type Database from 'better-sqlite3';
import type { Session } from '../model/session.js';
import type { SessionChange } from '../model/session-change.js';
import type { LocatedProblem } from '../model/source-location.js';
import type { ToolCall } from '../model/tool-call.js';
import { prepareInsert, prepareMoveToEnd, prepareUpdate, type Row } from './insert-row.js';
import { callDetail } from './packed-call.js';
import { callPlaces, messageDetail, type PlacesBefore, placedCallIds, placesOf } from './packed-message.js';
import {
  callOutcomeColumns,
  callRowOf,
  type EarlierCounts,
  excerpt,
  messageRowOf,
  messageText,
  problemRowOf,
  sessionRowOf,
  usageRowOf,
} from './unit-rows.js';

/** See the file comment. */
export interface ChangeWriter {
  /** Updates the columns of `row` in the row `rowid` of `table`. */
  update(table: string, rowid: number, row: Row): void;
  /** The rowid of a stored session's row (`subagent`: its `is_subagent`). */
  sessionRow(unitId: number, sessionId: string, subagent: boolean): number | undefined;
  /**
   * Writes the rows an append changed; returns the resume state's `emptyText` settled with the stored texts
   * of the messages that got parts, or undefined (nothing written) when a stored row to update is missing.
   * `subagent`: the session row's `is_subagent` (a Claude Code session is one below the root); `earlier`:
   * what the session's decoding left in its rows, its calls' places and the rows of the usage entries it
   * holds when it holds only some (see `createTailReader`).
   */
  writeChange(
    unitId: number,
    root: Session,
    change: SessionChange,
    storedEmptyText: Record<string, number>,
    subagent?: boolean,
    earlier?: EarlierCounts & PlacesBefore & { usageRows?: readonly number[] },
  ): Record<string, number> | undefined;
  /** Inserts every message, call, usage entry and problem of a session new to the stored tree. */
  insertItems(unitId: number, session: Session, root: Session, sessionRow: number): void;
  /** Removes one stored problem row of a session; false when there is none. */
  removeProblem(unitId: number, sessionId: string, problem: LocatedProblem): boolean;
  /**
   * Writes the link of a stored call of session `sessionId` to the subagent it now claims (its result's text
   * is not in the stored session: the columns made from it stay as they are); false when its row is missing.
   */
  linkCall(unitId: number, sessionId: string, call: ToolCall): boolean;
}

export function createChangeWriter(db: Database.Database): ChangeWriter {
  const selectSessionRow = db
    .prepare('SELECT rowid FROM sessions WHERE unit_id = ? AND id = ? AND is_subagent = ?')
    .pluck();
  // The rows of the messages and calls an append changed, by id (a JSON array): SQLite picks them out of
  // the session's rows, so a long session's other rows never become objects here.
  const selectMessages = db.prepare(
    `SELECT rowid, id, text FROM messages WHERE unit_id = ? AND session_id = ?
      AND id IN (SELECT value FROM json_each(?)) ORDER BY rowid`,
  );
  const selectCalls = db.prepare(
    `SELECT rowid, id, status FROM tool_calls WHERE unit_id = ? AND session_id = ?
      AND id IN (SELECT value FROM json_each(?)) ORDER BY rowid`,
  );
  const selectUsage = db
    .prepare('SELECT rowid FROM usage_entries WHERE unit_id = ? AND session_id = ? ORDER BY rowid')
    .pluck();
  const insertMessage = prepareInsert(db, 'messages');
  const insertCall = prepareInsert(db, 'tool_calls');
  // A session's results without a call are its last call rows, as a build writes them (its calls, then
  // those results): an append's new calls go before the stored ones.
  const selectOrphanRows = db
    .prepare(
      `SELECT rowid FROM tool_calls WHERE unit_id = ? AND session_id = ? AND status = 'orphan_result'
        ORDER BY rowid`,
    )
    .pluck();
  const moveCallToEnd = prepareMoveToEnd(db, 'tool_calls');
  const insertUsage = prepareInsert(db, 'usage_entries');
  const insertProblem = prepareInsert(db, 'problems');
  // Updates by rowid, one statement per table and set of columns (the row builders decide the columns).
  const updates = new Map<string, (rowid: number, row: Row) => void>();
  const update = (table: string, rowid: number, row: Row) => {
    const key = `${table}:${Object.keys(row).join(',')}`;
    let run = updates.get(key);
    if (!run) {
      run = prepareUpdate(db, table, Object.keys(row));
      updates.set(key, run);
    }
    run(rowid, row);
  };
  const deleteProblem = db.prepare(
    `DELETE FROM problems WHERE rowid = (SELECT rowid FROM problems WHERE unit_id = ? AND session_id = ?
      AND file = ? AND line = ? AND type = ? AND message = ? LIMIT 1)`,
  );

  const selectCallRow = db
    .prepare(
      `SELECT rowid FROM tool_calls WHERE unit_id = ? AND session_id = ? AND id = ? AND status != 'orphan_result'
        ORDER BY rowid LIMIT 1`,
    )
    .pluck();

  const writeChange: ChangeWriter['writeChange'] = (
    unitId,
    root,
    change,
    storedEmptyText,
    subagent = change.session !== root,
    earlier = undefined,
  ) => {
    const session = change.session;
    // Rowids of the stored rows to update, all found before anything is written.
    const sessionRow = selectSessionRow.get(unitId, session.id, subagent ? 1 : 0) as number | undefined;
    if (sessionRow === undefined) return undefined;
    const changedMessages = new Set([...change.mergedInto.map((m) => m.message), ...change.branchChanged]);
    const messageRows = new Map<string, { rowid: number; text: string }>();
    if (changedMessages.size > 0) {
      const ids = JSON.stringify([...changedMessages].map((m) => m.id));
      for (const row of selectMessages.iterate(unitId, session.id, ids) as Iterable<{
        rowid: number;
        id: string;
        text: string;
      }>)
        if (!messageRows.has(row.id)) messageRows.set(row.id, row);
    }
    const callRows = new Map<string, number>();
    if (change.changedCalls.length > 0) {
      const ids = JSON.stringify(change.changedCalls.map((c) => c.id));
      for (const row of selectCalls.iterate(unitId, session.id, ids) as Iterable<{
        rowid: number;
        id: string;
        status: string;
      }>)
        if (row.status !== 'orphan_result' && !callRows.has(row.id)) callRows.set(row.id, row.rowid);
    }
    const usageRows =
      change.changedUsage.length === 0
        ? []
        : (earlier?.usageRows ?? (selectUsage.all(unitId, session.id) as number[]));
    if (
      [...changedMessages].some((m) => !messageRows.has(m.id)) ||
      change.changedCalls.some((c) => !callRows.has(c.id)) ||
      change.changedUsage.some((u) => usageRows[u.index] === undefined)
    )
      return undefined;

    update('sessions', sessionRow, sessionRowOf(session, root, earlier));
    const places = earlier
      ? placesOf(placedCallIds(change.newCalls), earlier)
      : callPlaces(session.toolCalls);
    const emptyText = { ...storedEmptyText };
    const texts = new Map<string, string>();
    for (const { message, addedText } of change.mergedInto) {
      const row = messageRows.get(message.id) as { text: string };
      const joined = joinedText(row.text, emptyText[message.id] ?? 0, addedText);
      texts.set(message.id, joined.text);
      if (joined.emptyParts > 0) emptyText[message.id] = joined.emptyParts;
      else delete emptyText[message.id];
    }
    for (const message of changedMessages) {
      const row = messageRows.get(message.id) as { rowid: number; text: string };
      update('messages', row.rowid, {
        text: texts.get(message.id) ?? row.text,
        off_branch: message.offBranch ? 1 : 0,
        detail: messageDetail(message, places),
      });
    }
    for (const message of change.newMessages)
      insertMessage({
        ...messageRowOf(message, session, root, messageText(message), places),
        unit_id: unitId,
      });
    for (const call of change.changedCalls)
      update('tool_calls', callRows.get(call.id) as number, callOutcomeColumns(call, session.id));
    const newOrphans = change.newCalls.filter((c) => c.status === 'orphan_result');
    const newPlaced = change.newCalls.filter((c) => c.status !== 'orphan_result');
    const storedOrphans = newPlaced.length > 0 ? (selectOrphanRows.all(unitId, session.id) as number[]) : [];
    for (const call of newPlaced)
      insertCall({ ...callRowOf(call, session, root), session_row: sessionRow, unit_id: unitId });
    for (const rowid of storedOrphans) moveCallToEnd(rowid);
    for (const call of newOrphans)
      insertCall({ ...callRowOf(call, session, root), session_row: sessionRow, unit_id: unitId });
    for (const { index, entry } of change.changedUsage)
      update('usage_entries', usageRows[index] as number, usageRowOf(entry, session, root));
    for (const entry of change.newUsage)
      insertUsage({ ...usageRowOf(entry, session, root), session_row: sessionRow, unit_id: unitId });
    for (const problem of change.newProblems)
      insertProblem({ ...problemRowOf(problem, session, root), unit_id: unitId });
    return emptyText;
  };

  return {
    update,
    sessionRow: (unitId, sessionId, subagent) =>
      selectSessionRow.get(unitId, sessionId, subagent ? 1 : 0) as number | undefined,
    writeChange,
    insertItems(unitId, session, root, sessionRow) {
      const places = callPlaces(session.toolCalls);
      for (const message of session.messages)
        insertMessage({
          ...messageRowOf(message, session, root, messageText(message), places),
          unit_id: unitId,
        });
      for (const call of session.toolCalls)
        insertCall({ ...callRowOf(call, session, root), session_row: sessionRow, unit_id: unitId });
      for (const entry of session.usageEntries)
        insertUsage({ ...usageRowOf(entry, session, root), session_row: sessionRow, unit_id: unitId });
      for (const problem of session.problems)
        insertProblem({ ...problemRowOf(problem, session, root), unit_id: unitId });
    },
    removeProblem(unitId, sessionId, { location, type, message }) {
      return deleteProblem.run(unitId, sessionId, location.file, location.line, type, message).changes === 1;
    },
    linkCall(unitId, sessionId, call) {
      const rowid = selectCallRow.get(unitId, sessionId, call.id) as number | undefined;
      if (rowid === undefined) return false;
      update('tool_calls', rowid, {
        subagent_id: call.subagentId ?? null,
        detail: callDetail(call, sessionId),
      });
      return true;
    },
  };
}

/**
 * The stored text of a message that got more text parts: `stored` is its stored excerpt (its whole text
 * joined when not cut), `emptyParts` how many text parts it had when all were empty.
 */
function joinedText(
  stored: string,
  emptyParts: number,
  added: readonly string[],
): { text: string; emptyParts: number } {
  if (added.length === 0) return { text: stored, emptyParts };
  // A cut excerpt keeps its first 300 characters whatever comes after.
  if (stored.length > 300) return { text: stored, emptyParts: 0 };
  const parts = stored === '' ? [...new Array<string>(emptyParts).fill(''), ...added] : [stored, ...added];
  const whole = parts.join('\n');
  return { text: excerpt(whole), emptyParts: whole === '' ? parts.length : 0 };
}
