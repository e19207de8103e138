/**
 * A Claude Code unit read for an append to its session file or to the files of running subagents, decoding only
 * what such an append can touch (`append-unit.ts`): the session's messages from its last prompt on the branch
 * (the rows after it, found from the end through the `unit_id` index, and the messages the new records
 * continue), the calls those messages and the new records name, its usage entries (when the append reaches
 * no subagent, only those of the requests the new records name: `TailNeeds.usage`), the subagents the append
 * reaches (a file that grew, usage streamed to them) whole, and the other subagents without their messages and
 * calls (nor usage entries, when the session's are left). What it leaves in the rows is counted for the session
 * and tree rows (`EarlierCounts`; the stored totals of usage stand), and kept as the stored form's entries,
 * which a row-held item's are (its id's last characters; a usage entry's 0), so that the stored form is
 * written again without them being read.
 */
import type Database from 'better-sqlite3';
import type { UsageLeftInRows } from '../lifecycle/append-session.js';
import { allSessions } from '../model/all-sessions.js';
import type { Session } from '../model/session.js';
import type { UsageEntry } from '../model/usage.js';
import { none, type StoredTree, tableReader } from './model-rows.js';
import { callRowColumns } from './packed-call.js';
import { messageRowColumns, type PlacesBefore, placesOf } from './packed-message.js';
import { usageRowColumns } from './packed-usage.js';
import {
  decodeStoredSessions,
  type LeftEntries,
  readStoredSession,
  type StoredSession,
} from './report-model-codec.js';
import type { EarlierCounts } from './unit-rows.js';
import { createUsageByKeyReader } from './usage-by-key.js';

/**
 * What a session decoded by {@link createTailReader} left in its rows, with its stored calls' places (each
 * id's first place among its calls, results without a call apart) and how many calls it has.
 */
export interface LeftInRows extends EarlierCounts, PlacesBefore {
  /** The stored form's entries of what was left (the top-level session's: its subagents are not written). */
  entries: LeftEntries;
  /**
   * When its usage entries were left in the rows but for some (`TailNeeds.usage`): the rows of those it
   * holds, in their order (its usage entries begin with them).
   */
  usageRows?: readonly number[];
}

/** A unit's one tree decoded for an append to its session file (see the file comment). */
export interface TailTree extends StoredTree {
  /** The rows of the top-level session and of the tree. */
  rowid: number;
  treeId: number;
  /** What each session of the tree left in its rows. */
  left: Map<Session, LeftInRows>;
  /** Which of some ids are of the top-level session's messages left in its rows. */
  among(ids: readonly string[]): Set<string>;
  /** The subagents decoded whole (with their messages and calls), with their sessions rows. */
  whole: Map<Session, number>;
  /** Whether the subagent of a file is decoded whole. */
  wholeFile(path: string): boolean;
  /** Whether a subagent of the tree has calls of these tools (Task calls of its own). */
  subagentsCall(tools: ReadonlySet<string>): boolean;
  /** Set when the usage entries were left in the rows but for those of the requests asked for. */
  usage?: UsageLeftInRows;
}

/** What an append brings that the decoding must hold: messages it continues, calls it names. */
export interface TailNeeds {
  /** The session's files: the decoding is for this session (else undefined). */
  fits(files: readonly string[]): boolean;
  /** Ids of stored messages the new records continue. */
  continued: readonly string[];
  /** Ids of calls the new records name (their calls, results, hooks). */
  calls: readonly string[];
  /** Whether a subagent (as stored: its files, its agent id) is to be decoded whole. */
  whole(subagent: Pick<Session, 'files' | 'agentId'>): boolean;
  /**
   * The request keys the new records may count usage under (`requestsNamedBy`): of the session's usage
   * entries only theirs are decoded, those of its subagents none, when no subagent is decoded whole and
   * every stored entry is row-backed. Undefined: every usage entry is decoded.
   */
  usage?: readonly string[];
}

/** A stored call row in brief: its rowid, id and status. */
type CallBrief = [rowid: number, id: string, status: string];

