import type { z } from 'zod';
import { isObject } from '../../../schemas/common/is-object.js';
import { schemaIssues } from '../../../schemas/common/schema-issues.js';
import { copilotEventDataSchemaFor, copilotEventEnvelopeSchema } from './copilot-event.js';

/** A problem found in a record; `path` is a JSON path relative to the line. */
export interface CopilotIssue {
  path: (string | number)[];
  message: string;
  code: string;
}

/** One `events.jsonl` line, classified. */
export interface DecodedCopilotEvent {
  /** The record `type` (`(no type)` when missing). */
  type: string;
  /** `type` is one this package has a schema for. */
  known: boolean;
  /** `data` (`{}` when it is not an object, with an issue). */
  data: Record<string, unknown>;
  timestamp: string | undefined;
  /** The record id (`id`). */
  id: string | undefined;
  /** Set on a subagent's records. */
  agentId: string | undefined;
  raw: Record<string, unknown>;
  /** Empty in `envelope` mode unless the fields it reads have the wrong JSON type. */
  issues: CopilotIssue[];
}

/**
 * Classifies and decodes one `events.jsonl` line (already parsed JSON). `envelope` mode runs no schema (the
 * hot path); `full` mode checks the envelope and the known type's `data`. Never throws.
 */
export function decodeCopilotEvent(
  value: Record<string, unknown>,
  mode: 'envelope' | 'full',
): DecodedCopilotEvent {
  const type = typeof value.type === 'string' ? value.type : '(no type)';
  const schema = copilotEventDataSchemaFor(type);
  const data = isObject(value.data) ? value.data : {};
  return {
    type,
    known: schema !== undefined,
    data,
    timestamp: typeof value.timestamp === 'string' ? value.timestamp : undefined,
    id: typeof value.id === 'string' ? value.id : undefined,
    agentId: typeof value.agentId === 'string' ? value.agentId : undefined,
    raw: value,
    issues: mode === 'full' ? fullIssues(value, schema) : fastIssues(value),
  };
}

/**
 * Whether a parsed first line is a Copilot CLI event: `{type, data, id, timestamp}` with a dotted type
 * (`session.start`...) or `abort`, and no Claude Code or Codex envelope keys.
 */
export function looksLikeCopilotEvent(value: Record<string, unknown>): boolean {
  if ('payload' in value || 'uuid' in value || 'sessionId' in value) return false;
  return (
    typeof value.type === 'string' &&
    isObject(value.data) &&
    'id' in value &&
    'parentId' in value &&
    (value.type.includes('.') || value.type === 'abort')
  );
}

function fullIssues(value: Record<string, unknown>, schema: z.ZodType | undefined): CopilotIssue[] {
  const issues = schemaIssues(copilotEventEnvelopeSchema, value, []);
  if (schema === undefined || !isObject(value.data)) return issues;
  return [...issues, ...schemaIssues(schema, value.data, ['data'])];
}

function fastIssues(value: Record<string, unknown>): CopilotIssue[] {
  const issues: CopilotIssue[] = [];
  if (typeof value.type !== 'string') issues.push(typeIssue(['type'], 'a string', value.type));
  if (!isObject(value.data)) issues.push(typeIssue(['data'], 'an object', value.data));
  return issues;
}

function typeIssue(path: (string | number)[], expected: string, got: unknown): CopilotIssue {
  const received = got === null ? 'null' : Array.isArray(got) ? 'an array' : typeof got;
  return {
    path,
    code: 'invalid_type',
    message: `Expected ${expected} at "${path.join('.')}", got ${received}`,
  };
}
