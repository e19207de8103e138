import { schemaIssues } from '../../schemas/common/schema-issues.js';
import {
  type ClaudeCodeRecord,
  claudeCodeRecordSchemas,
  isKnownClaudeCodeRecordType,
} from './schemas/records/index.js';

/**
 * `envelope`: only checks that `type` is a known string (no zod; for the hot path).
 * `full`: validates the record with its zod schema and reports issues.
 */
export type DecodeMode = 'envelope' | 'full';

/** One schema issue of a record: where (JSON path), what, and zod's issue code. */
export interface RecordIssue {
  path: (string | number)[];
  message: string;
  code: string;
}

/**
 * A decoded record. `record` is always the input object itself (never a copy), so no field is lost;
 * a known record's `issues` lists where it departs from its schema (always empty in envelope mode).
 */
export type DecodedRecord =
  | { kind: 'known'; type: string; record: ClaudeCodeRecord; issues: RecordIssue[] }
  | { kind: 'unknown'; type: string | undefined; record: Record<string, unknown>; issues: [] };

/**
 * Decodes one parsed transcript line. A record whose `type` is missing or not known decodes as
 * `unknown` with its raw value, never as an error.
 */
export function decodeClaudeCodeRecord(value: Record<string, unknown>, mode: DecodeMode): DecodedRecord {
  const type = value.type;
  if (typeof type !== 'string' || !isKnownClaudeCodeRecordType(type)) {
    return { kind: 'unknown', type: typeof type === 'string' ? type : undefined, record: value, issues: [] };
  }
  const record = value as ClaudeCodeRecord;
  if (mode === 'envelope') return { kind: 'known', type, record, issues: [] };
  return { kind: 'known', type, record, issues: schemaIssues(claudeCodeRecordSchemas[type], value, []) };
}
