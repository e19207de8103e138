// The report model's stored form (`_models`): packed, raw-deflated, and row-backed where the unit's rows give
// the fields back (see the comment below).
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { Message } from '../model/message.js';
import type { Session, Subagent } from '../model/session.js';
import type { LocatedProblem, SourceLocation } from '../model/source-location.js';
import type { ToolCall, ToolCallResult } from '../model/tool-call.js';
import { type TokenUsage, type UsageEntry, usageFields } from '../model/usage.js';

/**
 * The stored form of a report model: file paths once, and messages, calls, usage entries and problems as
 * tuples of their frequent fields (0 for absent) with every other field kept in a trailing object, so that
 * nothing is lost and the JSON is a third of the plain one. Parsing it is what a warm run spends its time on.
 *
 * Row-backed (`rows: 1`, see {@link ModelRows}): a message, call or usage entry whose `messages`,
 * `tool_calls` or `usage_entries` row gives back every field the row holds is stored without them (a message
 * or call keeps the fields rows do not hold and its id's last characters, a usage entry nothing), and decoding
 * takes them from the rows: they were half of a model's deflated bytes, and the rows are stored anyway. A
 * session's rows are paired with its items by position (the model's order), so the writer asks for it only
 * where every session id of the unit is unique; a session whose row count differs, or a row whose id does not
 * end as the item's, is a damaged model (built again).
 */
interface Packed {
  files: string[];
  session: PackedSession;
  rows?: 1;
}

/**
 * The rows of one unit a row-backed model is decoded with, by session id, in rowid order: messages as
 * {@link messageRowColumns}, usage entries as {@link usageRowColumns}, calls as {@link callRowColumns}.
 */
export interface ModelRows {
  messages(sessionId: string): readonly unknown[][];
  usage(sessionId: string): readonly unknown[][];
  /**
   * Tool calls as {@link callRowColumns}: the calls in rowid order, then the results without a call in
   * rowid order (the model's order, which an append keeps: see `queries/calls-in-order.ts`).
   */
  calls(sessionId: string): readonly unknown[][];
}

/** The `messages` columns a row-backed message takes its fields from, in this order. */
export const messageRowColumns = [
  'id',
  'parent_id',
  'role',
  'kind',
  'subtype',
  'timestamp',
  'model',
  'off_branch',
  'line',
] as const;

/** The `usage_entries` columns a row-backed usage entry is made of, in this order (counts as `usageFields`). */
export const usageRowColumns = [
  'message_id',
  'timestamp',
  'model',
  'input_tokens',
  'output_tokens',
  'cache_write_tokens',
  'cache_write_1h_tokens',
  'cache_read_tokens',
  'reasoning_tokens',
  'web_search_requests',
  'request_key',
] as const;

/** The `tool_calls` columns a row-backed call takes its fields from, in this order. */
export const callRowColumns = [
  'id',
  'tool',
  'canonical',
  'kind',
  'status',
  'status_reason',
  'start_time',
  'end_time',
  'duration_ms',
  'model',
  'subagent_id',
  'mcp_server',
  'line',
] as const;

/** Message fields of the trailing object that a row holds: stored as a 0 placeholder (keeps key order). */
const rowHeldRest = ['model', 'subtype', 'offBranch'] as const;
/** The same for a call's trailing object. */
const rowHeldCallRest = ['statusReason', 'subagentId', 'mcpServer'] as const;

/**
 * The last characters of a row-backed item's id, kept in its stored form: decoding checks them against the
 * row it is paired with, so rows out of the model's order make a damaged model (built again), never a
 * model with another item's fields.
 */
const idTail = (id: string) => id.slice(-3);

