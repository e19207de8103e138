import type { z } from 'zod';
import type { ValidationSink } from '../reader/validation-sink.js';
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
