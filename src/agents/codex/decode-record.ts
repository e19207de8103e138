import type { z } from 'zod';
import { isObject } from '../../schemas/common/is-object.js';
import { schemaIssues } from '../../schemas/common/schema-issues.js';
import { codexEventMsgSchemaFor, knownEventMsgTypes } from './schemas/event-msg.js';
import { codexResponseItemSchema, knownResponseItemTypes } from './schemas/response-item.js';
import {
  codexEnvelopePayloadSchemas,
  codexEnvelopeSchema,
  codexStateLineSchema,
  type KnownCodexEnvelopeType,
  knownCodexEnvelopeTypes,
} from './schemas/rollout-line.js';
import { codexBareSessionMetaSchema } from './schemas/session-meta.js';

export { knownCodexEnvelopeTypes, knownEventMsgTypes, knownResponseItemTypes };

/**
 * What a rollout line is: an envelope (`{timestamp, type, payload}`), a bare-era state sentinel
 * (`{record_type}`), the bare-era first line (session meta without envelope), or a bare-era response item.
 */
export type CodexLineKind = 'envelope' | 'state' | 'bare-meta' | 'bare-item';

/** A problem found in a line; `path` is a JSON path relative to the line. */
export interface CodexIssue {
  path: (string | number)[];
  message: string;
  /** A zod issue code (`invalid_type`, `invalid_value`, ...), or `invalid_type` for envelope-mode checks. */
  code: string;
}

/** One rollout line, classified. */
export type DecodedCodexLine = {
  kind: CodexLineKind;
  /** Envelope `type`; `state` for sentinels; `session_meta` for bare meta; `response_item` for bare items. */
  type: string;
  /** `payload.type` for `response_item` and `event_msg`; `undefined` otherwise. */
  subtype: string | undefined;
  /** `type` (and `subtype` where it has one) is a known variant. */
  known: boolean;
  /** The envelope payload (`{}` if it is not an object, with an issue); the line itself for bare-era lines and sentinels. */
  payload: Record<string, unknown>;
  /** The envelope timestamp, or the bare meta's `timestamp`. */
  timestamp: string | undefined;
  raw: Record<string, unknown>;
  /** Empty in `envelope` mode unless the envelope itself is malformed. */
  issues: CodexIssue[];
};

const knownEnvelope = new Set(knownCodexEnvelopeTypes);
const knownItems = new Set(knownResponseItemTypes);
const knownEvents = new Set(knownEventMsgTypes);

/**
 * Classifies and decodes one rollout line (already parsed JSON). `envelope` mode runs no schema (the hot
 * path: kind, type, payload, timestamp only); `full` mode checks the line against its variant's schema.
 * Never throws.
 */
export function decodeCodexLine(
  value: Record<string, unknown>,
  mode: 'envelope' | 'full',
  ctx: { lineIndex: number },
): DecodedCodexLine {
  if ('type' in value && 'payload' in value) return decodeEnvelope(value, mode);
  if ('record_type' in value) {
    return {
      kind: 'state',
      type: 'state',
      subtype: undefined,
      known: value.record_type === 'state',
      payload: value,
      timestamp: undefined,
      raw: value,
      issues: mode === 'full' ? schemaIssues(codexStateLineSchema, value, []) : [],
    };
  }
  if (isBareMeta(value, ctx.lineIndex)) {
    return {
      kind: 'bare-meta',
      type: 'session_meta',
      subtype: undefined,
      known: true,
      payload: value,
      timestamp: typeof value.timestamp === 'string' ? value.timestamp : undefined,
      raw: value,
      issues: mode === 'full' ? schemaIssues(codexBareSessionMetaSchema, value, []) : [],
    };
  }
  const subtype = typeof value.type === 'string' ? value.type : undefined;
  return {
    kind: 'bare-item',
    type: 'response_item',
    subtype,
    known: subtype !== undefined && knownItems.has(subtype),
    payload: value,
    timestamp: undefined,
    raw: value,
    issues: mode === 'full' ? schemaIssues(codexResponseItemSchema, value, []) : itemTypeIssues(value, []),
  };
}

/**
 * Whether a file whose first decoded line is `firstValue` is a Codex rollout: an envelope of a known type,
 * a bare-era meta line, a state sentinel, or a bare response item of a known type.
 */
