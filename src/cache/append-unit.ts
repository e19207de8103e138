// Appends to a stored unit what its files got since it was stored, without building the unit again: the
// stored report model (decoded with the unit's rows, see model-rows.ts) and the files' resume states take the
// new records (lifecycle's `appendClaudeUnit` for a Claude Code session with its subagent files,
// `appendCodexThread` for a Codex thread family or a rollout alone), and only the rows that changed are written:
// new messages, calls, usage entries and problems are inserted; calls a result closed, usage merged under its
// key, messages that got parts or changed branch, the session and tree rows are updated (`change-writer.ts`).
// The rows then equal those of a build of the whole unit (test/index-append.test.ts,
// index-append-codex.test.ts). Anything the fold cannot redo is left to a build (`undefined`).
import type Database from 'better-sqlite3';
import {
  appendClaudeUnit,
  type ClaudeUnitAppend,
  type ClaudeUnitChanges,
  callsNamedBy,
  continuedMessages,
  NeedsEarlierMessages,
  requestsNamedBy,
  type SessionResume,
  type StoredResume,
  streamedAgents,
} from '../lifecycle/append-session.js';
import { allSessions, sessionsByFile } from '../model/all-sessions.js';
import type { Session } from '../model/session.js';
import { appendCodexUnit } from './append-codex-unit.js';
import { createChangeWriter } from './change-writer.js';
import { prepareInsert } from './insert-row.js';
import { createStoredTreesReader, rowBackable, type StoredTree } from './model-rows.js';
import { packResume, resumeStatesOf, unpackResume } from './packed-resume.js';
import { packUsage } from './packed-usage.js';
import { toReportModel } from './report-model.js';
import { packStoredSession } from './report-model-codec.js';
import { type SettledTail, settleTail } from './settle-tail.js';
import { createTailReader, type TailTree } from './tail-reader.js';
import { storedSessions } from './tree-rows.js';
import { sessionRowOf, treeRow } from './unit-rows.js';
import type { AppendedRead } from './update-file.js';

/** A unit's top-level session after an append, with what orders it as `refreshIndex` lists built ones. */
export interface AppendedUnit {
  phase: number;
  anchor: string;
  /** Its report model (made when asked: the stored form is packed from the session itself). */
  model(): Session;
  /** Whether its session was read from its last prompt on (see `createTailReader`). */
  fromLastPrompt?: true;
}

