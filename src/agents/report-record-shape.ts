import type { z } from 'zod';
import type { ValidationSink } from '../reader/validation-sink.js';
import { schemaIssuesOf } from '../schemas/common/surely-valid.js';
import { unknownKeys } from '../schemas/common/unknown-keys.js';

/** A record as an agent's decoder gives it in full mode: its type's name, whether it is known, its issues. */
export interface DecodedShape {
  name: string;
  known: boolean;
  issues: readonly { path: readonly (string | number)[]; message: string }[];
}

/**
 * The checks an agent's full validation makes of every record once it is counted: an unknown record type is
 * reported as such; a known one gets its schema's issues and the keys `schema` does not declare, under the
 * subject `<agent>:<name>`. Returns that subject, or undefined for an unknown type (nothing more to check).
 */
export function reportRecordShape(
  agent: string,
  decoded: DecodedShape,
  schema: z.core.$ZodType | undefined,
  value: Record<string, unknown>,
  line: number,
  sink: ValidationSink,
): string | undefined {
  if (!decoded.known) {
    sink.unknownRecordType(decoded.name);
    return undefined;
  }
  const subject = `${agent}:${decoded.name}`;
  for (const issue of decoded.issues) sink.issue(subject, issue.path, issue.message, line);
  if (schema) for (const path of unknownKeys(schema, value)) sink.unknownField(subject, path, line);
  return subject;
}

/**
 * The same checks of a value an agent's record carries (a tool call's input): its schema's issues (zod is asked
 * only when `surelyValid` cannot vouch for the value) and the keys the schema does not declare, under `subject`.
 */
export function reportValueShape(
  subject: string,
  schema: z.core.$ZodType,
  value: unknown,
  line: number,
  sink: ValidationSink,
): void {
  for (const issue of schemaIssuesOf(schema, value))
    sink.issue(subject, issue.path as (string | number)[], issue.message, line);
  for (const path of unknownKeys(schema, value)) sink.unknownField(subject, path, line);
}
