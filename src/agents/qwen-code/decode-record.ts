import { isObject } from '../../schemas/common/is-object.js';
import { type RecordIssue, schemaIssues } from '../../schemas/common/schema-issues.js';
import {
  knownQwenSystemSubtypes,
  knownQwenUserSubtypes,
  type QwenRecordType,
  qwenRecordSchemas,
  qwenSystemPayloadSchemas,
} from './schemas/qwen-code-records.js';

/** One Qwen Code record, classified. */
export interface DecodedQwenRecord {
  /** `user`, `assistant`, `tool_result`, `system`, or what the record says (`(no type)` when missing). */
  type: string;
  subtype: string | undefined;
  /** The name records are counted under: `type`, or `type:subtype` for records with a subtype. */
  name: string;
  /** The type (and subtype) are known. */
  known: boolean;
  /** Schema issues (`full` mode only). */
  issues: RecordIssue[];
}

const systemSubtypes = new Set<string>(knownQwenSystemSubtypes);
/** Subtypes a `user` record may carry (its payload is a notification or a prompt projection). */
const userSubtypes = new Set<string>(knownQwenUserSubtypes);

/**
 * Classifies one Qwen Code record (already parsed JSON). `envelope` mode reads `type` and `subtype` only;
 * `full` mode also checks the record and, for known system subtypes, its payload. Never throws.
 */
export function decodeQwenCodeRecord(
  value: Record<string, unknown>,
  mode: 'envelope' | 'full',
): DecodedQwenRecord {
  const type = typeof value.type === 'string' ? value.type : '(no type)';
  const subtype = typeof value.subtype === 'string' ? value.subtype : undefined;
  const name = subtype === undefined ? type : `${type}:${subtype}`;
  const knownType = Object.hasOwn(qwenRecordSchemas, type);
  const known =
    knownType &&
    (subtype === undefined ||
      (type === 'system' && systemSubtypes.has(subtype)) ||
      (type === 'user' && userSubtypes.has(subtype)));
  const issues: RecordIssue[] = [];
  if (mode === 'full' && knownType) {
    issues.push(...schemaIssues(qwenRecordSchemas[type as QwenRecordType], value, []));
    if (type === 'system' && subtype !== undefined && Object.hasOwn(qwenSystemPayloadSchemas, subtype)) {
      const schema = qwenSystemPayloadSchemas[subtype as keyof typeof qwenSystemPayloadSchemas];
      if (isObject(value.systemPayload))
        issues.push(...schemaIssues(schema, value.systemPayload, ['systemPayload']));
    }
  }
  return { type, subtype, name, known, issues };
}

/** Whether a file whose first record is `first` is a Qwen Code chat file (a Gemini `Content` in `message`). */
export function looksLikeQwenCodeRecord(first: Record<string, unknown>): boolean {
  if (typeof first.uuid !== 'string' || !('parentUuid' in first) || typeof first.sessionId !== 'string')
    return false;
  if (typeof first.type !== 'string' || !Object.hasOwn(qwenRecordSchemas, first.type)) return false;
  const message = first.message;
  if (isObject(message)) return Array.isArray(message.parts);
  return 'systemPayload' in first;
}
