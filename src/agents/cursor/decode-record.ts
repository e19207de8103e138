import { isObject } from '../../schemas/common/is-object.js';
import { type RecordIssue, schemaIssues } from '../../schemas/common/schema-issues.js';
import { type CursorRole, cursorRecordSchemas } from './schemas/cursor-records.js';

/** One Cursor transcript record, classified. */
export interface DecodedCursorRecord {
  /** Counted under `role`; a record without one under its `type`, else `(no role)`. */
  name: string;
  known: boolean;
  issues: RecordIssue[];
}

/**
 * Classifies one record (already parsed JSON): `user` and `assistant` are known; anything else (a record
 * without `role`, such as the `{"type":"turn_ended"}` of one fixture) is kept and counted as unknown.
 * `full` mode also checks the record against its role's schema. Never throws.
 */
export function decodeCursorRecord(
  value: Record<string, unknown>,
  mode: 'envelope' | 'full',
): DecodedCursorRecord {
  const role = typeof value.role === 'string' ? value.role : undefined;
  const name = role ?? (typeof value.type === 'string' ? value.type : '(no role)');
  const known = role !== undefined && Object.hasOwn(cursorRecordSchemas, role);
  const issues =
    mode === 'full' && known ? schemaIssues(cursorRecordSchemas[role as CursorRole], value, []) : [];
  return { name, known, issues };
}

/**
 * Whether a file whose first record is `first` is a Cursor transcript: a `role` and a `message` with a
 * `content` array, and none of the keys that mark Claude Code (`type`, `uuid`, `sessionId`) or Codex.
 */
export function looksLikeCursorTranscript(first: Record<string, unknown>): boolean {
  if (typeof first.role !== 'string' || !isObject(first.message)) return false;
  if ('type' in first || 'uuid' in first || 'sessionId' in first || 'payload' in first) return false;
  return Array.isArray(first.message.content);
}
