import type { FileContext, ValidationSink } from '../../reader/validation-sink.js';
import { isObject } from '../../schemas/common/is-object.js';
import { reportRecordShape, reportValueShape } from '../report-record-shape.js';
import { decodeStoreRecord } from './decode-store-record.js';
import {
  type CursorStoreRecordType,
  cursorStoreRecordSchemas,
  knownStorePartTypes,
} from './schemas/cursor-store-records.js';
import { lookupCursorTool } from './tools/cursor-tools.js';

/**
 * Full validation of one chat-store record: its schema, unknown keys, message parts of unknown types
 * (unknown fields `message.content.<i>.type=<type>`), and the `tool-call` parts it carries (their tool and
 * `args`).
 */
export function validateStoreRecord(
  value: Record<string, unknown>,
  line: number,
  _context: FileContext,
  sink: ValidationSink,
): void {
  const decoded = decodeStoreRecord(value, 'full');
  sink.record(decoded.name);
  const schema = cursorStoreRecordSchemas[decoded.name as CursorStoreRecordType];
  const subject = reportRecordShape('cursor', decoded, schema, value, line, sink);
  if (subject === undefined) return;
  const content = isObject(value.message) ? value.message.content : undefined;
  if (!Array.isArray(content)) return;
  content.forEach((part, index) => {
    if (!isObject(part)) return;
    const type = typeof part.type === 'string' ? part.type : '(no type)';
    if (!knownStorePartTypes.has(type)) {
      sink.unknownField(subject, ['message', 'content', String(index), `type=${type}`], line);
      return;
    }
    if (type !== 'tool-call' || typeof part.toolName !== 'string') return;
    sink.toolCall(part.toolName);
    const lookup = lookupCursorTool(part.toolName);
    if (lookup.kind === 'unknown') sink.unknownTool(part.toolName);
    if (lookup.kind !== 'builtin') return;
    const toolSubject = `cursor-tool:${part.toolName}:input`;
    const args = part.args ?? {};
    reportValueShape(toolSubject, lookup.spec.input, args, line, sink);
  });
}
