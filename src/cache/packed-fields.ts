// What the packed items of a stored report model (`report-model-codec.ts`) share: 0 for an absent field, and for
// the items their rows hold, whether SQLite gives a value back as written and the id tail that checks a row's
// pairing.

/** An absent field in a packed tuple. */
export type Absent = 0;

/** A trailing object of a packed tuple, or 0 when none of its fields is set. */
export function orAbsent(rest: Record<string, unknown>): Record<string, unknown> | Absent {
  for (const key in rest) if (rest[key] !== undefined) return rest;
  return 0;
}

/**
 * The last characters of a row-held item's id, its stored form in the model: decoding checks them against
 * the row it is paired with, so rows out of the model's order make a damaged model (built again), never a
 * model with another item's fields.
 */
export const idTail = (id: string) => id.slice(-3);

/** In a `u` regular expression, a surrogate that is not half of a pair. */
const loneSurrogate = /\p{Cs}/u;

/** A string SQLite gives back as it was written (UTF-8 cannot hold a lone surrogate). */
export function sqlText(value: unknown): boolean {
  return typeof value === 'string' && !loneSurrogate.test(value);
}

/** A number SQLite gives back as it was written (no infinity, no integer past 2^53). */
export function sqlNumber(value: unknown): boolean {
  return (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    (!Number.isInteger(value) || Number.isSafeInteger(value))
  );
}

export const optionalText = (value: unknown) => value === undefined || sqlText(value);
