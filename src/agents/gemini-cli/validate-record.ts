import type { FileContext, ValidationSink } from '../../reader/validation-sink.js';
import { reportValueShape } from '../report-record-shape.js';
import { geminiRecordType, geminiSchemaOf } from './decode-record.js';
import { lookupGeminiTool } from './tools.js';

/**
 * Full validation of one Gemini CLI record: its schema (issues and undeclared keys, as drift), and the tool
 * calls of a `gemini` message (unknown tools, inputs against the registry). A message appended again under
 * the same id (JSONL) counts its calls once.
 */
export function validateGeminiRecord(
  value: Record<string, unknown>,
  line: number,
  context: FileContext,
  sink: ValidationSink,
): void {
  const type = geminiRecordType(value);
  sink.record(type.name);
  if (!type.known) {
    sink.unknownRecordType(type.name);
    return;
  }
  const schema = geminiSchemaOf(type.name);
  if (!schema) return;
  const subject = `gemini-cli:${type.name}`;
  reportValueShape(subject, schema, value, line, sink);
  if (type.name !== 'gemini' || !Array.isArray(value.toolCalls)) return;
  for (const call of value.toolCalls) {
    if (call === null || typeof call !== 'object') continue;
    const { id, name, args } = call as Record<string, unknown>;
    if (typeof name !== 'string') continue;
    if (typeof id === 'string') {
      if (context.toolNamesById.has(id)) continue;
      context.toolNamesById.set(id, name);
    }
    sink.toolCall(name);
    const lookup = lookupGeminiTool(name);
    if (lookup.kind === 'unknown') {
      sink.unknownTool(name);
      continue;
    }
    if (lookup.kind !== 'builtin') continue;
    const toolSubject = `gemini-cli-tool:${name}:input`;
    reportValueShape(toolSubject, lookup.spec.input, args, line, sink);
  }
}
