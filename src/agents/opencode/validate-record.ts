import type { FileContext, ValidationSink } from '../../reader/validation-sink.js';
import { isObject } from '../../schemas/common/is-object.js';
import { reportRecordShape, reportValueShape } from '../report-record-shape.js';
import { decodeOpencodeRecord } from './decode-record.js';
import { opencodeSchemasByName } from './schemas/opencode-records.js';
import { lookupOpencodeTool } from './tools/opencode-tools.js';

/**
 * Full validation of one OpenCode record: its schema (issues and undeclared keys, as drift), the OpenCode
 * version of a session, and its tool parts (unknown tools, inputs against the registry).
 */
export function validateOpencodeRecord(
  value: Record<string, unknown>,
  line: number,
  context: FileContext,
  sink: ValidationSink,
): void {
  const decoded = decodeOpencodeRecord(value, 'full');
  sink.record(decoded.name);
  const session =
    decoded.name === 'session'
      ? value.document
      : decoded.name.endsWith('session') || decoded.name === 'session_v2'
        ? value.row
        : undefined;
  if (isObject(session) && typeof session.version === 'string') {
    context.currentVersion = `opencode ${session.version}`;
    sink.version(context.currentVersion);
  }
  const subject = reportRecordShape(
    'opencode',
    decoded,
    opencodeSchemasByName[decoded.name],
    value,
    line,
    sink,
  );
  if (subject === undefined) return;
  for (const part of toolParts(value)) {
    const name = typeof part.name === 'string' ? part.name : part.tool;
    if (typeof name !== 'string') continue;
    sink.toolCall(name);
    const lookup = lookupOpencodeTool(name);
    if (lookup.kind === 'unknown') sink.unknownTool(name);
    if (lookup.kind !== 'builtin') continue;
    const input = isObject(part.state) ? (part.state.input ?? {}) : {};
    const toolSubject = `opencode-tool:${name}:input`;
    reportValueShape(toolSubject, lookup.spec.input, input, line, sink);
  }
}

/** The tool parts a record carries: a tree or v1 `tool` part, or a v2 assistant row's `tool` contents. */
function toolParts(value: Record<string, unknown>): Record<string, unknown>[] {
  const doc = isObject(value.document)
    ? value.document
    : isObject(value.row) && isObject(value.row.data)
      ? value.row.data
      : undefined;
  if (!doc) return [];
  if (doc.type === 'tool') return [doc];
  if (!Array.isArray(doc.content)) return [];
  return doc.content.filter((c): c is Record<string, unknown> => isObject(c) && c.type === 'tool');
}
