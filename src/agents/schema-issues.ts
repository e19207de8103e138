import type { z } from 'zod';

/** A problem found in a record; `path` is a JSON path relative to the record. */
export interface RecordIssue {
  path: (string | number)[];
  message: string;
  /** A zod issue code (`invalid_type`, `invalid_value`, ...). */
  code: string;
}

/** The issues of `value` against `schema`, their paths under `prefix`. */
export function schemaIssues(schema: z.ZodType, value: unknown, prefix: (string | number)[]): RecordIssue[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    path: [...prefix, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
    message: issue.message,
    code: issue.code,
  }));
}
