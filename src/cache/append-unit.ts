// Appends to a stored unit what its files got since it was stored, without building the unit again: the
// stored report model (decoded with the unit's rows, see model-rows.ts) and the files' resume states take the
// new records (lifecycle's `appendClaudeUnit` for a Claude Code session with its subagent files,
// `appendCodexThread` for a Codex thread family or a rollout alone), and only the rows that changed are written:
// new messages, calls, usage entries and problems are inserted; calls a result closed, usage merged under its
// key, messages that got parts or changed branch, the session and tree rows are updated. The rows then equal
// those of a build of the whole unit (test/index-append.test.ts, index-append-codex.test.ts). Anything the
// fold cannot redo is left to a build (`undefined`).
import type Database from 'better-sqlite3';
import { allSessions } from '../analytics/all-calls.js';
import {
  appendClaudeUnit,
  appendCodexThread,
  type ClaudeUnitAppend,
  type ClaudeUnitChanges,
  type SessionResume,
  type StoredResume,
} from '../lifecycle/append-session.js';
import type { Session } from '../model/session.js';
import type { SessionChange } from '../model/session-change.js';
import { prepareInsert, prepareUpdate, type Row } from './insert-row.js';
import { createModelRowsReader, rowBackable } from './model-rows.js';
import { packResume, resumeStatesOf, unpackResume } from './packed-resume.js';
import { toReportModel } from './report-model.js';
import { packReportModel, unpackReportModel } from './report-model-codec.js';
import { type SettledTail, settleTail } from './settle-tail.js';
import {
  callOutcomeColumns,
  callRowOf,
  excerpt,
  messageRowOf,
  messageText,
  problemRowOf,
  sessionRowOf,
  treeRow,
  usageRowOf,
} from './unit-rows.js';
import type { AppendedRead } from './update-file.js';

/** A unit's top-level session after an append, as `refreshIndex` lists built ones. */
export interface AppendedUnit {
  phase: number;
  anchor: string;
  session: Session;
}

export interface UnitAppender {
  /**
   * Appends the new lines of the unit's Claude Code files (`reads`, by path: its session file first) to
   * the stored unit `unitId`; returns its report model, or undefined when the unit must be built again
   * (then what was written for it is removed by that build).
   */
  append(
    unitId: number,
    reads: ReadonlyMap<string, AppendedRead>,
    added?: ClaudeUnitChanges['added'],
    order?: readonly string[],
  ): AppendedUnit | undefined;
  /**
   * Stores the resume states of a session tree just built from whole files ({@link resumeStatesOf}). A file
   * whose last line was unterminated keeps the state after that line, which it reads again from its start
   * (`settle-tail.ts`).
   */
  saveResumes(states: readonly (readonly [path: string, state: Buffer])[]): void;
}

