const isoDay = /^(\d{4}-\d{2}-\d{2})(?:$|T)/;

/**
 * The UTC day (`2026-01-31`) of an ISO time, or `unknown` for a missing time or a value that is not one
 * (logs carry placeholders such as `"[trimmed for fixture]"` in `timestamp`).
 */
export function dayKey(time: string | undefined): string {
  return (time === undefined ? undefined : isoDay.exec(time)?.[1]) ?? 'unknown';
}

/** The UTC month (`2026-01`) of an ISO time, or `unknown` (see {@link dayKey}). */
export function monthKey(time: string | undefined): string {
  const day = dayKey(time);
  return day === 'unknown' ? day : day.slice(0, 7);
}