export function looksLikeCodexRollout(firstValue: Record<string, unknown>): boolean {
  if ('uuid' in firstValue || 'sessionId' in firstValue || 'parentUuid' in firstValue) return false;
  if ('type' in firstValue && 'payload' in firstValue) {
    return (
      typeof firstValue.type === 'string' &&
      knownEnvelope.has(firstValue.type) &&
      isObject(firstValue.payload)
    );
  }
  if ('record_type' in firstValue) return true;
  if (isBareMeta(firstValue, 0)) return true;
  return typeof firstValue.type === 'string' && knownItems.has(firstValue.type);
}

function decodeEnvelope(value: Record<string, unknown>, mode: 'envelope' | 'full'): DecodedCodexLine {
  const type = typeof value.type === 'string' ? value.type : '';
  const payload = isObject(value.payload) ? value.payload : {};
  const hasSubtype = type === 'response_item' || type === 'event_msg';
  const subtype = hasSubtype && typeof payload.type === 'string' ? payload.type : undefined;
  const known =
    type === 'response_item'
      ? subtype !== undefined && knownItems.has(subtype)
      : type === 'event_msg'
        ? subtype !== undefined && knownEvents.has(subtype)
        : knownEnvelope.has(type);
  return {
    kind: 'envelope',
    type,
    subtype,
    known,
    payload,
    timestamp: typeof value.timestamp === 'string' ? value.timestamp : undefined,
    raw: value,
    issues: mode === 'full' ? envelopeIssuesFull(value, type) : envelopeIssuesFast(value, hasSubtype),
  };
}

function envelopeIssuesFull(value: Record<string, unknown>, type: string): CodexIssue[] {
  const issues = schemaIssues(codexEnvelopeSchema, value, []);
  if (!isObject(value.payload)) return issues;
  const schema = payloadSchemaFor(type, value.payload);
  return schema === undefined ? issues : [...issues, ...schemaIssues(schema, value.payload, ['payload'])];
}

function payloadSchemaFor(type: string, payload: Record<string, unknown>): z.ZodType | undefined {
  if (type === 'event_msg' && typeof payload.type === 'string') {
    // Known live-only events get their (loose) schema; unknown ones fall to the open union, which only
    // checks that `type` is a string.
    return codexEventMsgSchemaFor(payload.type) ?? codexEnvelopePayloadSchemas.event_msg;
  }
  return Object.hasOwn(codexEnvelopePayloadSchemas, type)
    ? codexEnvelopePayloadSchemas[type as KnownCodexEnvelopeType]
    : undefined;
}

/** The checks `envelope` mode makes: the fields it reads must have the right JSON type. */
function envelopeIssuesFast(value: Record<string, unknown>, hasSubtype: boolean): CodexIssue[] {
  const issues: CodexIssue[] = [];
  if (typeof value.type !== 'string') issues.push(typeIssue(['type'], 'a string', value.type));
  if (!isObject(value.payload)) issues.push(typeIssue(['payload'], 'an object', value.payload));
  else if (hasSubtype) issues.push(...itemTypeIssues(value.payload, ['payload']));
  if ('timestamp' in value && typeof value.timestamp !== 'string') {
    issues.push(typeIssue(['timestamp'], 'a string', value.timestamp));
  }
  return issues;
}

function itemTypeIssues(item: Record<string, unknown>, prefix: (string | number)[]): CodexIssue[] {
  return typeof item.type === 'string' ? [] : [typeIssue([...prefix, 'type'], 'a string', item.type)];
}

function typeIssue(path: (string | number)[], expected: string, got: unknown): CodexIssue {
  const received = got === null ? 'null' : Array.isArray(got) ? 'an array' : typeof got;
  return {
    path,
    code: 'invalid_type',
    message: `Expected ${expected} at "${path.join('.')}", got ${received}`,
  };
}

/** The bare-era first line: no `type`, a string `id` and `timestamp` (on a later line, also `instructions`). */
function isBareMeta(value: Record<string, unknown>, lineIndex: number): boolean {
  if ('type' in value || typeof value.id !== 'string' || typeof value.timestamp !== 'string') return false;
  return lineIndex === 0 || 'instructions' in value;
}
