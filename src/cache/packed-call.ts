// A tool call's stored form in a report model (`report-model-codec.ts`): its tuple with its result's, or its
// row-backed form and the `tool_calls` row that gives the rest back.
import type { SourceLocation } from '../model/source-location.js';
import type { ToolCall, ToolCallResult } from '../model/tool-call.js';
import { type Absent, idTail, optionalText, orAbsent, sqlNumber, sqlText } from './packed-fields.js';
import { reportResult } from './report-model.js';

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

/** A row-backed call: what its row does not hold (row-held fields of the trailing object as 0). */
export type RowCall = [
  file: number,
  messageId: string | Absent,
  result: PackedResult | Absent,
  rest: Record<string, unknown> | Absent,
  idTail: string,
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
 * A call's stored form in the model of session `ownSessionId`: its tuple, or with `rowBacked` its row-backed
 * form where its row gives it back. `fileOf` gives a file's index in the model's paths. A built call and its
 * report model's (`toReportModel`) give the same form: its input and its result's content are left out here.
 */
export function packCall(
  call: ToolCall,
  ownSessionId: string,
  fileOf: (location: SourceLocation) => number,
  rowBacked: boolean,
): PackedCall | RowCall {
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
    input: _input,
    rawInput: _rawInput,
    ...other
  } = call;
  const rest: Record<string, unknown> = sessionId === ownSessionId ? other : { ...other, sessionId };
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
    result === undefined ? 0 : packResult(reportResult(call, result), fileOf),
    orAbsent({ ...rest, ...(durationMs === undefined ? { noDuration: true } : {}) }),
  ];
  return rowBacked ? (rowCallOf(call, packed) ?? packed) : packed;
}

function packResult(result: ToolCallResult, fileOf: (location: SourceLocation) => number): PackedResult {
  const { location, timestamp, text, content: _content, ...other } = result;
  return [fileOf(location), location.line, timestamp ?? 0, text, orAbsent(other)];
}

/**
 * The row-backed form of a call, or undefined when its row would not give it back (as `rowMessageOf` in
 * packed-message.ts).
 */
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

/** A row-backed call: its row's fields and the stored form's, in {@link unpackCall}'s order. */
export function callFromRow(
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