type Absent = 0;
type PackedMessage = [
  id: string,
  parentId: string | Absent,
  role: string,
  kind: string,
  timestamp: string | Absent,
  file: number,
  line: number,
  rest: Record<string, unknown> | Absent,
];
type PackedResult = [
  file: number,
  line: number,
  timestamp: string | Absent,
  text: string,
  rest: Record<string, unknown> | Absent,
];
type PackedCall = [
  id: string,
  name: string,
  canonicalName: string | Absent,
  kind: string,
  status: string,
  startTime: string | Absent,
  endTime: string | Absent,
  durationMs: number | Absent,
  file: number,
  line: number,
  messageId: string | Absent,
  model: string | Absent,
  result: PackedResult | Absent,
  rest: Record<string, unknown> | Absent,
];
type PackedUsage = [
  messageId: string | Absent,
  model: string | Absent,
  timestamp: string | Absent,
  requestKey: string | Absent,
  ...counts: number[],
];

/**
 * A row-backed message: its file (paths are stored once per model, cheaper than reading them from each row)
 * and the trailing object of {@link PackedMessage}, row-held fields as 0.
 */
type RowMessage = [file: number, rest: Record<string, unknown> | Absent, idTail: string];
/** A row-backed call: what its row does not hold (row-held fields of the trailing object as 0). */
type RowCall = [
  file: number,
  messageId: string | Absent,
  result: PackedResult | Absent,
  rest: Record<string, unknown> | Absent,
  idTail: string,
];

interface PackedSession
  extends Omit<Session, 'messages' | 'toolCalls' | 'problems' | 'subagents' | 'usageEntries'> {
  messages: (PackedMessage | RowMessage)[];
  toolCalls: (PackedCall | RowCall)[];
  /** 0: a row-backed entry. */
  usageEntries: (PackedUsage | [UsageEntry] | Absent)[];
  problems: [string, string, number, number][];
  subagents: (Omit<Subagent, 'session'> & { session: PackedSession })[];
}

/**
 * Encodes a report model (see `toReportModel`) for storage; {@link decodeReportModel} gives it back.
 * `rowBacked`: the unit's rows are written from these sessions and every session id of the unit is unique
 * (see {@link Packed}).
 */
export function encodeReportModel(model: Session, rowBacked = false): string {
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
      messages: session.messages.map((m): PackedMessage | RowMessage => {
        const { id, parentId, role, kind, timestamp, location, parts, ...other } = m;
        const rest: Record<string, unknown> = parts.length > 0 ? { ...other, parts } : other;
        const packed: PackedMessage = [
          id,
          parentId ?? 0,
          role,
          kind,
          timestamp ?? 0,
          fileOf(location),
          location.line,
          orAbsent(rest),
        ];
        return rowBacked ? (rowMessageOf(m, rest, fileOf(location)) ?? packed) : packed;
      }),
      toolCalls: session.toolCalls.map((c): PackedCall | RowCall => {
        const {
          id,
          name,
          canonicalName,
          kind,
          status,
          startTime,
          endTime,
          durationMs,
          location,
          messageId,
          model,
          result,
          sessionId,
          ...other
        } = c;
        const rest: Record<string, unknown> = sessionId === session.id ? other : { ...other, sessionId };
        const packed: PackedCall = [
          id,
          name,
          canonicalName === name ? 0 : canonicalName,
          kind,
          status,
          startTime ?? 0,
          endTime ?? 0,
          durationMs ?? 0,
          fileOf(location),
          location.line,
          messageId ?? 0,
          model ?? 0,
          result === undefined ? 0 : packResult(result, fileOf),
          orAbsent({ ...rest, ...(durationMs === undefined ? { noDuration: true } : {}) }),
        ];
        return callsRowBacked ? (rowCallOf(c, packed) ?? packed) : packed;
      }),
      usageEntries: session.usageEntries.map((entry): PackedUsage | [UsageEntry] | Absent => {
        const { messageId, model, timestamp, requestKey, usage, ...other } = entry;
        if (Object.keys(other).length > 0 || Object.keys(usage).length !== usageFields.length) return [entry];
        const packed: PackedUsage = [
          messageId ?? 0,
          model ?? 0,
          timestamp ?? 0,
          requestKey ?? 0,
          ...usageFields.map((f) => usage[f]),
        ];
        return rowBacked && rowGivesUsage(entry) ? 0 : packed;
      }),
      problems: session.problems.map((p) => [p.type, p.message, fileOf(p.location), p.location.line]),
      subagents: session.subagents.map((s) => ({ ...s, session: packSession(s.session) })),
    };
  };
  const packed: Packed = { files, session: packSession(model), ...(rowBacked ? { rows: 1 as const } : {}) };
  return JSON.stringify(packed);
}

