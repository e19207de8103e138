import type { FileContext, ValidationSink } from '../../reader/validation-sink.js';
import { isObject } from '../../schemas/common/is-object.js';
import { reportRecordShape, reportValueShape } from '../report-record-shape.js';
import { decodeQwenCodeRecord } from './decode-record.js';
import { type QwenRecordType, qwenRecordSchemas } from './schemas/qwen-code-records.js';
import { lookupQwenCodeTool } from './tools/qwen-code-tools.js';

/** Full validation of one Qwen Code record and of the `functionCall` parts it carries. */
export function validateQwenCodeLine(
  value: Record<string, unknown>,
  line: number,
  context: FileContext,
  sink: ValidationSink,
): void {
  const decoded = decodeQwenCodeRecord(value, 'full');
  sink.record(decoded.name);
  if (typeof value.version === 'string' && `qwen-code ${value.version}` !== context.currentVersion) {
    context.currentVersion = `qwen-code ${value.version}`;
    sink.version(context.currentVersion);
  }
  const schema = qwenRecordSchemas[decoded.type as QwenRecordType];
  if (reportRecordShape('qwen-code', decoded, schema, value, line, sink) === undefined) return;
  if (decoded.type !== 'assistant' || !isObject(value.message) || !Array.isArray(value.message.parts)) return;
  for (const part of value.message.parts) {
    const call = isObject(part) && isObject(part.functionCall) ? part.functionCall : undefined;
    if (!call || typeof call.name !== 'string') continue;
    sink.toolCall(call.name);
    const lookup = lookupQwenCodeTool(call.name);
    if (lookup.kind === 'unknown') sink.unknownTool(call.name);
    if (lookup.kind !== 'builtin') continue;
    const toolSubject = `qwen-code-tool:${call.name}:input`;
    reportValueShape(toolSubject, lookup.spec.input, call.args ?? {}, line, sink);
  }
}
