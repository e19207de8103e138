import { isObject } from '../../schemas/common/is-object.js';
import { type RecordIssue, schemaIssues } from '../../schemas/common/schema-issues.js';
import { opencodeSchemasByName } from './schemas/opencode-records.js';

/** One OpenCode record, classified by the name it is counted under. */
export interface DecodedOpencodeRecord {
  name: string;
  known: boolean;
  issues: RecordIssue[];
}

/**
 * The name of a record: a tree document `session`, `message:<role>`, `part:<type>`, `todo`, `session_diff`;
 * a v2 row `session_v2`, `session_message:<type>`; a v1 row `row:session`, `row:message:<role>`,
 * `row:part:<type>`. `full` also checks it against its schema. Never throws.
 */
export function decodeOpencodeRecord(
  value: Record<string, unknown>,
  mode: 'name' | 'full',
): DecodedOpencodeRecord {
  const name = recordName(value);
  const schema = Object.hasOwn(opencodeSchemasByName, name) ? opencodeSchemasByName[name] : undefined;
  const issues = mode === 'full' && schema ? schemaIssues(schema, value, []) : [];
  return { name, known: schema !== undefined, issues };
}

function recordName(value: Record<string, unknown>): string {
  if (typeof value.storage === 'string') {
    const doc = isObject(value.document) ? value.document : undefined;
    if (value.storage === 'message')
      return `message:${typeof doc?.role === 'string' ? doc.role : '(no role)'}`;
    if (value.storage === 'part') return `part:${typeof doc?.type === 'string' ? doc.type : '(no type)'}`;
    return value.storage;
  }
  const table = typeof value.table === 'string' ? value.table : '(no table)';
  const row = isObject(value.row) ? value.row : {};
  const data = isObject(row.data) ? row.data : {};
  if (table === 'session_message')
    return `session_message:${typeof row.type === 'string' ? row.type : '(no type)'}`;
  if (table === 'session') return 'row:session';
  if (table === 'message') return `row:message:${typeof data.role === 'string' ? data.role : '(no role)'}`;
  if (table === 'part') return `row:part:${typeof data.type === 'string' ? data.type : '(no type)'}`;
  return table;
}

/** Whether the first record of a JSONL file is OpenCode's: a row dump `{table, row}` or a tree document. */
export function looksLikeOpencode(first: Record<string, unknown>): boolean {
  if (typeof first.table === 'string' && isObject(first.row))
    return ['session_v2', 'session_message', 'session', 'message', 'part'].includes(first.table);
  return typeof first.storage === 'string' && 'document' in first && typeof first.file === 'string';
}
