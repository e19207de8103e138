/**
 * A bound of a date filter: `2026-01-31` (its whole UTC day: the first millisecond for a start, the last
 * for an end) or an ISO date-time; undefined for anything else.
 */
export function dateBound(text: string, edge: 'start' | 'end'): Date | undefined {
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const date = new Date(`${text}T00:00:00.000Z`);
    if (!Number.isNaN(date.getTime()) && date.toISOString().startsWith(text))
      return edge === 'start' ? date : new Date(date.getTime() + 86_400_000 - 1);
  } else if (/^\d{4}-\d{2}-\d{2}T/.test(text)) {
    const date = new Date(text);
    if (!Number.isNaN(date.getTime())) return date;
  }
  return undefined;
}
