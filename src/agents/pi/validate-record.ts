import type { FileContext, ValidationSink } from '../../reader/validation-sink.js';
import { isObject } from '../../schemas/common/is-object.js';
import { unknownKeys } from '../../schemas/common/unknown-keys.js';
import { reportRecordShape, reportValueShape } from '../report-record-shape.js';
import { decodePiRecord } from './decode-record.js';
import { type PiEntryType, piEntrySchemas, piMessageSchemas } from './schemas/pi-records.js';
import { lookupPiTool } from './tools/pi-tools.js';

/** Full validation of one Pi entry, its message, and the `toolCall` blocks it carries. */
export function validatePiLine(
  value: Record<string, unknown>,
  line: number,
  context: FileContext,
  sink: ValidationSink,
): void {
  const decoded = decodePiRecord(value, 'full');
  sink.record(decoded.name);
  if (decoded.type === 'session') {
    context.currentVersion = `pi session v${typeof value.version === 'number' ? value.version : 1}`;
    sink.version(context.currentVersion);
  }
  const schema = piEntrySchemas[decoded.type as PiEntryType];
  const subject = reportRecordShape('pi', decoded, schema, value, line, sink);
  if (subject === undefined) return;
  const message = isObject(value.message) ? value.message : undefined;
  if (!message || decoded.subtype === undefined) return;
  const messageSchema = piMessageSchemas[decoded.subtype as keyof typeof piMessageSchemas];
  for (const path of unknownKeys(messageSchema, message))
    sink.unknownField(subject, ['message', ...path], line);
  if (decoded.subtype !== 'assistant' || !Array.isArray(message.content)) return;
  for (const block of message.content) {
    if (!isObject(block) || block.type !== 'toolCall' || typeof block.name !== 'string') continue;
    sink.toolCall(block.name);
    const lookup = lookupPiTool(block.name);
    if (lookup.kind === 'unknown') sink.unknownTool(block.name);
    if (lookup.kind !== 'builtin') continue;
    const toolSubject = `pi-tool:${block.name}:input`;
    reportValueShape(toolSubject, lookup.spec.input, block.arguments ?? {}, line, sink);
  }
}
