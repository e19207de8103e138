import { isObject } from '../../schemas/common/is-object.js';
import { type RecordIssue, schemaIssues } from '../../schemas/common/schema-issues.js';
import { storeRecordKey } from './read-chat-store.js';
import { type CursorStoreRecordType, cursorStoreRecordSchemas } from './schemas/cursor-store-records.js';

/** One record of a Cursor chat store (`read-chat-store.ts`), classified. */
export interface DecodedStoreRecord {
  /** `store-meta`, `store-node`, `store-<role>` of a message, `store-unreferenced`, `store-opaque`... */
  name: string;
  known: boolean;
  issues: RecordIssue[];
}

/** Whether a record is one of a chat store's (`{cursorStore: ...}`), not a transcript's. */
export function isStoreRecord(value: Record<string, unknown>): boolean {
  return typeof value[storeRecordKey] === 'string';
}

/**
 * Classifies a store record: meta rows, nodes and messages of a known role are known; a blob the latest root
 * does not reach (`store-unreferenced`), a reached blob that is neither JSON nor a node (`store-opaque`) and a
 * message of another role are kept and counted as unknown. `full` also checks the record's schema.
 */
export function decodeStoreRecord(
  value: Record<string, unknown>,
  mode: 'envelope' | 'full',
): DecodedStoreRecord {
  const what = String(value[storeRecordKey]);
  const role =
    isObject(value.message) && typeof value.message.role === 'string' ? value.message.role : undefined;
  const name = what === 'message' ? `store-${role ?? '(no role)'}` : `store-${what}`;
  const known = Object.hasOwn(cursorStoreRecordSchemas, name);
  const issues =
    mode === 'full' && known
      ? schemaIssues(cursorStoreRecordSchemas[name as CursorStoreRecordType], value, [])
      : [];
  return { name, known, issues };
}

/** Whether the first record of a file is a chat store's meta row (sniffing a file of unknown origin). */
export function looksLikeCursorStore(first: Record<string, unknown>): boolean {
  return isStoreRecord(first);
}