/** In a `u` regular expression, a surrogate that is not half of a pair. */
const loneSurrogate = /\p{Cs}/u;

/** A string SQLite gives back as it was written (UTF-8 cannot hold a lone surrogate). */
function sqlText(value: unknown): boolean {
  return typeof value === 'string' && !loneSurrogate.test(value);
}

/** A number SQLite gives back as it was written (no infinity, no integer past 2^53). */
function sqlNumber(value: unknown): boolean {
  return (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    (!Number.isInteger(value) || Number.isSafeInteger(value))
  );
}

const optionalText = (value: unknown) => value === undefined || sqlText(value);

/**
 * The row-backed form of a message, or undefined (its tuple is stored) when its row would not give it back:
 * a value SQLite would store otherwise than JSON (a string with a lone surrogate, a non-string where a TEXT
 * column is, an `offBranch` that is no boolean). With those excluded the row holds each field as written,
 * and {@link messageFromRow} rebuilds what {@link unpackMessage} does, key order included (the corpus test
 * compares them: model-rows.test.ts).
 */
function rowMessageOf(message: Message, rest: Record<string, unknown>, file: number): RowMessage | undefined {
  const { id, parentId, role, kind, timestamp, model, subtype, offBranch, location } = message;
  if (
    !sqlText(id) ||
    !optionalText(parentId) ||
    !sqlText(role) ||
    !sqlText(kind) ||
    !optionalText(timestamp) ||
    !optionalText(model) ||
    !optionalText(subtype) ||
    !(offBranch === undefined || typeof offBranch === 'boolean') ||
    !Number.isSafeInteger(location.line)
  )
    return undefined;
  const kept: Record<string, unknown> = { ...rest };
  for (const key of rowHeldRest) if (kept[key] !== undefined) kept[key] = 0;
  return [file, orAbsent(kept), idTail(id)];
}

/** Whether a usage entry's row (as `usageRowOf` writes it) gives it back (as {@link rowMessageOf}). */
function rowGivesUsage(entry: UsageEntry): boolean {
  const { messageId, model, timestamp, requestKey, usage } = entry;
  return (
    optionalText(messageId) &&
    optionalText(model) &&
    optionalText(timestamp) &&
    optionalText(requestKey) &&
    usageFields.every((f) => sqlNumber(usage[f]))
  );
}

function packResult(result: ToolCallResult, fileOf: (location: SourceLocation) => number): PackedResult {
  const { location, timestamp, text, content: _content, ...other } = result;
  return [fileOf(location), location.line, timestamp ?? 0, text, orAbsent(other)];
}

function orAbsent(rest: Record<string, unknown>): Record<string, unknown> | Absent {
  for (const key in rest) if (rest[key] !== undefined) return rest;
  return 0;
}

/** Whether no call of `calls` comes after a result without a call. */
function callsBeforeOrphans(calls: readonly ToolCall[]): boolean {
  let orphans = false;
  for (const call of calls) {
    if (call.status === 'orphan_result') orphans = true;
    else if (orphans) return false;
  }
  return true;
}

