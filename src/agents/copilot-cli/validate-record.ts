import type { z } from 'zod';
import type { FileContext, ValidationSink } from '../../reader/validation-sink.js';
import { schemaIssuesOf } from '../../schemas/common/surely-valid.js';
import { unknownKeys } from '../../schemas/common/unknown-keys.js';
import { arr, isObject, obj, str } from '../../schemas/common/value-access.js';
import { copilotRecordShape, copilotRecordType } from './decode-record.js';
import { copilotEventDataSchemaFor, copilotEventEnvelopeSchema } from './schemas/copilot-event.js';
import { decodeCopilotEvent } from './schemas/decode-copilot-event.js';
import {
  copilotLegacyChatMessageSchema,
  copilotLegacySessionSchema,
  copilotLegacyTimelineEntrySchema,
} from './schemas/legacy-session.js';
import { lookupCopilotTool } from './tools/lookup-copilot-tool.js';

/** The subject records of a type are reported under in drift. */
export function copilotSubject(type: string): string {
  return `copilot-cli:${type}`;
}

/**
 * Full validation of one Copilot CLI record (an `events.jsonl` line or a legacy document record): schema
 * issues and undeclared keys of its type, unknown types, and the input of every tool request against the
 * tool's schema (unknown tools reported by name).
 */
export function validateCopilotRecord(
  value: Record<string, unknown>,
  line: number,
  context: FileContext,
  sink: ValidationSink,
): void {
  const type = copilotRecordType(value);
  sink.record(type.name);
  if (!type.known) {
    sink.unknownRecordType(type.name);
    return;
  }
  const subject = copilotSubject(type.name);
  const shape = copilotRecordShape(value);
  if (shape === 'event') {
    const decoded = decodeCopilotEvent(value, 'full');
    for (const issue of decoded.issues) sink.issue(subject, issue.path, issue.message, line);
    reportUnknown(copilotEventEnvelopeSchema, value, [], subject, line, sink, ['data']);
    const schema = copilotEventDataSchemaFor(decoded.type);
    if (schema) reportUnknown(schema, decoded.data, ['data'], subject, line, sink);
    if (decoded.type === 'session.start' && str(decoded.data.copilotVersion)) {
      context.currentVersion = `copilot ${str(decoded.data.copilotVersion)}`;
      sink.version(context.currentVersion);
    }
    if (decoded.type === 'assistant.message')
      for (const request of arr(decoded.data.toolRequests)) {
        const r = obj(request);
        if (r) checkToolInput(str(r.name), r.arguments, line, sink);
      }
    return;
  }
  const schema: z.ZodType =
    shape === 'legacy-chat'
      ? copilotLegacyChatMessageSchema
      : shape === 'legacy-timeline'
        ? copilotLegacyTimelineEntrySchema
        : copilotLegacySessionSchema.omit({ chatMessages: true, timeline: true });
  check(schema, value, [], subject, line, sink);
  reportUnknown(schema, value, [], subject, line, sink);
  if (shape === 'legacy-timeline' && value.type === 'tool_call_completed')
    checkToolInput(str(value.name), value.arguments, line, sink);
  if (shape === 'legacy-chat')
    for (const call of arr(value.tool_calls)) {
      const fn = obj(obj(call)?.function);
      checkToolInput(str(fn?.name), fn?.arguments, line, sink);
    }
}

function checkToolInput(name: string | undefined, args: unknown, line: number, sink: ValidationSink): void {
  if (name === undefined) return;
  sink.toolCall(name);
  const lookup = lookupCopilotTool(name);
  if (lookup.kind === 'unknown') {
    sink.unknownTool(name);
    return;
  }
  const subject = `copilot-cli-tool:${lookup.kind === 'mcp' ? 'mcp' : name}:input`;
  let input: unknown = args ?? {};
  if (typeof input === 'string' && !(lookup.kind === 'builtin' && name === 'apply_patch')) {
    try {
      input = JSON.parse(input) as unknown;
    } catch {
      sink.issue(subject, ['arguments'], 'Arguments are not JSON', line);
      return;
    }
  }
  check(lookup.spec.input, input, [], subject, line, sink);
  if (isObject(input)) reportUnknown(lookup.spec.input, input, [], subject, line, sink);
}

function check(
  schema: z.ZodType,
  value: unknown,
  prefix: (string | number)[],
  subject: string,
  line: number,
  sink: ValidationSink,
): void {
  for (const issue of schemaIssuesOf(schema, value))
    sink.issue(subject, [...prefix, ...(issue.path as (string | number)[])], issue.message, line);
}

function reportUnknown(
  schema: z.ZodType,
  value: unknown,
  prefix: string[],
  subject: string,
  line: number,
  sink: ValidationSink,
  skip: string[] = [],
): void {
  for (const path of unknownKeys(schema, value))
    if (!skip.includes(path[0] ?? '')) sink.unknownField(subject, [...prefix, ...path], line);
}
