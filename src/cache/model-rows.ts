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
import {
  decodeStoredSessions,
  decodeStoredTrees,
  type ModelRows,
  readStoredSession,
  type StoredSession,
} from './report-model-codec.js';

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
 * Reads one table's rows of a unit, by session id, in rowid order; `after` sets rows apart to come after the
 * others of their session. Each row is an array of `columns` followed by its session id.
 */
function tableReader(
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

/** What a session decoded by {@link createTailReader} left in its rows: its earlier messages. */
export interface EarlierRows {
  /** Their entries in its stored form (row-held ones: their ids' last characters). */
  stored: string[];
  /** How many there are, and how many of them are prompts. */
  messages: number;
  prompts: number;
}

/** A unit's one tree decoded for an append to its session file (see {@link createTailReader}). */
export interface TailTree extends StoredTree {
  /** The rows of the top-level session and of the tree. */
  rowid: number;
  treeId: number;
  /** The sessions whose messages were not all decoded, with what they left in their rows. */
  earlier: Map<Session, EarlierRows>;
  /** Which of some ids are of the top-level session's messages left in its rows. */
  among(ids: readonly string[]): Set<string>;
}

/**
 * Reads a Claude Code unit of one tree for an append to its session file, decoding only what such an append
 * can touch: the session's messages from its last prompt on the branch (the rows after it, found from the
 * end), its calls and usage entries, and its subagents without their messages. Undefined for a unit this
 * does not fit (another agent, several trees, no such prompt, earlier messages not all row-held): decode it
 * whole. Throws when a row is damaged, as the whole decoding does.
 */
export function createTailReader(
  db: Database.Database,
): (
  unitId: number,
  fits: (files: readonly string[]) => boolean,
  continued: readonly string[],
) => TailTree | undefined {
  const sessions = db
    .prepare('SELECT rowid, parent_row, detail, prompts FROM sessions WHERE unit_id = ? ORDER BY rowid')
    .raw();
  const trees = db.prepare('SELECT anchor, phase, id FROM trees WHERE unit_id = ?').raw();
  const lastPrompt = db
    .prepare(
      `SELECT rowid FROM messages WHERE unit_id = ? AND session_id = ? AND kind = 'prompt' AND off_branch = 0
        ORDER BY rowid DESC LIMIT 1`,
    )
    .pluck();
  const messagesFrom = db
    .prepare(
      `SELECT ${messageRowColumns.join(', ')}, session_id FROM messages WHERE unit_id = ? AND rowid >= ?
        ORDER BY rowid`,
    )
    .raw();
  const earlierIds = db
    .prepare(
      `SELECT id FROM messages WHERE unit_id = ? AND session_id = ? AND rowid < ?
        AND id IN (SELECT value FROM json_each(?))`,
    )
    .pluck();
  const usage = tableReader(db, 'usage_entries', usageRowColumns);
  const calls = tableReader(db, 'tool_calls', callRowColumns, orphanRow);
  const kind = messageRowColumns.indexOf('kind');
  const firstOf = db
    .prepare(
      `SELECT min(rowid) FROM messages WHERE unit_id = ? AND session_id = ? AND rowid < ?
        AND id IN (SELECT value FROM json_each(?))`,
    )
    .pluck();
  return (unitId, fits, continued) => {
    const rows = sessions.all(unitId) as [number, number | null, Uint8Array | null, number][];
    const places = trees.all(unitId) as [string | null, number, number][];
    const [place] = places;
    const [first] = rows;
    if (places.length !== 1 || place?.[0] == null || first === undefined || first[1] !== null)
      return undefined;
    if (rows.some(([, parent], i) => i > 0 && parent === null)) return undefined;
    const root = readStoredSession(first[0], first[2]);
    if (root.rows !== 1 || root.session.agent !== 'claude-code' || !fits(root.session.files))
      return undefined;
    const stored = rows.map(([rowid, parentRow, detail], i) => ({
      rowid,
      parentRow,
      stored: i === 0 ? root : readStoredSession(rowid, detail),
    }));
    const prompt = lastPrompt.get(unitId, root.session.id) as number | undefined;
    if (prompt === undefined) return undefined;
    const from = (start: number) =>
      (messagesFrom.all(unitId, start) as unknown[][]).filter(
        (row) => row[messageRowColumns.length] === root.session.id,
      );
    let start = prompt;
    let tail = from(start);
    // Messages that new records continue, before the prompt: from the first of them on.
    const held = new Set(tail.map((row) => row[0]));
    const before = continued.filter((id) => !held.has(id));
    if (before.length > 0) {
      const first = firstOf.get(unitId, root.session.id, start, JSON.stringify(before)) as number | null;
      if (first !== null) {
        start = first;
        tail = from(start);
      }
    }
    const cut = root.session.messages.length - tail.length;
    const left = root.session.messages.slice(0, Math.max(0, cut));
    if (cut < 0 || !left.every((entry): entry is string => typeof entry === 'string')) return undefined;
    const earlier = new Map<StoredSession, EarlierRows>();
    earlier.set(root, {
      stored: left,
      messages: cut,
      prompts: (rows[0]?.[3] ?? 0) - tail.filter((row) => row[kind] === 'prompt').length,
    });
    root.session.messages = root.session.messages.slice(cut);
    stored.forEach(({ stored: sub }, i) => {
      if (i === 0) return;
      earlier.set(sub, { stored: [], messages: sub.session.messages.length, prompts: rows[i]?.[3] ?? 0 });
      sub.session.messages = [];
    });
    const messageRows = (sessionId: string) => (sessionId === root.session.id ? tail : none);
    const decoded = decodeStoredSessions(stored, {
      messages: messageRows,
      usage: usage(unitId),
      calls: calls(unitId),
    });
    const session = decoded[0]?.session;
    if (decoded.length !== 1 || session === undefined) return undefined;
    const bySession = new Map<Session, EarlierRows>();
    const all = [...allSessions([session])];
    if (all.length !== stored.length) return undefined;
    for (const [i, s] of all.entries()) {
      const form = (stored[i] as (typeof stored)[number]).stored;
      if (s.id !== form.session.id) return undefined;
      bySession.set(s, earlier.get(form) as EarlierRows);
    }
    return {
      anchor: place[0],
      phase: place[1],
      rowid: first[0],
      treeId: place[2],
      session,
      earlier: bySession,
      among: (ids) => new Set(earlierIds.all(unitId, session.id, start, JSON.stringify(ids)) as string[]),
    };
  };
}
