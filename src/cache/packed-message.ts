// A message's stored form in a report model (`report-model-codec.ts`): its tuple, or, for a message its
// `messages` row holds, its id's last characters: the row's columns and its `detail` give it back.
import type { Message, MessagePart } from '../model/message.js';
import type { SourceLocation } from '../model/source-location.js';
import type { ToolCall } from '../model/tool-call.js';
import { type Absent, idTail, optionalText, orAbsent, sqlText } from './packed-fields.js';
import { reportParts } from './report-model.js';

/** The `messages` columns a row-held message takes its fields from, in this order. */
export const messageRowColumns = [
  'id',
  'parent_id',
  'role',
  'kind',
  'subtype',
  'timestamp',
  'model',
  'off_branch',
  'file',
  'line',
  'detail',
] as const;

/** Message fields of the trailing object that a row holds: stored as a 0 placeholder (keeps key order). */
const rowHeldRest = ['model', 'subtype', 'offBranch'] as const;

export type PackedMessage = [
  id: string,
  parentId: string | Absent,
  role: string,
  kind: string,
  timestamp: string | Absent,
  file: number,
  line: number,
  rest: Record<string, unknown> | Absent,
];

/**
 * A message's stored form: its tuple, or with `rowBacked`, where its row holds it ({@link rowHoldsMessage}),
 * its id's last characters (the row's columns and `detail` give it back, see `idTail`). `fileOf` gives a
 * file's index in the model's paths. A built message and its report model's (`toReportModel`) give the same
 * form: its usage and its parts other than references are left out here.
 */
export function packMessage(
  message: Message,
  fileOf: (location: SourceLocation) => number,
  rowBacked: boolean,
): PackedMessage | string {
  if (rowBacked && rowHoldsMessage(message)) return idTail(message.id);
  const { id, parentId, role, kind, timestamp, location } = message;
  return [
    id,
    parentId ?? 0,
    role,
    kind,
    timestamp ?? 0,
    fileOf(location),
    location.line,
    orAbsent(restOf(message)),
  ];
}

/** The fields of a message beyond those its tuple names, as its report model keeps them (parts last). */
function restOf(message: Message): Record<string, unknown> {
  const { id, parentId, role, kind, timestamp, location, parts: all, usage: _usage, ...other } = message;
  const parts = reportParts(all);
  return parts.length > 0 ? { ...other, parts } : other;
}

/**
 * Whether a message's row gives it back as written: not for a value SQLite would store otherwise than JSON
 * (a string with a lone surrogate, a non-string where a TEXT column is, an `offBranch` that is no boolean).
 * With those excluded the row holds each field as written, and {@link messageFromRow} rebuilds what
 * {@link unpackMessage} does, key order included (the corpus test compares them: model-rows.test.ts).
 */
export function rowHoldsMessage(message: Message): boolean {
  const { id, parentId, role, kind, timestamp, model, subtype, offBranch, location } = message;
  return (
    sqlText(id) &&
    optionalText(parentId) &&
    sqlText(role) &&
    sqlText(kind) &&
    optionalText(timestamp) &&
    optionalText(model) &&
    optionalText(subtype) &&
    (offBranch === undefined || typeof offBranch === 'boolean') &&
    sqlText(location.file) &&
    Number.isSafeInteger(location.line)
  );
}

/**
 * The `detail` column of the row of a message: what its report model keeps that the other columns do not
 * (row-held fields as 0 placeholders, which keep the key order), as JSON; null when that is nothing, or when
 * the row does not hold the message (its model keeps it whole). A reference to a call of the message's
 * session is its place among the session's calls (`places`, {@link callPlaces}): `n` for the call, `-n - 1`
 * for its result; any other as `c<id>` or `r<id>`.
 */
export function messageDetail(message: Message, places: ReadonlyMap<string, number>): string | null {
  if (!rowHoldsMessage(message)) return null;
  const kept: Record<string, unknown> = { ...restOf(message) };
  for (const key of rowHeldRest) if (kept[key] !== undefined) kept[key] = 0;
  if (Array.isArray(kept.parts))
    kept.parts = (kept.parts as MessagePart[]).map((part) => compactPart(part, places));
  return orAbsent(kept) === 0 ? null : JSON.stringify(kept);
}

