// A message's stored form in a report model (`report-model-codec.ts`): its tuple, or its row-backed form and
// the `messages` row that gives the rest back.
import type { Message } from '../model/message.js';
import type { SourceLocation } from '../model/source-location.js';
import { type Absent, idTail, optionalText, orAbsent, sqlText } from './packed-fields.js';
import { reportParts } from './report-model.js';

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
 * A row-backed message: its file (paths are stored once per model, cheaper than reading them from each row)
 * and the trailing object of {@link PackedMessage}, row-held fields as 0.
 */
export type RowMessage = [file: number, rest: Record<string, unknown> | Absent, idTail: string];

/**
 * A message's stored form: its tuple, or with `rowBacked` its row-backed form where its row gives it back.
 * `fileOf` gives a file's index in the model's paths. A built message and its report model's
 * (`toReportModel`) give the same form: its usage and its parts other than references are left out here.
 */
export function packMessage(
  message: Message,
  fileOf: (location: SourceLocation) => number,
  rowBacked: boolean,
): PackedMessage | RowMessage {
  const { id, parentId, role, kind, timestamp, location, parts: all, usage: _usage, ...other } = message;
  const parts = reportParts(all);
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
  return rowBacked ? (rowMessageOf(message, rest, fileOf(location)) ?? packed) : packed;
}

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

/** A row-backed message: its row's fields (in {@link unpackMessage}'s order) and the stored form's. */
export function messageFromRow(
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