export interface UnitAppender {
  /**
   * Appends the new lines of the unit's Claude Code files (`reads`, by path: its session file first) to
   * the stored unit `unitId`; returns its top-level session, or undefined when the unit must be built again
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
  const storedTrees = createStoredTreesReader(db);
  const tailTree = createTailReader(db);
  const writer = createChangeWriter(db);
  const selectTree = db.prepare('SELECT id FROM trees WHERE unit_id = ?').pluck();
  const updateDetail = db.prepare('UPDATE sessions SET detail = ? WHERE rowid = ?');
  const updateState = db.prepare('UPDATE files SET state = ? WHERE path = ?');
  const selectSessionRows = db.prepare(
    'SELECT rowid, id, tree FROM sessions WHERE unit_id = ? ORDER BY rowid',
  );
  const insertSession = prepareInsert(db, 'sessions');
  const moveCalls = db.prepare('UPDATE tool_calls SET session_row = ? WHERE session_row = ?');
  const moveUsage = db.prepare('UPDATE usage_entries SET session_row = ? WHERE session_row = ?');
  const deleteSession = db.prepare('DELETE FROM sessions WHERE rowid = ?');
  const copyDetail = db.prepare(
    'UPDATE sessions SET detail = (SELECT detail FROM sessions WHERE rowid = ?) WHERE rowid = ?',
  );

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
    left?: TailTree['left'],
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
      const columns = sessionRowOf(session, root, left?.get(session));
      const old = rowOf.get(session);
      if (i < moved && old !== undefined && !added.has(session)) {
        writer.update('sessions', old, columns);
        continue;
      }
      // Its stored form is written with the others', after the append (see `saveStored`).
      const rowid = insertSession({
        ...columns,
        tree: treeId,
        parent_row: parentRow,
        detail: null,
        unit_id: unitId,
      });
      rowOf.set(session, rowid);
      if (old !== undefined && !added.has(session)) {
        moveCalls.run(rowid, old);
        moveUsage.run(rowid, old);
        // A session the tail reader left in its rows keeps its stored form (a move changes nothing in it).
        if (left?.has(session)) copyDetail.run(old, rowid);
        deleteSession.run(old);
        continue;
      }
      writer.insertItems(unitId, session, root, rowid);
    }
    for (const call of result.linked) if (!writer.linkCall(unitId, root.id, call)) return false;
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
    for (const problem of result.retracted)
      if (!writer.removeProblem(unitId, session.id, problem)) return undefined;
    return result;
  };

  /**
   * Appends a Claude Code session's and its subagents' new records, and new subagent files; false: build it.
   * `tail`: the tree was decoded from the session's last prompt on (then `NeedsEarlierMessages` goes up).
   */
  const appendClaude = (
    unitId: number,
    root: Session,
    reads: ReadonlyMap<string, AppendedRead>,
    added: ClaudeUnitChanges['added'],
    order: readonly string[],
    tail?: { tree: TailTree; resumes: ReadonlyMap<string, SessionResume> },
  ): ClaudeUnitAppend | false => {
    const byFile = sessionsByFile(root);
    const changes: ClaudeUnitChanges['reads'][number][] = [];
    for (const [path, read] of reads) {
      const resume = tail?.resumes.get(path) ?? resumeOf(read.state);
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
        ...(tail ? { earlier: tail.tree } : {}),
      });
    } catch (error) {
      if (error instanceof NeedsEarlierMessages) throw error;
      // NotAppendable, or a record the fold could not take: a build says where, with its problems.
      return false;
    }
    for (const { path, change } of result.changes) {
      const emptyText = writer.writeChange(
        unitId,
        root,
        change,
        change.resume.emptyText,
        undefined,
        tail?.tree.left.get(change.session),
      );
      if (emptyText === undefined) return false;
      saveResume(path, { ...change.resume, emptyText });
    }
    if (result.relinked && !relayout(unitId, root, before, result, tail?.tree.left)) return false;
    const mainPath = root.files[0];
    if (result.mainResume && mainPath !== undefined) saveResume(mainPath, result.mainResume);
    saveResumes(result.added.flatMap(resumeStatesOf));
    return result;
  };

  /**
   * Writes the stored form of every session of the tree after an append (`detail`, in the rows' order: a
   * tree's sessions rows are in `allSessions` order); false when the rows are not the tree's sessions.
   */
  const saveStored = (unitId: number, root: Session): boolean => {
    const rows = selectSessionRows.all(unitId) as { rowid: number; id: string }[];
    const sessions = [...storedSessions(root, rowBackable([root]))];
    if (rows.length !== sessions.length || rows.some((row, i) => row.id !== sessions[i]?.session.id))
      return false;
    sessions.forEach(({ detail }, i) => {
      updateDetail.run(detail, (rows[i] as { rowid: number }).rowid);
    });
    return true;
  };

  /**
   * Appends the new lines of a Claude Code unit's files (its session file, the files of running subagents) to
   * the unit decoded from the session's last prompt on (`createTailReader`; the subagents the append reaches
   * whole), writing the session's stored form with the entries of what it left in the rows, and those of the
   * subagents decoded whole. `whole` (nothing written) when the unit does not fit or the append needs the
   * earlier messages.
   */
  const appendTail = (
    unitId: number,
    reads: ReadonlyMap<string, AppendedRead>,
    added: ClaudeUnitChanges['added'],
    order: readonly string[],
  ): AppendedUnit | undefined | 'whole' => {
    const resumes = new Map<string, SessionResume>();
    let main:
      | { path: string; resume: Extract<SessionResume, { kind: 'session' }>; part: AppendedRead['part'] }
      | undefined;
    for (const [path, read] of reads) {
      const resume = resumeOf(read.state);
      if (resume === undefined) return 'whole';
      resumes.set(path, resume);
      if (resume.kind !== 'session') continue;
      if (main) return 'whole';
      main = { path, resume, part: read.part };
    }
    // The subagents the append reaches: those whose file grew, those the session file streams usage to.
    const grown = new Set([...reads.keys()].filter((path) => path !== main?.path));
    const streamed = main ? streamedAgents(main.part) : new Set<string>();
    let tree: TailTree | undefined;
    try {
      tree = tailTree(unitId, {
        fits: (files) => main === undefined || files[0] === main.path,
        continued: main ? continuedMessages(main.resume, main.part) : [],
        calls: main ? callsNamedBy(main.part) : [],
        whole: (sub) =>
          (sub.files[0] !== undefined && grown.has(sub.files[0])) ||
          (sub.agentId !== undefined && streamed.has(sub.agentId)),
        // The usage entries of the requests the session file's new records name, when the append reaches no
        // subagent (one that grows or streams, or a new file, counts requests after the session's).
        ...(main && grown.size === 0 && streamed.size === 0 && added.length === 0
          ? { usage: requestsNamedBy(main.part) }
          : {}),
      });
    } catch {
      return undefined;
    }
    if (!tree || [...grown].some((path) => !tree.wholeFile(path))) return 'whole';
    const { anchor, phase, left, session: root, rowid, treeId, whole } = tree;
    const leftOfRoot = left.get(root);
    if (leftOfRoot === undefined) return 'whole';
    try {
      return db.transaction((): AppendedUnit | undefined => {
        const result = appendClaude(unitId, root, reads, added, order, { tree, resumes });
        if (!result) return undefined;
        writer.update('trees', treeId, treeRow(root, { anchor, phase }, left));
        const rowBacked = rowBackable([root]);
        // The usage entries left in the rows are row-backed (0 each) and come first in the stored form: the
        // stored ones the session holds must be too, in whatever place they had among them.
        const heldUsage = leftOfRoot.usageRows?.length ?? 0;
        if (
          leftOfRoot.usageRows !== undefined &&
          (!rowBacked || root.usageEntries.slice(0, heldUsage).some((e) => packUsage(e, true) !== 0))
        )
          throw new NeedsEarlierMessages('a stored usage entry is no longer row-backed');
        updateDetail.run(packStoredSession(root, undefined, rowBacked, leftOfRoot.entries), rowid);
        // The subagents decoded whole and the new ones, with the entry their parent has for them (their rows
        // found again by id when the subagents were laid out again).
        const rows = new Map<Session, number>(whole);
        if (result.relinked) {
          const sessionRows = selectSessionRows.all(unitId) as { rowid: number; id: string }[];
          const byId = new Map(sessionRows.map((row) => [row.id, row.rowid]));
          // (Sessions that share an id cannot be told apart by it: left to a build.)
          if (byId.size !== sessionRows.length) return undefined;
          for (const session of [...whole.keys(), ...result.added]) {
            const row = byId.get(session.id);
            if (row === undefined) return undefined;
            rows.set(session, row);
          }
        }
        for (const session of allSessions([root]))
          for (const entry of session.subagents) {
            const row = rows.get(entry.session);
            if (row !== undefined) updateDetail.run(packStoredSession(entry.session, entry, rowBacked), row);
          }
        // The report model, when asked: the tree decoded whole from what was just written.
        const model = () => (storedTrees(unitId)[0] as StoredTree).session;
        return { phase, anchor, model, fromLastPrompt: true };
      })();
    } catch (error) {
      if (error instanceof NeedsEarlierMessages) return 'whole';
      throw error;
    }
  };

  return {
    append(unitId, reads, added = [], order = [...reads.keys()]) {
      const fromLastPrompt = appendTail(unitId, reads, added, order);
      if (fromLastPrompt !== 'whole') return fromLastPrompt;
      let trees: ReturnType<typeof storedTrees>;
      try {
        trees = storedTrees(unitId);
      } catch {
        return undefined;
      }
      const stored = trees[0];
      if (trees.length !== 1 || stored === undefined) return undefined;
      const root = stored.session;
      const tree = selectTree.get(unitId) as number | undefined;
      if (tree === undefined) return undefined;
      const appended =
        root.agent === 'codex'
          ? appendCodexUnit(unitId, root, reads, added, { writer, settled, saveResume })
          : root.agent === 'claude-code' && appendClaude(unitId, root, reads, added, order);
      if (!appended) return undefined;
      writer.update('trees', tree, treeRow(root, { anchor: stored.anchor, phase: stored.phase }));
      if (!saveStored(unitId, root)) return undefined;
      return { phase: stored.phase, anchor: stored.anchor, model: () => toReportModel(root) };
    },
    saveResumes,
  };
}
