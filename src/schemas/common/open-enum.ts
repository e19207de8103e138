import { z } from 'zod';

/**
 * A string that is one of `values` in every build seen so far, but stays open: Codex adds values often,
 * and fixtures trim them. Validates as any string; the type still completes the known values.
 */
export function openEnum<const T extends readonly [string, ...string[]]>(
  values: T,
): z.ZodType<T[number] | (string & {}), string> {
  return z.string().describe(`One of ${values.map((v) => `"${v}"`).join(', ')}, or a newer value`);
}