/**
 * Reads a unit as the file comment says. Undefined for a unit this does not fit (another agent, several
 * trees, no prompt on the branch, messages or calls stored whole where they would be left): decode it whole. Throws when
 * a row is damaged, as the whole decoding does.
 */
export function createTailReader(
  db: Database.Database,
): (unitId: number, needs: TailNeeds) => TailTree | undefined {
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
  const messagesOf = db
    .prepare(
      `SELECT ${messageRowColumns.join(', ')}, session_id FROM messages WHERE unit_id = ? AND session_id = ?
        ORDER BY rowid`,
    )
    .raw();
  const messagesFrom = db
    .prepare(
      `SELECT ${messageRowColumns.join(', ')}, session_id FROM messages WHERE unit_id = ? AND rowid >= ?
        ORDER BY rowid`,
    )
    .raw();
  const firstOf = db
    .prepare(
      `SELECT min(rowid) FROM messages WHERE unit_id = ? AND session_id = ? AND rowid < ?
        AND id IN (SELECT value FROM json_each(?))`,
    )
    .pluck();
  const earlierIds = db
    .prepare(
      `SELECT id FROM messages WHERE unit_id = ? AND session_id = ? AND rowid < ?
        AND id IN (SELECT value FROM json_each(?))`,
    )
    .pluck();
  const callBriefs = db
    .prepare('SELECT rowid, id, status, session_id FROM tool_calls WHERE unit_id = ? ORDER BY rowid')
    .raw();
  const callRows = db
    .prepare(
      `SELECT ${callRowColumns.join(', ')}, session_id, rowid FROM tool_calls
        WHERE rowid IN (SELECT value FROM json_each(?))`,
    )
    .raw();
  const agentCallsBelow = db
    .prepare(
      `SELECT 1 FROM tool_calls WHERE unit_id = ? AND session_id != ?
        AND tool IN (SELECT value FROM json_each(?)) LIMIT 1`,
    )
    .pluck();
  const usage = tableReader(db, 'usage_entries', usageRowColumns);
  const usageByKey = createUsageByKeyReader(db);
  const kind = messageRowColumns.indexOf('kind');
  /** The call rows of these rowids, in their order. */
  const callRowsIn = (rowids: readonly number[]): unknown[][] => {
    const byRowid = new Map<number, unknown[]>();
    for (const row of callRows.all(JSON.stringify(rowids)) as unknown[][])
      byRowid.set(row[callRowColumns.length + 1] as number, row);
    return rowids.map((rowid) => byRowid.get(rowid) ?? []);
  };

  return (unitId, needs) => {
    const rows = sessions.all(unitId) as [number, number | null, Uint8Array | null, number][];
    const places = trees.all(unitId) as [string | null, number, number][];
    const [place] = places;
    const [first] = rows;
    if (places.length !== 1 || place?.[0] == null || first === undefined || first[1] !== null)
      return undefined;
    if (rows.some(([, parent], i) => i > 0 && parent === null)) return undefined;
    const root = readStoredSession(first[0], first[2]);
    if (root.rows !== 1 || root.session.agent !== 'claude-code' || !needs.fits(root.session.files))
      return undefined;
    const stored = rows.map(([rowid, parentRow, detail], i) => ({
      rowid,
      parentRow,
      stored: i === 0 ? root : readStoredSession(rowid, detail),
    }));
    const rootId = root.session.id;

    // The messages from the last prompt on, or from the first the new records continue.
    const prompt = lastPrompt.get(unitId, rootId) as number | undefined;
    if (prompt === undefined) return undefined;
    const from = (start: number) =>
      (messagesFrom.all(unitId, start) as unknown[][]).filter(
        (row) => row[messageRowColumns.length] === rootId,
      );
    let start = prompt;
    let tail = from(start);
    const held = new Set(tail.map((row) => row[0]));
    const before = needs.continued.filter((id) => !held.has(id));
    if (before.length > 0) {
      const earliest = firstOf.get(unitId, rootId, start, JSON.stringify(before)) as number | null;
      if (earliest !== null) {
        start = earliest;
        tail = from(start);
      }
    }
    const cut = root.session.messages.length - tail.length;
    const leftMessages = root.session.messages.slice(0, Math.max(0, cut));
    if (cut < 0 || !leftMessages.every((entry): entry is string => typeof entry === 'string'))
      return undefined;

    // Every call in brief, by session, in the stored order (calls, then results without a call).
    const briefs = new Map<string, { calls: CallBrief[]; orphans: CallBrief[] }>();
    for (const [rowid, id, status, sessionId] of callBriefs.all(unitId) as [
      number,
      string,
      string,
      string,
    ][]) {
      let lists = briefs.get(sessionId);
      if (!lists) {
        lists = { calls: [], orphans: [] };
        briefs.set(sessionId, lists);
      }
      (status === 'orphan_result' ? lists.orphans : lists.calls).push([rowid, id, status]);
    }
    const briefsOf = (sessionId: string) => {
      const lists = briefs.get(sessionId);
      return lists ? [...lists.calls, ...lists.orphans] : [];
    };
    // (Calls stored whole are a session whose calls the rows do not give back in its order: decode it whole.)
    if (!root.session.toolCalls.every((entry) => typeof entry === 'string')) return undefined;
    const rootBriefs = briefsOf(rootId);
    if (rootBriefs.length !== root.session.toolCalls.length)
      throw new Error(
        `The stored model of session ${rootId} has ${root.session.toolCalls.length} tool calls, its rows ${rootBriefs.length}.`,
      );
    const placedIds = (briefs.get(rootId)?.calls ?? []).map(([, id]) => id);

    // The subagents the append reaches, whole: their message rows, and their call rows in the stored order.
    const wholeMessages = new Map<string, unknown[][]>();
    const wholeCalls = new Map<string, unknown[][]>();
    const wholeAt = new Set<number>();
    for (const [i, { stored: form }] of stored.entries()) {
      if (i === 0 || !needs.whole(form.session)) continue;
      const { id, messages, toolCalls } = form.session;
      // (Items stored whole, or a session id shared, pair with no rows of their own: decode the tree whole.)
      if (wholeMessages.has(id) || id === rootId) return undefined;
      if (![...messages, ...toolCalls].every((entry) => typeof entry === 'string')) return undefined;
      wholeAt.add(i);
      wholeMessages.set(id, messagesOf.all(unitId, id) as unknown[][]);
      wholeCalls.set(id, callRowsIn(briefsOf(id).map(([rowid]) => rowid)));
    }
    // The usage rows: of the requests asked for alone when they can be (see `TailNeeds.usage`), else all.
    const usageLeft =
      needs.usage !== undefined &&
      wholeAt.size === 0 &&
      root.session.usageEntries.every((entry) => entry === 0) &&
      stored.every(({ stored: form }, i) => i === 0 || form.session.id !== rootId)
        ? usageByKey.read(unitId, rootId, needs.usage)
        : undefined;
    const usageRows = usageLeft
      ? (sessionId: string) => (sessionId === rootId ? usageLeft.held : none)
      : usage(unitId);

    const decode = (
      forms: readonly StoredSession[],
      callsOf: (sessionId: string) => readonly unknown[][],
      withWhole: boolean,
    ) =>
      decodeStoredSessions(
        forms.map((form, i) => ({ ...(stored[i] as (typeof stored)[number]), stored: form })),
        {
          messages: (sessionId) =>
            sessionId === rootId ? tail : (withWhole && wholeMessages.get(sessionId)) || none,
          usage: usageRows,
          calls: callsOf,
          placed: (sessionId) => (sessionId === rootId ? placedIds : undefined),
        },
      )[0]?.session;

    // The calls to decode: those the decoded messages and the new records name.
    const bare = (form: StoredSession, i: number, keepWhole: boolean): StoredSession =>
      keepWhole && wholeAt.has(i)
        ? form
        : {
            ...form,
            session: {
              ...form.session,
              messages: i === 0 ? form.session.messages.slice(cut) : [],
              toolCalls: [],
              ...(usageLeft ? { usageEntries: i === 0 ? usageLeft.held.map(() => 0 as const) : [] } : {}),
            },
          };
    const messagesOnly = decode(
      stored.map(({ stored: form }, i) => bare(form, i, false)),
      () => none,
      false,
    );
    if (messagesOnly === undefined) return undefined;
    const named = new Set(needs.calls);
    for (const message of messagesOnly.messages)
      for (const part of message.parts)
        if (part.type === 'tool_call' || part.type === 'tool_result') named.add(part.callId);
    const decoded: number[] = [];
    rootBriefs.forEach(([, id], i) => {
      if (named.has(id)) decoded.push(i);
    });
    const rootCallRows = callRowsIn(decoded.map((i) => (rootBriefs[i] as CallBrief)[0]));
    const forms = stored.map(({ stored: form }, i) => {
      const cutForm = bare(form, i, true);
      if (i === 0) cutForm.session.toolCalls = decoded.map((p) => root.session.toolCalls[p] as string);
      return cutForm;
    });
    const session = decode(
      forms,
      (sessionId) => (sessionId === rootId ? rootCallRows : (wholeCalls.get(sessionId) ?? none)),
      true,
    );
    if (session === undefined) return undefined;

    // What each session left in its rows (the subagents decoded whole left nothing).
    const left = new Map<Session, LeftInRows>();
    const whole = new Map<Session, number>();
    const all = [...allSessions([session])];
    if (all.length !== stored.length) return undefined;
    for (const [i, s] of all.entries()) {
      const form = (stored[i] as (typeof stored)[number]).stored;
      if (s.id !== form.session.id) return undefined;
      if (wholeAt.has(i)) {
        whole.set(s, (stored[i] as (typeof stored)[number]).rowid);
        continue;
      }
      const callBriefsOf = i === 0 ? rootBriefs : briefsOf(s.id);
      const kept = new Set(i === 0 ? decoded : []);
      const counts = { calls: 0, failed: 0, errors: 0, missing: 0 };
      callBriefsOf.forEach(([, , status], p) => {
        if (kept.has(p)) return;
        counts.calls += 1;
        if (status !== 'ok') counts.failed += 1;
        if (status === 'error') counts.errors += 1;
        if (status === 'missing') counts.missing += 1;
      });
      left.set(s, {
        ...counts,
        messages: i === 0 ? cut : form.session.messages.length,
        prompts: (rows[i]?.[3] ?? 0) - (i === 0 ? tail.filter((row) => row[kind] === 'prompt').length : 0),
        entries:
          i === 0
            ? {
                messages: leftMessages,
                calls: root.session.toolCalls,
                decodedCalls: decoded,
                placed: placedIds.length,
                ...(usageLeft ? { usage: form.session.usageEntries.length - usageLeft.held.length } : {}),
              }
            : { messages: [], calls: [], decodedCalls: [], placed: 0 },
        places: i === 0 ? placesOf(placedIds) : new Map(),
        placed: i === 0 ? placedIds.length : 0,
        ...(i === 0 && usageLeft ? { usageRows: usageLeft.heldRows } : {}),
      });
    }
    return {
      anchor: place[0],
      phase: place[1],
      rowid: first[0],
      treeId: place[2],
      session,
      left,
      among: (ids) => new Set(earlierIds.all(unitId, rootId, start, JSON.stringify(ids)) as string[]),
      whole,
      wholeFile: (path) => [...whole.keys()].some((sub) => sub.files[0] === path),
      subagentsCall: (tools) => agentCallsBelow.get(unitId, rootId, JSON.stringify([...tools])) !== undefined,
      ...(usageLeft
        ? {
            usage: {
              asked: usageLeft.asked,
              countedElsewhere: usageLeft.countedElsewhere,
              totals: (entries: readonly UsageEntry[]) =>
                usageByKey.totals(unitId, rootId, root.session.usageEntries.length, usageLeft, entries),
            },
          }
        : {}),
    };
  };
}
