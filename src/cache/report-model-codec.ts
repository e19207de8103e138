// The report model's stored form: each session of a tree packed and raw-deflated in its `sessions` row
// (`detail`), row-backed where the unit's rows give the items back (see the comment below). Each item kind's
// form is in its own module: `packed-message.ts`, `packed-call.ts`, `packed-usage.ts`.
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { Session, Subagent } from '../model/session.js';
import type { LocatedProblem, SourceLocation } from '../model/source-location.js';
import type { ToolCall } from '../model/tool-call.js';
import type { UsageEntry } from '../model/usage.js';
import { callFromRow, callsBeforeOrphans, type PackedCall, packCall, unpackCall } from './packed-call.js';
import type { Absent } from './packed-fields.js';
import {
  messageFromRow,
  type PackedMessage,
  packMessage,
  placedCallIds,
  unpackMessage,
} from './packed-message.js';
import { type PackedUsage, packUsage, unpackUsage, usageFromRow } from './packed-usage.js';

/**
 * The stored form of a session in its `sessions` row (`detail`): file paths once, and messages, calls,
 * usage entries and problems as tuples of their frequent fields (0 for absent) with every other field kept
 * in a trailing object, so that nothing is lost; a subagent also keeps what its parent's `subagents` entry
 * says of it (`sub`). Its subagents are the rows whose `parent_row` is its row, in rowid order.
 *
 * Row-backed (`rows: 1`, see {@link ModelRows}): a message, call or usage entry that its `messages`,
 * `tool_calls` or `usage_entries` row holds is only its id's last characters here (a usage entry: 0): the
 * row's columns give its fields back, and a message's or call's `detail` column what else the report model
 * keeps of it (`messageDetail`, `callDetail`), so that a session's items are stored once, in its rows. A
 * session's rows are paired with its items by position (the model's order), so the writer asks for it only
 * where every session id of the unit is unique; a session whose row count differs, or a row whose id does
 * not end as the item's, is damaged (its unit is built again).
 */
export interface StoredSession {
  files: string[];
  session: PackedSession;
  /** A subagent's entry in its parent's `subagents`, `session` as a 0 placeholder (keeps the key order). */
  sub?: Record<string, unknown>;
  rows?: 1;
}

/**
 * The rows of one unit a row-backed session is decoded with, by session id, in rowid order: messages as
 * `messageRowColumns` (packed-message.ts), usage entries as `usageRowColumns` (packed-usage.ts), calls as
 * `callRowColumns` (packed-call.ts).
 */
export interface ModelRows {
  messages(sessionId: string): readonly unknown[][];
  usage(sessionId: string): readonly unknown[][];
  /**
   * Tool calls as `callRowColumns`: the calls in rowid order, then the results without a call in
   * rowid order (the model's order, which an append keeps: see `queries/calls-in-order.ts`).
   */
  calls(sessionId: string): readonly unknown[][];
  /**
   * The ids of a session's calls that its messages' references are places among (`placedCallIds`), when
   * `calls` gives only some of its calls (`createTailReader`); undefined: those `calls` gives.
   */
  placed?(sessionId: string): readonly string[] | undefined;
}

interface PackedSession
  extends Omit<Session, 'messages' | 'toolCalls' | 'problems' | 'subagents' | 'usageEntries'> {
  /** A string: a row-held message (its id's last characters). */
  messages: (PackedMessage | string)[];
  /** A string: a row-held call (its id's last characters). */
  toolCalls: (PackedCall | string)[];
  /** 0: a row-backed entry. */
  usageEntries: (PackedUsage | [UsageEntry] | Absent)[];
  problems: [string, string, number, number][];
  /** Empty: the subagents are rows of their own (keeps the key order). */
  subagents: [];
}

/**
 * The stored form of one session of a tree (a built session or its report model, `toReportModel`: both give
 * the same, each item being reduced as it is packed, with no copy of the session made), without its
 * subagents; `entry` is its parent's `subagents` entry for it. `rowBacked`: the unit's rows are written from
 * these sessions and every session id of the unit is unique (see {@link StoredSession}). `left`: the stored
 * entries of the items a decoding left in the rows (`createTailReader`), which are written as they were.
 */
