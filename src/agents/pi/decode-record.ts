import { isObject } from '../../schemas/common/is-object.js';
import { type RecordIssue, schemaIssues } from '../../schemas/common/schema-issues.js';
import { type PiEntryType, piEntrySchemas, piMessageSchemas } from './schemas/pi-records.js';

/** One Pi entry, classified. */
export interface DecodedPiRecord {
  type: string;
  /** `message.role` for message entries. */
  subtype: string | undefined;
  /** The name entries are counted under: `type`, or `message:<role>`. */
  name: string;
  known: boolean;
  issues: RecordIssue[];
}

/**
 * Classifies one Pi entry (already parsed JSON). `full` mode also checks the entry and, for messages,
 * the message against its role's schema. Never throws.
 */
export function decodePiRecord(value: Record<string, unknown>, mode: 'envelope' | 'full'): DecodedPiRecord {
  const type = typeof value.type === 'string' ? value.type : '(no type)';
  const message = isObject(value.message) ? value.message : undefined;
  const subtype = type === 'message' && typeof message?.role === 'string' ? message.role : undefined;
  const name = subtype === undefined ? type : `${type}:${subtype}`;
  const knownType = Object.hasOwn(piEntrySchemas, type);
  const knownRole = subtype !== undefined && Object.hasOwn(piMessageSchemas, subtype);
  const known = knownType && (type !== 'message' || knownRole);
  const issues: RecordIssue[] = [];
  if (mode === 'full' && knownType) {
    issues.push(...schemaIssues(piEntrySchemas[type as PiEntryType], value, []));
    if (knownRole && message)
      issues.push(
        ...schemaIssues(piMessageSchemas[subtype as keyof typeof piMessageSchemas], message, ['message']),
      );
  }
  return { type, subtype, name, known, issues };
}

/** Whether a file whose first record is `first` is a Pi session (its header). */
export function looksLikePiSession(first: Record<string, unknown>): boolean {
  return (
    first.type === 'session' &&
    typeof first.id === 'string' &&
    typeof first.cwd === 'string' &&
    !('payload' in first)
  );
}