export function createUnitAppender(db: Database.Database): UnitAppender {
  const selectModel = db.prepare('SELECT rowid, anchor, phase, model FROM _models WHERE unit_id = ?');
  const rowsOf = createModelRowsReader(db);
  const selectTree = db.prepare('SELECT id FROM trees WHERE unit_id = ?').pluck();
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
  const updateModel = db.prepare('UPDATE _models SET model = ? WHERE rowid = ?');
  const updateState = db.prepare('UPDATE files SET state = ? WHERE path = ?');
  const deleteProblem = db.prepare(
    `DELETE FROM problems WHERE rowid = (SELECT rowid FROM problems WHERE unit_id = ? AND session_id = ?
      AND file = ? AND line = ? AND type = ? AND message = ? LIMIT 1)`,
  );

  /**
   * Writes the rows an append changed; returns the resume state's `emptyText` settled with the stored texts
   * of the messages that got parts, or undefined (nothing written) when a stored row to update is missing.
   * `subagent`: the session row's `is_subagent` (a Claude Code session is one below the root).
   */
  const writeChange = (
    unitId: number,
    root: Session,
    change: SessionChange,
    storedEmptyText: Record<string, number>,
    subagent = change.session !== root,
  ): Record<string, number> | undefined => {
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
    const usageRows = change.changedUsage.length > 0 ? (selectUsage.all(unitId, session.id) as number[]) : [];
    if (
      [...changedMessages].some((m) => !messageRows.has(m.id)) ||
      change.changedCalls.some((c) => !callRows.has(c.id)) ||
      change.changedUsage.some((u) => usageRows[u.index] === undefined)
    )
      return undefined;

    update('sessions', sessionRow, sessionRowOf(session, root));
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
      });
    }
    for (const message of change.newMessages)
      insertMessage({ ...messageRowOf(message, session, root, messageText(message)), unit_id: unitId });
    for (const call of change.changedCalls)
      update('tool_calls', callRows.get(call.id) as number, callOutcomeColumns(call));
    for (const call of change.newCalls)
      insertCall({ ...callRowOf(call, session, root), session_row: sessionRow, unit_id: unitId });
    for (const { index, entry } of change.changedUsage)
      update('usage_entries', usageRows[index] as number, usageRowOf(entry, session, root));
    for (const entry of change.newUsage)
      insertUsage({ ...usageRowOf(entry, session, root), session_row: sessionRow, unit_id: unitId });
    for (const problem of change.newProblems)
      insertProblem({ ...problemRowOf(problem, session, root), unit_id: unitId });
    return emptyText;
  };

  const selectSessionRows = db.prepare(
    'SELECT rowid, id, tree FROM sessions WHERE unit_id = ? ORDER BY rowid',
  );
  const insertSession = prepareInsert(db, 'sessions');
  const moveCalls = db.prepare('UPDATE tool_calls SET session_row = ? WHERE session_row = ?');
  const moveUsage = db.prepare('UPDATE usage_entries SET session_row = ? WHERE session_row = ?');
  const deleteSession = db.prepare('DELETE FROM sessions WHERE rowid = ?');
  const selectCallRow = db
    .prepare(
      `SELECT rowid FROM tool_calls WHERE unit_id = ? AND session_id = ? AND id = ? AND status != 'orphan_result'
        ORDER BY rowid LIMIT 1`,
    )
    .pluck();

  /**
   * Writes the sessions rows of a tree whose subagents changed (`before`: its sessions in the stored rows'
   * order). The queries read a tree's sessions in rowid order, which is `allSessions` order: the rows from
   * the first session whose place changed on are written again after the others (their calls and usage
   * entries follow them), new sessions with all their rows; the calls that now claim a subagent get its id.
   */
  const relayout = (
    unitId: number,
    root: Session,
    before: readonly Session[],
    result: ClaudeUnitAppend,
  ): boolean => {
    const rows = selectSessionRows.all(unitId) as { rowid: number; id: string; tree: number }[];
    if (rows.length !== before.length || rows.some((row, i) => row.id !== before[i]?.id)) return false;
    const rowOf = new Map(before.map((session, i) => [session, (rows[i] as { rowid: number }).rowid]));
    const treeId = (rows[0] as { tree: number }).tree;
    const after = [...allSessions([root])];
    let moved = after.findIndex((session, i) => session !== before[i]);
    if (moved === -1) moved = after.length;
    const parentOf = new Map<Session, Session>();
    for (const session of after) for (const sub of session.subagents) parentOf.set(sub.session, session);
    const added = new Set(result.added);
    for (const [i, session] of after.entries()) {
      const parent = parentOf.get(session);
      const parentRow = parent === undefined ? null : (rowOf.get(parent) ?? null);
      const row = { ...sessionRowOf(session, root), tree: treeId, parent_row: parentRow, unit_id: unitId };
      const old = rowOf.get(session);
      if (i < moved && old !== undefined && !added.has(session)) {
        update('sessions', old, sessionRowOf(session, root));
        continue;
      }
      const rowid = insertSession(row);
      rowOf.set(session, rowid);
      if (old !== undefined && !added.has(session)) {
        moveCalls.run(rowid, old);
        moveUsage.run(rowid, old);
        deleteSession.run(old);
        continue;
      }
      for (const message of session.messages)
        insertMessage({ ...messageRowOf(message, session, root, messageText(message)), unit_id: unitId });
      for (const call of session.toolCalls)
        insertCall({ ...callRowOf(call, session, root), session_row: rowid, unit_id: unitId });
      for (const entry of session.usageEntries)
        insertUsage({ ...usageRowOf(entry, session, root), session_row: rowid, unit_id: unitId });
      for (const problem of session.problems)
        insertProblem({ ...problemRowOf(problem, session, root), unit_id: unitId });
    }
    for (const call of result.linked) {
      const rowid = selectCallRow.get(unitId, root.id, call.id) as number | undefined;
      if (rowid === undefined) return false;
      update('tool_calls', rowid, { subagent_id: call.subagentId ?? null });
    }
    return true;
  };

  const saveResumes = (states: readonly (readonly [path: string, state: Buffer])[]) => {
    for (const [path, state] of states) updateState.run(state, path);
  };
  const selectState = db.prepare('SELECT state FROM files WHERE path = ?').pluck();
  const resumeOf = (state: Buffer | null | undefined): SessionResume | undefined => {
    const resume = unpackResume(state);
    return resume?.kind === 'codex' ? undefined : resume;
  };

  /** Stores a file's resume state after an append (after its unterminated last line too, see settle-tail.ts). */
  const saveResume = (path: string, resume: StoredResume) => {
    updateState.run(packResume(resume), path);
  };

  /**
   * A read's new lines, with the unterminated line the stored read ended in settled in the file's stored
   * session (`settle-tail.ts`) and its retracted problems' rows removed; undefined when they do not fit.
   */
  const settled = (
    unitId: number,
    session: Session | undefined,
    read: AppendedRead,
    fileProblems: number,
  ): SettledTail | undefined => {
    if (read.priorTail === undefined) return { part: read.part, retracted: [], fileProblems };
    if (session === undefined) return undefined;
    const result = settleTail(session, read.priorTail, read.part, fileProblems);
    if (result === undefined) return undefined;
    for (const { location, type, message } of result.retracted)
      if (deleteProblem.run(unitId, session.id, location.file, location.line, type, message).changes !== 1)
        return undefined;
    return result;
  };

  /**
   * Appends the new records of a Codex thread family's rollouts (a rollout alone too) to their stored
   * sessions, and the links to sub-agent threads that new calls name; false: build it.
   */
  const appendThread = (
    unitId: number,
    root: Session,
    reads: ReadonlyMap<string, AppendedRead>,
    added: ClaudeUnitChanges['added'],
  ): boolean => {
    if (added.length > 0) return false;
    const byFile = sessionsByFile(root);
    const changes: Parameters<typeof appendCodexThread>[1][number][] = [];
    for (const [path, read] of reads) {
      const resume = unpackResume(read.state);
      if (resume?.kind !== 'codex') return false;
      // A rollout's problems are all its file's.
      const session = byFile.get(path);
      const settledRead = settled(unitId, session, read, session?.problems.length ?? 0);
      if (settledRead === undefined) return false;
      changes.push({ path, resume, part: settledRead.part });
    }
    let result: ReturnType<typeof appendCodexThread>;
    try {
      result = appendCodexThread(root, changes);
    } catch {
      // Not appendable, or a record the fold could not take: a build says where, with its problems.
      return false;
    }
    // A Codex rollout's session row says whether it is a sub-agent thread, wherever it sits.
    for (const { path, change } of result.changes) {
      if (writeChange(unitId, root, change, {}, change.session.isSubagent) === undefined) return false;
      saveResume(path, change.resume);
    }
    for (const child of result.linked) {
      const sessionRow = selectSessionRow.get(unitId, child.id, child.isSubagent ? 1 : 0) as
        | number
        | undefined;
      const callRow = selectCallRow.get(unitId, child.parentSessionId, child.parentToolCallId) as
        | number
        | undefined;
      if (sessionRow === undefined || callRow === undefined) return false;
      update('sessions', sessionRow, sessionRowOf(child, root));
      update('tool_calls', callRow, { subagent_id: child.id });
    }
    return true;
  };

  /** Appends a Claude Code session's and its subagents' new records, and new subagent files; false: build it. */
  const appendClaude = (
    unitId: number,
    root: Session,
    reads: ReadonlyMap<string, AppendedRead>,
    added: ClaudeUnitChanges['added'],
    order: readonly string[],
  ): boolean => {
    const byFile = sessionsByFile(root);
    const changes: ClaudeUnitChanges['reads'][number][] = [];
    for (const [path, read] of reads) {
      const resume = resumeOf(read.state);
      if (resume === undefined) return false;
      const settledRead = settled(unitId, byFile.get(path), read, resume.fileProblems);
      if (settledRead === undefined) return false;
      changes.push({
        path,
        resume: { ...resume, fileProblems: settledRead.fileProblems },
        part: settledRead.part,
      });
    }
    const before = [...allSessions([root])];
    let result: ClaudeUnitAppend;
    try {
      result = appendClaudeUnit(root, {
        reads: changes,
        stored: (path) => resumeOf(selectState.get(path) as Buffer | null | undefined),
        added,
        order,
      });
    } catch {
      // NotAppendable, or a record the fold could not take: a build says where, with its problems.
      return false;
    }
    for (const { path, change } of result.changes) {
      const emptyText = writeChange(unitId, root, change, change.resume.emptyText);
      if (emptyText === undefined) return false;
      saveResume(path, { ...change.resume, emptyText });
    }
    if (result.relinked && !relayout(unitId, root, before, result)) return false;
    const mainPath = root.files[0];
    if (result.mainResume && mainPath !== undefined) updateState.run(packResume(result.mainResume), mainPath);
    saveResumes(result.added.flatMap(resumeStatesOf));
    return true;
  };

  return {
    append(unitId, reads, added = [], order = [...reads.keys()]) {
      const models = selectModel.all(unitId) as {
        rowid: number;
        anchor: string;
        phase: number;
        model: Buffer;
      }[];
      const stored = models[0];
      if (models.length !== 1 || stored === undefined) return undefined;
      let root: Session;
      try {
        root = unpackReportModel(stored.model, rowsOf(unitId));
      } catch {
        return undefined;
      }
      const tree = selectTree.get(unitId) as number | undefined;
      if (tree === undefined) return undefined;
      const appended =
        root.agent === 'codex'
          ? appendThread(unitId, root, reads, added)
          : root.agent === 'claude-code' && appendClaude(unitId, root, reads, added, order);
      if (!appended) return undefined;
      update('trees', tree, treeRow(root, { anchor: stored.anchor, phase: stored.phase }));
      const model = toReportModel(root);
      updateModel.run(packReportModel(model, rowBackable([root])), stored.rowid);
      return { phase: stored.phase, anchor: stored.anchor, session: model };
    },
    saveResumes,
  };
}

/** The sessions of a tree by their own file (a sidechain's subagent has none). */
function sessionsByFile(root: Session): Map<string, Session> {
  const byFile = new Map<string, Session>();
  for (const session of allSessions([root])) {
    const file = session.files[0];
    if (file !== undefined && !byFile.has(file)) byFile.set(file, session);
  }
  return byFile;
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