export function encodeStoredSession(
  session: Session,
  entry: Subagent | undefined,
  rowBacked: boolean,
  left?: LeftEntries,
): string {
  const files: string[] = [];
  const fileIndex = new Map<string, number>();
  const fileOf = (location: SourceLocation): number => {
    let index = fileIndex.get(location.file);
    if (index === undefined) {
      index = files.length;
      files.push(location.file);
      fileIndex.set(location.file, index);
    }
    return index;
  };
  // Calls pair with rows in calls-then-orphans order: a session in another order keeps its calls whole.
  const callsRowBacked = rowBacked && callsBeforeOrphans(session.toolCalls);
  const packed: PackedSession = {
    ...session,
    messages: [...(left?.messages ?? []), ...session.messages.map((m) => packMessage(m, fileOf, rowBacked))],
    turns: [],
    toolCalls: withLeftCalls(
      session.toolCalls,
      session.toolCalls.map((c) => packCall(c, session.id, fileOf, callsRowBacked)),
      left,
    ),
    usageEntries: [
      ...(left?.usage === undefined ? [] : new Array<Absent>(left.usage).fill(0)),
      ...session.usageEntries.map((u) => packUsage(u, rowBacked)),
    ],
    problems: session.problems.map((p) => [p.type, p.message, fileOf(p.location), p.location.line]),
    subagents: [],
  };
  const stored: StoredSession = {
    files,
    session: inStoredOrder(packed),
    ...(entry === undefined ? {} : { sub: { ...entry, session: 0 } }),
    ...(rowBacked ? { rows: 1 as const } : {}),
  };
  return JSON.stringify(stored);
}

/**
 * The order a session's fields are stored in, whatever order its build or its appends set them in (an append
 * sets a session's times before the working folder a later record names; a fresh build after): the same
 * session is stored the same, byte for byte. It is the order of a Claude Code build; fields not listed keep
 * their order, after these.
 */
const storedOrder = [
  'id',
  'agent',
  'files',
  'cwds',
  'versions',
  'models',
  'messages',
  'turns',
  'toolCalls',
  'subagents',
  'usage',
  'usageByModel',
  'usageEntries',
  'counts',
  'problems',
  'meta',
  'isSubagent',
  'cwd',
  'project',
  'gitBranch',
  'rateLimits',
  'startTime',
  'endTime',
  'durationMs',
  'parentSessionId',
  'agentId',
  'title',
  'titleSource',
  'parentToolCallId',
  'forkedFromId',
] as const;

function inStoredOrder(session: PackedSession): PackedSession {
  const ordered: Record<string, unknown> = {};
  const fields = session as unknown as Record<string, unknown>;
  for (const key of storedOrder) if (key in fields) ordered[key] = fields[key];
  for (const key in fields) if (!(key in ordered)) ordered[key] = fields[key];
  return ordered as unknown as PackedSession;
}

/**
 * The stored form of a session as its row holds it: {@link encodeStoredSession}'s JSON raw-deflated at level 1
 * (an append packs the sessions of its tree again: the 64 MiB session's in a few milliseconds).
 */
export function packStoredSession(
  session: Session,
  entry: Subagent | undefined,
  rowBacked: boolean,
  left?: LeftEntries,
): Buffer {
  return deflateRawSync(encodeStoredSession(session, entry, rowBacked, left), { level: 1 });
}

/**
 * The stored entries of the items of a session that a decoding left in its rows (`createTailReader`):
 * row-held ones only, their ids' last characters, which name no file, so that they are written as they were.
 */
export interface LeftEntries {
  /** The entries of the messages before the decoded ones. */
  messages: readonly string[];
  /** Every call's entry as stored (calls, then results without a call), and which of them were decoded. */
  calls: readonly (PackedCall | string)[];
  decodedCalls: readonly number[];
  /** How many of the stored entries are calls (the results without a call follow). */
  placed: number;
  /**
   * How many usage entries were left in the rows (row-backed: 0 each), when the session holds only some of its
   * stored ones: they come first, then its own, which must pack as 0 too where they are stored ones.
   */
  usage?: number;
}

/**
 * A session's call entries with those a decoding left in the rows: the stored calls (the decoded ones in
 * their places, packed again), the new calls, the stored results without a call (the same), the new ones;
 * as the session's calls would be packed had they all been decoded.
 */
function withLeftCalls(
  calls: readonly ToolCall[],
  packed: readonly (PackedCall | string)[],
  left: LeftEntries | undefined,
): (PackedCall | string)[] {
  if (left === undefined || left.calls.length === 0) return [...packed];
  const own = packed.filter((_, i) => calls[i]?.status !== 'orphan_result');
  const orphans = packed.filter((_, i) => calls[i]?.status === 'orphan_result');
  const stored = [...left.calls];
  let nextOwn = 0;
  let nextOrphan = 0;
  for (const place of left.decodedCalls) {
    const entry = place < left.placed ? own[nextOwn++] : orphans[nextOrphan++];
    if (entry === undefined) throw new Error('A decoded call is missing from the session.');
    stored[place] = entry;
  }
  return [
    ...stored.slice(0, left.placed),
    ...own.slice(nextOwn),
    ...stored.slice(left.placed),
    ...orphans.slice(nextOrphan),
  ];
}

