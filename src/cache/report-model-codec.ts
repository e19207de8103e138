// The report model's stored form (`_models`): packed, raw-deflated, and row-backed where the unit's rows give
// the fields back (see the comment below). Each item kind's form is in its own module: `packed-message.ts`,
// `packed-call.ts`, `packed-usage.ts`.
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { Session, Subagent } from '../model/session.js';
import type { LocatedProblem, SourceLocation } from '../model/source-location.js';
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
 * The stored form of a report model: file paths once, and messages, calls, usage entries and problems as
 * tuples of their frequent fields (0 for absent) with every other field kept in a trailing object, so that
 * nothing is lost and the JSON is a third of the plain one. Parsing it is what a warm run spends its time on.
 *
 * Row-backed (`rows: 1`, see {@link ModelRows}): a message, call or usage entry that its `messages`,
 * `tool_calls` or `usage_entries` row holds is only its id's last characters here (a usage entry: 0): the
 * row's columns give its fields back, and a
 * message's or call's `detail` column what else the model keeps of it (`messageDetail`, `callDetail`), so
 * that a session's items are stored once, in its rows. A session's rows are paired with its items by position
 * (the model's order), so the writer asks for it only where every session id of the unit is unique; a
 * session whose row count differs, or a row whose id does not end as the item's, is a damaged model (built
 * again).
 */
interface Packed {
  files: string[];
  session: PackedSession;
  rows?: 1;
}

/**
 * The rows of one unit a row-backed model is decoded with, by session id, in rowid order: messages as
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
  subagents: (Omit<Subagent, 'session'> & { session: PackedSession })[];
}

/**
 * Encodes the report model of a session for storage; {@link decodeReportModel} gives the model
 * (`toReportModel`) back. `model` is a built session or its report model: both give the same text, since
 * each item is reduced as it is packed (no copy of the session is made). `rowBacked`: the unit's rows are
 * written from these sessions and every session id of the unit is unique (see {@link Packed}).
 */
export function encodeReportModel(session: Session, rowBacked = false): string {
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
  const packSession = (session: Session): PackedSession => {
    // Calls pair with rows in calls-then-orphans order: a session in another order keeps its calls whole.
    const callsRowBacked = rowBacked && callsBeforeOrphans(session.toolCalls);
    return {
      ...session,
      messages: session.messages.map((m) => packMessage(m, fileOf, rowBacked)),
      turns: [],
      toolCalls: session.toolCalls.map((c) => packCall(c, session.id, fileOf, callsRowBacked)),
      usageEntries: session.usageEntries.map((entry) => packUsage(entry, rowBacked)),
      problems: session.problems.map((p) => [p.type, p.message, fileOf(p.location), p.location.line]),
      subagents: session.subagents.map((s) => ({ ...s, session: packSession(s.session) })),
    };
  };
  const packed: Packed = { files, session: packSession(session), ...(rowBacked ? { rows: 1 as const } : {}) };
  return JSON.stringify(packed);
}

/** The rows of a session, which must be as many as the model holds. */
function rowsFor(rows: readonly unknown[][], count: number, what: string, sessionId: string) {
  if (rows.length !== count)
    throw new Error(
      `The stored model of session ${sessionId} has ${count} ${what}, its rows ${rows.length}.`,
    );
  return rows;
}

/**
 * Decodes {@link encodeReportModel}; a row-backed model needs its unit's rows (throws without them, or when
 * a session's rows are not as many as its messages and usage entries).
 */
export function decodeReportModel(text: string, rows?: ModelRows): Session {
  const { files, session, rows: rowBacked } = JSON.parse(text) as Packed;
  if (rowBacked === 1 && rows === undefined) throw new Error('A row-backed report model needs its rows.');
  const location = (file: number, line: number): SourceLocation => ({ file: files[file] as string, line });
  // The rows' paths, one string each (as the model's paths are).
  const paths = new Map(files.map((file) => [file, file]));
  const pathOf = (path: string): string => {
    const known = paths.get(path);
    if (known !== undefined) return known;
    paths.set(path, path);
    return path;
  };
  const unpackSession = (packed: PackedSession): Session => {
    const messageRows =
      rowBacked === 1 && rows
        ? rowsFor(rows.messages(packed.id), packed.messages.length, 'messages', packed.id)
        : undefined;
    const callRows =
      rowBacked === 1 && rows
        ? rowsFor(rows.calls(packed.id), packed.toolCalls.length, 'tool calls', packed.id)
        : undefined;
    const usageRows =
      rowBacked === 1 && rows
        ? rowsFor(rows.usage(packed.id), packed.usageEntries.length, 'usage entries', packed.id)
        : undefined;
    const toolCalls = packed.toolCalls.map((c, i) =>
      typeof c === 'string'
        ? callFromRow(callRows?.[i] ?? [], c, packed.id, pathOf)
        : unpackCall(c, location, packed.id),
    );
    const placed = placedCallIds(toolCalls);
    return {
      ...packed,
      messages: packed.messages.map((m, i) =>
        typeof m === 'string'
          ? messageFromRow(messageRows?.[i] ?? [], m, placed, pathOf)
          : unpackMessage(m, location),
      ),
      toolCalls,
      usageEntries: packed.usageEntries.map((entry, i) =>
        entry === 0 ? usageFromRow(usageRows?.[i] ?? []) : unpackUsage(entry),
      ),
      problems: packed.problems.map(
        ([type, message, file, line]): LocatedProblem => ({ location: location(file, line), type, message }),
      ),
      subagents: packed.subagents.map((s) => ({ ...s, session: unpackSession(s.session) })),
    };
  };
  return unpackSession(session);
}

/**
 * The report model of a session (a built one, or its model) as the index stores it: encoded, then
 * raw-deflated (about a quarter of the text). Level 1:
 * row-backed models are a small part of the index (3.6 MB of its 76 MB on the benchmark corpus), and an append
 * to a long session packs its model again (the 64 MiB session's: 10 ms at level 1, 24 ms at level 6, for 9%
 * more bytes).
 */
export function packReportModel(session: Session, rowBacked = false): Buffer {
  return deflateRawSync(encodeReportModel(session, rowBacked), { level: 1 });
}

/** The report model of {@link packReportModel}'s bytes (with its unit's rows when it is row-backed). */
export function unpackReportModel(packed: Uint8Array, rows?: ModelRows): Session {
  return decodeReportModel(inflateRawSync(packed).toString('utf8'), rows);
}
