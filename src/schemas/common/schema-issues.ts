import type { z } from 'zod';
import { schemaIssuesOf } from './surely-valid.js';

/** A problem found in a record; `path` is a JSON path relative to the record. */
export interface RecordIssue {
  path: (string | number)[];
  message: string;
  /** A zod issue code (`invalid_type`, `invalid_value`, ...). */
  code: string;
}

/** The issues of `value` against `schema`, their paths under `prefix`. */
export function schemaIssues(schema: z.ZodType, value: unknown, prefix: (string | number)[]): RecordIssue[] {
  return schemaIssuesOf(schema, value).map((issue) => ({
    path: [...prefix, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
    message: issue.message,
    code: issue.code,
  }));
}