/** One `sessions` row of a unit, as {@link decodeStoredTrees} reads them (in rowid order). */
export interface StoredSessionRow {
  rowid: number;
  parentRow: number | null;
  detail: Uint8Array | null;
}

/**
 * The top-level sessions of a unit (their report models, subagents linked), from its `sessions` rows in
 * rowid order and, for row-backed ones, its item rows; each with the row of its top-level session. Throws
 * when a row is damaged or does not pair with the stored session.
 */
export function decodeStoredTrees(
  sessionRows: readonly StoredSessionRow[],
  rows: ModelRows,
): { rowid: number; session: Session }[] {
  return decodeStoredSessions(
    sessionRows.map((row) => ({ ...row, stored: readStoredSession(row.rowid, row.detail) })),
    rows,
  );
}

/** A session row's stored form, as written (throws when there is none or it cannot be read). */
export function readStoredSession(rowid: number, detail: Uint8Array | null): StoredSession {
  if (detail === null) throw new Error(`The session row ${rowid} holds no stored session.`);
  return JSON.parse(inflateRawSync(detail).toString('utf8')) as StoredSession;
}

/** {@link decodeStoredTrees} of stored forms already read (and perhaps cut: see `createTailReader`). */
export function decodeStoredSessions(
  sessionRows: readonly { rowid: number; parentRow: number | null; stored: StoredSession }[],
  rows: ModelRows,
): { rowid: number; session: Session }[] {
  const byRow = new Map<number, Session>();
  const roots: { rowid: number; session: Session }[] = [];
  for (const { stored, ...row } of sessionRows) {
    const session = unpackSession(stored, rows);
    byRow.set(row.rowid, session);
    if (row.parentRow === null) {
      roots.push({ rowid: row.rowid, session });
      continue;
    }
    const parent = byRow.get(row.parentRow);
    if (!parent || !stored.sub) throw new Error(`The session row ${row.rowid} has no parent before it.`);
    parent.subagents.push({ ...stored.sub, session } as Subagent);
  }
  return roots;
}

/** The rows of a session, which must be as many as the model holds. */
function rowsFor(rows: readonly unknown[][], count: number, what: string, sessionId: string) {
  if (rows.length !== count)
    throw new Error(
      `The stored model of session ${sessionId} has ${count} ${what}, its rows ${rows.length}.`,
    );
  return rows;
}

/** A session of its stored form, its subagents left out (a row-backed one with its unit's rows). */
function unpackSession({ files, session: packed, rows: rowBacked }: StoredSession, rows: ModelRows): Session {
  const location = (file: number, line: number): SourceLocation => ({ file: files[file] as string, line });
  // The rows' paths, one string each (as the stored paths are).
  const paths = new Map(files.map((file) => [file, file]));
  const pathOf = (path: string): string => {
    const known = paths.get(path);
    if (known !== undefined) return known;
    paths.set(path, path);
    return path;
  };
  const messageRows =
    rowBacked === 1 ? rowsFor(rows.messages(packed.id), packed.messages.length, 'messages', packed.id) : [];
  const callRows =
    rowBacked === 1 ? rowsFor(rows.calls(packed.id), packed.toolCalls.length, 'tool calls', packed.id) : [];
  const usageRows =
    rowBacked === 1
      ? rowsFor(rows.usage(packed.id), packed.usageEntries.length, 'usage entries', packed.id)
      : [];
  const toolCalls = packed.toolCalls.map((c, i) =>
    typeof c === 'string'
      ? callFromRow(callRows[i] ?? [], c, packed.id, pathOf)
      : unpackCall(c, location, packed.id),
  );
  const placed = rows.placed?.(packed.id) ?? placedCallIds(toolCalls);
  return {
    ...packed,
    messages: packed.messages.map((m, i) =>
      typeof m === 'string'
        ? messageFromRow(messageRows[i] ?? [], m, placed, pathOf)
        : unpackMessage(m, location),
    ),
    toolCalls,
    usageEntries: packed.usageEntries.map((entry, i) =>
      entry === 0 ? usageFromRow(usageRows[i] ?? []) : unpackUsage(entry),
    ),
    problems: packed.problems.map(
      ([type, message, file, line]): LocatedProblem => ({ location: location(file, line), type, message }),
    ),
    subagents: [],
  };
}
