// A tool call's stored form in a report model (`report-model-codec.ts`): its tuple with its result's, or, for
// a call its `tool_calls` row holds, its id's last characters: the row's columns and its `detail` give it back.
import type { SourceLocation } from '../model/source-location.js';
import type { ToolCall, ToolCallResult } from '../model/tool-call.js';
import { type Absent, idTail, optionalText, orAbsent, sqlNumber, sqlText } from './packed-fields.js';
import { reportResult } from './report-model.js';

/** The `tool_calls` columns a row-held call takes its fields from, in this order. */
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
  'file',
  'line',
  'detail',
] as const;

/** Call fields of the trailing object that a row holds: stored as a 0 placeholder (keeps key order). */
const rowHeldCallRest = ['statusReason', 'subagentId', 'mcpServer'] as const;

type PackedResult = [
  file: number,
  line: number,
  timestamp: string | Absent,
  text: string,
  rest: Record<string, unknown> | Absent,
];
export type PackedCall = [
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

/**
 * What a row-held call's `detail` holds: its message id, its result (with the result's file as a path, or
 * 0 when it is the call's) and the fields its row does not hold (row-held ones as 0).
 */
type CallDetail = [
  messageId: string | Absent,
  result: [file: string | Absent, ...rest: PackedResultTail] | Absent,
  rest: Record<string, unknown> | Absent,
];
/** A result's `timestamp`: 1 when it is the call's end time (the row's `end_time`). */
type PackedResultTail = [
  line: number,
  timestamp: string | Absent | 1,
  text: string,
  rest: Record<string, unknown> | Absent,
];

/** Whether no call of `calls` comes after a result without a call. */
export function callsBeforeOrphans(calls: readonly ToolCall[]): boolean {
  let orphans = false;
  for (const call of calls) {
    if (call.status === 'orphan_result') orphans = true;
    else if (orphans) return false;
  }
  return true;
}

/**
 * A call's stored form in the model of session `ownSessionId`: its tuple, or with `rowBacked`, where its row
 * holds it ({@link rowHoldsCall}), its id's last characters (the row's columns and `detail` give it back).
 * `fileOf` gives a file's index in the model's paths. A built call and its report model's (`toReportModel`)
 * give the same form: its input and its result's content are left out here.
 */
export function packCall(
  call: ToolCall,
  ownSessionId: string,
  fileOf: (location: SourceLocation) => number,
  rowBacked: boolean,
): PackedCall | string {
  if (rowBacked && rowHoldsCall(call)) return idTail(call.id);
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
  } = call;
  return [
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
    call.result === undefined ? 0 : packResult(reportResult(call, call.result), fileOf),
    restOf(call, ownSessionId),
  ];
}

/** The fields of a call beyond those its tuple names (`sessionId` only when it is not the model's session). */
function restOf(call: ToolCall, ownSessionId: string): Record<string, unknown> | Absent {
  const {
    id: _id,
    name: _name,
    canonicalName: _canonicalName,
    kind: _kind,
    status: _status,
    startTime: _startTime,
    endTime: _endTime,
    durationMs,
    location: _location,
    messageId: _messageId,
    model: _model,
    result: _result,
    sessionId,
    input: _input,
    rawInput: _rawInput,
    ...other
  } = call;
  const rest: Record<string, unknown> = sessionId === ownSessionId ? other : { ...other, sessionId };
  return orAbsent({ ...rest, ...(durationMs === undefined ? { noDuration: true } : {}) });
}

function packResult(result: ToolCallResult, fileOf: (location: SourceLocation) => number): PackedResult {
  const { location, timestamp, text, content: _content, ...other } = result;
  return [fileOf(location), location.line, timestamp ?? 0, text, orAbsent(other)];
}

/**
 * Whether a call's row gives it back as written (as `rowHoldsMessage` in packed-message.ts): every field a
 * column holds is a value SQLite stores as JSON has it.
 */