/** The row-backed form of a call, or undefined when its row would not give it back (as {@link rowMessageOf}). */
function rowCallOf(call: ToolCall, packed: PackedCall): RowCall | undefined {
  const { id, name, canonicalName, kind, status, statusReason, startTime, endTime, durationMs } = call;
  const { model, subagentId, mcpServer, location } = call;
  if (
    !sqlText(id) ||
    !sqlText(name) ||
    !sqlText(canonicalName) ||
    !sqlText(kind) ||
    !sqlText(status) ||
    !optionalText(statusReason) ||
    !optionalText(startTime) ||
    !optionalText(endTime) ||
    !(durationMs === undefined || sqlNumber(durationMs)) ||
    !optionalText(model) ||
    !optionalText(subagentId) ||
    !optionalText(mcpServer) ||
    !Number.isSafeInteger(location.line)
  )
    return undefined;
  const rest = packed[13];
  const kept: Record<string, unknown> | Absent = rest === 0 ? 0 : { ...rest };
  if (kept !== 0) for (const key of rowHeldCallRest) if (kept[key] !== undefined) kept[key] = 0;
  return [packed[8], packed[10], packed[12], kept, idTail(id)];
}

/** The result of a call's tuple or row-backed form. */
function unpackResult(
  [file, line, timestamp, text, rest]: PackedResult,
  location: (file: number, line: number) => SourceLocation,
): ToolCallResult {
  return {
    text,
    content: undefined,
    location: location(file, line),
    ...(timestamp === 0 ? {} : { timestamp }),
    ...(rest === 0 ? {} : rest),
  } as ToolCallResult;
}

/** A call of its tuple. */
function unpackCall(
  [
    id,
    name,
    canonical,
    kind,
    status,
    start,
    end,
    duration,
    file,
    line,
    messageId,
    model,
    result,
    rest,
  ]: PackedCall,
  location: (file: number, line: number) => SourceLocation,
  sessionId: string,
): ToolCall {
  const { noDuration, ...other } = rest === 0 ? { noDuration: false } : rest;
  const call = {
    id,
    name,
    canonicalName: canonical === 0 ? name : canonical,
    kind,
    status,
    sessionId,
    location: location(file, line),
    ...(start === 0 ? {} : { startTime: start }),
    ...(end === 0 ? {} : { endTime: end }),
    ...(noDuration === true ? {} : { durationMs: duration }),
    ...(messageId === 0 ? {} : { messageId }),
    ...(model === 0 ? {} : { model }),
    ...other,
  } as ToolCall;
  if (result !== 0) call.result = unpackResult(result, location);
  return call;
}

/** A row-backed call: its row's fields and the stored form's, in {@link unpackCall}'s order. */
function callFromRow(
  row: readonly unknown[],
  [file, messageId, result, rest, tail]: RowCall,
  location: (file: number, line: number) => SourceLocation,
  sessionId: string,
): ToolCall {
  const [
    id,
    name,
    canonical,
    kind,
    status,
    statusReason,
    start,
    end,
    duration,
    model,
    subagentId,
    mcpServer,
    line,
  ] = row;
  if (typeof id !== 'string' || !id.endsWith(tail))
    throw new Error(`The stored model of session ${sessionId} pairs a call with another call's row.`);
  const { noDuration, ...other }: Record<string, unknown> = rest === 0 ? { noDuration: false } : { ...rest };
  if (other.statusReason !== undefined) other.statusReason = statusReason;
  if (other.subagentId !== undefined) other.subagentId = subagentId;
  if (other.mcpServer !== undefined) other.mcpServer = mcpServer;
  const call = {
    id,
    name,
    canonicalName: canonical,
    kind,
    status,
    sessionId,
    location: location(file, line as number),
    ...(start === null ? {} : { startTime: start }),
    ...(end === null ? {} : { endTime: end }),
    ...(noDuration === true ? {} : { durationMs: duration }),
    ...(messageId === 0 ? {} : { messageId }),
    ...(model === null ? {} : { model }),
    ...other,
  } as unknown as ToolCall;
  if (result !== 0) call.result = unpackResult(result, location);
  return call;
}

