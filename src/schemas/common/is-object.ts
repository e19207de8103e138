/** Whether a decoded JSON value is an object (not an array, not null): what every wire record is. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