export function rowHoldsCall(call: ToolCall): boolean {
  const { id, name, canonicalName, kind, status, statusReason, startTime, endTime, durationMs } = call;
  const { model, subagentId, mcpServer, location } = call;
  return (
    sqlText(id) &&
    sqlText(name) &&
    sqlText(canonicalName) &&
    sqlText(kind) &&
    sqlText(status) &&
    optionalText(statusReason) &&
    optionalText(startTime) &&
    optionalText(endTime) &&
    (durationMs === undefined || sqlNumber(durationMs)) &&
    optionalText(model) &&
    optionalText(subagentId) &&
    optionalText(mcpServer) &&
    sqlText(location.file) &&
    Number.isSafeInteger(location.line)
  );
}

/**
 * The `detail` column of the row of a call of session `ownSessionId` (see {@link CallDetail}), as JSON; null
 * when it holds nothing, or when the row does not hold the call (its model keeps it whole).
 */
export function callDetail(call: ToolCall, ownSessionId: string): string | null {
  if (!rowHoldsCall(call)) return null;
  const rest = restOf(call, ownSessionId);
  const kept: Record<string, unknown> | Absent = rest === 0 ? 0 : { ...rest };
  if (kept !== 0) for (const key of rowHeldCallRest) if (kept[key] !== undefined) kept[key] = 0;
  let result: CallDetail[1] = 0;
  if (call.result !== undefined) {
    const [, line, timestamp, text, other] = packResult(reportResult(call, call.result), () => 0);
    const file = call.result.location.file;
    // A result's time is most often the call's end time, which the row holds.
    const time = timestamp !== 0 && timestamp === call.endTime ? 1 : timestamp;
    result = [file === call.location.file ? 0 : file, line, time, text, other];
  }
  const detail: CallDetail = [call.messageId ?? 0, result, orAbsent(kept === 0 ? {} : kept)];
  return detail[0] === 0 && detail[1] === 0 && detail[2] === 0 ? null : JSON.stringify(detail);
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
export function unpackCall(
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

/**
 * A row-held call of session `sessionId` (`tail`: its stored form): its row's fields, as
 * {@link callRowColumns}, in {@link unpackCall}'s order. `file` shares one string per path.
 */
export function callFromRow(
  row: readonly unknown[],
  tail: string,
  sessionId: string,
  file: (path: string) => string,
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
    path,
    line,
    detail,
  ] = row;
  if (typeof id !== 'string' || !id.endsWith(tail) || typeof path !== 'string')
    throw new Error(`The stored model of session ${sessionId} pairs a call with another call's row.`);
  const [messageId, result, rest]: CallDetail =
    typeof detail === 'string' ? (JSON.parse(detail) as CallDetail) : [0, 0, 0];
  const { noDuration, ...other }: Record<string, unknown> = rest === 0 ? { noDuration: false } : rest;
  if (other.statusReason !== undefined) other.statusReason = statusReason;
  if (other.subagentId !== undefined) other.subagentId = subagentId;
  if (other.mcpServer !== undefined) other.mcpServer = mcpServer;
  const location = { file: file(path), line: line as number };
  const call = {
    id,
    name,
    canonicalName: canonical,
    kind,
    status,
    sessionId,
    location,
    ...(start === null ? {} : { startTime: start }),
    ...(end === null ? {} : { endTime: end }),
    ...(noDuration === true ? {} : { durationMs: duration }),
    ...(messageId === 0 ? {} : { messageId }),
    ...(model === null ? {} : { model }),
    ...other,
  } as unknown as ToolCall;
  if (result !== 0) {
    const [resultFile, resultLine, timestamp, text, resultRest] = result;
    call.result = {
      text,
      content: undefined,
      location: { file: resultFile === 0 ? location.file : file(resultFile), line: resultLine },
      ...(timestamp === 0 ? {} : { timestamp: timestamp === 1 ? end : timestamp }),
      ...(resultRest === 0 ? {} : resultRest),
    } as ToolCallResult;
  }
  return call;
}