/** A message of its tuple; `location` resolves a file index. */
function unpackMessage(
  [id, parentId, role, kind, timestamp, file, line, rest]: PackedMessage,
  location: (file: number, line: number) => SourceLocation,
): Message {
  return {
    id,
    ...(parentId === 0 ? {} : { parentId }),
    role,
    kind,
    ...(timestamp === 0 ? {} : { timestamp }),
    location: location(file, line),
    parts: [],
    ...(rest === 0 ? {} : rest),
  } as Message;
}

/** A row-backed message: its row's fields (in {@link unpackMessage}'s order) and the stored form's. */
function messageFromRow(
  row: readonly unknown[],
  [file, form, tail]: RowMessage,
  location: (file: number, line: number) => SourceLocation,
): Message {
  const [id, parentId, role, kind, subtype, timestamp, model, offBranch, line] = row;
  if (typeof id !== 'string' || !id.endsWith(tail))
    throw new Error("A stored model pairs a message with another message's row.");
  const rest: Record<string, unknown> = form === 0 ? {} : { ...form };
  if (rest.model !== undefined) rest.model = model;
  if (rest.subtype !== undefined) rest.subtype = subtype;
  if (rest.offBranch !== undefined) rest.offBranch = offBranch === 1;
  return {
    id,
    ...(parentId === null ? {} : { parentId }),
    role,
    kind,
    ...(timestamp === null ? {} : { timestamp }),
    location: location(file, line as number),
    parts: [],
    ...rest,
  } as unknown as Message;
}

function unpackUsage(packedEntry: PackedUsage | [UsageEntry]): UsageEntry {
  if (packedEntry.length === 1) return packedEntry[0] as UsageEntry;
  const [messageId, model, timestamp, requestKey, ...counts] = packedEntry as PackedUsage;
  const usage = {} as TokenUsage;
  usageFields.forEach((field, i) => {
    usage[field] = counts[i] as number;
  });
  return {
    usage,
    ...(messageId === 0 ? {} : { messageId }),
    ...(model === 0 ? {} : { model }),
    ...(timestamp === 0 ? {} : { timestamp }),
    ...(requestKey === 0 ? {} : { requestKey }),
  };
}

/** A row-backed usage entry, in {@link unpackUsage}'s order. */
function usageFromRow(row: readonly unknown[]): UsageEntry {
  const [messageId, timestamp, model] = row;
  const requestKey = row[3 + usageFields.length];
  const usage = {} as TokenUsage;
  usageFields.forEach((field, i) => {
    usage[field] = row[3 + i] as number;
  });
  return {
    usage,
    ...(messageId === null ? {} : { messageId: messageId as string }),
    ...(model === null ? {} : { model: model as string }),
    ...(timestamp === null ? {} : { timestamp: timestamp as string }),
    ...(requestKey === null ? {} : { requestKey: requestKey as string }),
  };
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
    return {
      ...packed,
      messages: packed.messages.map((m, i) =>
        m.length === 3 ? messageFromRow(messageRows?.[i] ?? [], m, location) : unpackMessage(m, location),
      ),
      toolCalls: packed.toolCalls.map((c, i) =>
        c.length === 5
          ? callFromRow(callRows?.[i] ?? [], c, location, packed.id)
          : unpackCall(c, location, packed.id),
      ),
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
 * A report model as the index stores it: encoded, then raw-deflated (about a quarter of the text). Level 1:
 * row-backed models are a small part of the index (3.6 MB of its 76 MB on the benchmark corpus), and an append
 * to a long session packs its model again (the 64 MiB session's: 10 ms at level 1, 24 ms at level 6, for 9%
 * more bytes).
 */
export function packReportModel(model: Session, rowBacked = false): Buffer {
  return deflateRawSync(encodeReportModel(model, rowBacked), { level: 1 });
}

/** The report model of {@link packReportModel}'s bytes (with its unit's rows when it is row-backed). */
export function unpackReportModel(packed: Uint8Array, rows?: ModelRows): Session {
  return decodeReportModel(inflateRawSync(packed).toString('utf8'), rows);
}