/**
 * Each call id's first place among a session's calls, results without a call left out: an append adds calls
 * after the others and results after the others, so a place never moves. Made once per session written.
 */
export function callPlaces(calls: readonly ToolCall[]): Map<string, number> {
  return placesOf(placedCallIds(calls));
}

/** The places of a session's calls whose calls are placed before these. */
export interface PlacesBefore {
  places: ReadonlyMap<string, number>;
  /** How many calls are placed before (results without a call apart). */
  placed: number;
}

/**
 * {@link callPlaces} of placed ids (`placedCallIds`), after `before` (an append's new calls after the stored
 * ones a decoding left in the rows): each id keeps its first place.
 */
export function placesOf(ids: readonly string[], before?: PlacesBefore): Map<string, number> {
  const places = new Map(before?.places);
  const base = before?.placed ?? 0;
  ids.forEach((id, i) => {
    if (!places.has(id)) places.set(id, base + i);
  });
  return places;
}

/** The ids of `calls` that references are placed among: the calls, not the results without a call. */
export function placedCallIds(calls: readonly ToolCall[]): string[] {
  const ids: string[] = [];
  for (const call of calls) if (call.status !== 'orphan_result') ids.push(call.id);
  return ids;
}

function compactPart(part: MessagePart, places: ReadonlyMap<string, number>): unknown {
  const keys = Object.keys(part);
  if (keys.length !== 2 || keys[0] !== 'type' || keys[1] !== 'callId') return part;
  const { type, callId } = part as { type: string; callId: unknown };
  if (typeof callId !== 'string' || (type !== 'tool_call' && type !== 'tool_result')) return part;
  const place = places.get(callId);
  if (place === undefined) return `${type === 'tool_call' ? 'c' : 'r'}${callId}`;
  return type === 'tool_call' ? place : -place - 1;
}

function expandPart(part: unknown, placed: readonly string[]): unknown {
  if (typeof part === 'number') {
    const callId = placed[part < 0 ? -part - 1 : part];
    if (callId === undefined) throw new Error('A stored message refers to a call its session does not have.');
    return { type: part < 0 ? 'tool_result' : 'tool_call', callId };
  }
  if (typeof part !== 'string') return part;
  return { type: part[0] === 'c' ? 'tool_call' : 'tool_result', callId: part.slice(1) };
}

/** A message of its tuple; `location` resolves a file index. */
export function unpackMessage(
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

/**
 * A row-held message (`tail`: its stored form): its row's fields, as {@link messageRowColumns}, in
 * {@link unpackMessage}'s order. `placed`: the ids of its session's calls (`placedCallIds`); `file` shares one
 * string per path.
 */
export function messageFromRow(
  row: readonly unknown[],
  tail: string,
  placed: readonly string[],
  file: (path: string) => string,
): Message {
  const [id, parentId, role, kind, subtype, timestamp, model, offBranch, path, line, detail] = row;
  if (typeof id !== 'string' || !id.endsWith(tail) || typeof path !== 'string')
    throw new Error("A stored model pairs a message with another message's row.");
  const rest: Record<string, unknown> =
    typeof detail === 'string' ? (JSON.parse(detail) as Record<string, unknown>) : {};
  if (rest.model !== undefined) rest.model = model;
  if (rest.subtype !== undefined) rest.subtype = subtype;
  if (rest.offBranch !== undefined) rest.offBranch = offBranch === 1;
  if (Array.isArray(rest.parts)) rest.parts = rest.parts.map((part) => expandPart(part, placed));
  return {
    id,
    ...(parentId === null ? {} : { parentId }),
    role,
    kind,
    ...(timestamp === null ? {} : { timestamp }),
    location: { file: file(path), line: line as number },
    parts: [],
    ...rest,
  } as unknown as Message;
}
