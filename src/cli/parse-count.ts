import { CliError, exitCodes, quote } from './cli-error.js';

/**
 * A whole-number option (`--top`, `--limit`, `--jobs`...): digits only, at least `min`. Anything else
 * ("abc", "5x", "2.5", "-1") is a mistake on the command line (exit 2), not a value to guess from.
 */
export function parseCount(value: string, option: string, min = 1, max?: number): number {
  const text = value.trim();
  const count = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(count) || count < min || (max !== undefined && count > max)) {
    const range = max === undefined ? ` of ${min} or more` : ` from ${min} to ${max}`;
    throw new CliError(`Option ${option} needs a whole number${range}, got ${quote(value)}.`, {
      exitCode: exitCodes.usage,
    });
  }
  return count;
}
