/** A version as `[major, minor, patch]`; `Infinity` stands for "any" in the upper end of a bound. */
export type VersionTuple = readonly [number, number, number];

/** A version known only up to a range: the change happened at some version from `lo` to `hi` (inclusive). */
export interface VersionBound {
  lo: VersionTuple;
  hi: VersionTuple;
  /** The text it was read from, e.g. `2.0.7x` or `2.1.18/2.1.19`. */
  text: string;
}

/** An exact version: `1.0.30`, `2.1` (patch 0), `v2.1.63`, `2.1.63-beta` (suffix ignored). */
export function parseVersion(text: string): VersionTuple | undefined {
  const match = /^v?(\d+)\.(\d+)(?:\.(\d+))?(?:[-+][\w.-]*)?$/.exec(text.trim());
  if (match === null) return undefined;
  return [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
}

/** Orders two versions (`-1`, `0`, `1`). */
export function compareVersions(a: VersionTuple, b: VersionTuple): number {
  for (let index = 0; index < 3; index += 1) {
    const left = a[index] ?? 0;
    const right = b[index] ?? 0;
    if (left !== right) return left < right ? -1 : 1;
  }
  return 0;
}

function parseOne(text: string): { lo: VersionTuple; hi: VersionTuple } | undefined {
  const exact = parseVersion(text);
  if (exact !== undefined) return { lo: exact, hi: exact };
  // Wildcards in the last part, as the spec writes sample-bisected versions: 1.0.6x, 1.0.1xx, 2.0.x.
  const match = /^(\d+)\.(\d+)\.(\d*)(x+)$/.exec(text.trim());
  if (match === null) return undefined;
  const major = Number(match[1]);
  const minor = Number(match[2]);
  const digits = match[3] ?? '';
  if (digits === '') return { lo: [major, minor, 0], hi: [major, minor, Number.POSITIVE_INFINITY] };
  const scale = 10 ** (match[4] ?? 'x').length;
  const lo = Number(digits) * scale;
  return { lo: [major, minor, lo], hi: [major, minor, lo + scale - 1] };
}

/**
 * A version as the registry's history notes write it: exact (`2.1.63`), with wildcards (`2.0.7x`,
 * `1.0.1xx`, `2.0.x`), approximate (`≈2.1.9x`, same range), or two candidates (`2.1.18/2.1.19`).
 */
export function parseVersionBound(text: string): VersionBound | undefined {
  const trimmed = text.trim().replace(/^[≈~]/, '');
  const [first, second, ...rest] = trimmed.split('/');
  if (first === undefined || rest.length > 0) return undefined;
  const low = parseOne(first);
  const high = second === undefined ? low : parseOne(second);
  if (low === undefined || high === undefined) return undefined;
  return { lo: low.lo, hi: high.hi, text: text.trim() };
}

/** `2.1.63`, or `2.1.63+` style text for a tuple (Infinity shown as `x`). */
export function formatVersion(version: VersionTuple): string {
  return version.map((part) => (Number.isFinite(part) ? String(part) : 'x')).join('.');
}
