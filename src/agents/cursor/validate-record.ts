import type { FileContext, ValidationSink } from '../../reader/validation-sink.js';
import { isObject } from '../../schemas/common/is-object.js';
import { reportRecordShape, reportValueShape } from '../report-record-shape.js';
import { decodeCursorRecord } from './decode-record.js';
import { type CursorRole, cursorRecordSchemas, knownCursorBlockTypes } from './schemas/cursor-records.js';
import { lookupCursorTool } from './tools/cursor-tools.js';

/**
 * Full validation of one Cursor record: its schema, unknown keys, content blocks of unknown types
 * (reported as unknown fields `message.content.<i>.type=<type>`), and the `tool_use` blocks it carries.
 */
export function validateCursorLine(
  value: Record<string, unknown>,
  line: number,
  _context: FileContext,
  sink: ValidationSink,
): void {
  const decoded = decodeCursorRecord(value, 'full');
  sink.record(decoded.name);
  const schema = cursorRecordSchemas[decoded.name as CursorRole];
  const subject = reportRecordShape('cursor', decoded, schema, value, line, sink);
  if (subject === undefined) return;
  const message = isObject(value.message) ? value.message : undefined;
  if (!message || !Array.isArray(message.content)) return;
  message.content.forEach((block, index) => {
    if (!isObject(block)) return;
    const type = typeof block.type === 'string' ? block.type : '(no type)';
    if (!knownCursorBlockTypes.has(type)) {
      sink.unknownField(subject, ['message', 'content', String(index), `type=${type}`], line);
      return;
    }
    if (type !== 'tool_use' || typeof block.name !== 'string') return;
    sink.toolCall(block.name);
    const lookup = lookupCursorTool(block.name);
    if (lookup.kind === 'unknown') sink.unknownTool(block.name);
    if (lookup.kind !== 'builtin') return;
    const toolSubject = `cursor-tool:${block.name}:input`;
    reportValueShape(toolSubject, lookup.spec.input, block.input ?? {}, line, sink);
  });
}
