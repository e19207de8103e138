import { endOfLocalDay, instantOfWallTime, startOfLocalDay } from './time-zone.js';

/**
 * A bound of a date filter, in time zone `zone` (UTC unless given): `2026-01-31` is its whole local day
 * (the first millisecond for a start, the last for an end); an ISO date-time with an offset or `Z` is that
 * instant, one without is a wall-clock time in `zone`; undefined for anything else.
 */
export function dateBound(text: string, edge: 'start' | 'end', zone = 'UTC'): Date | undefined {
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const date = new Date(`${text}T00:00:00.000Z`);
    if (Number.isNaN(date.getTime()) || !date.toISOString().startsWith(text)) return undefined;
    return new Date(edge === 'start' ? startOfLocalDay(text, zone) : endOfLocalDay(text, zone));
  }
  if (/^\d{4}-\d{2}-\d{2}T/.test(text)) {
    if (/T[\d:.]+$/.test(text)) {
      // No offset: a wall-clock time in the zone.
      const wall = new Date(`${text}Z`);
      if (!Number.isNaN(wall.getTime())) return new Date(instantOfWallTime(wall.getTime(), zone));
      return undefined;
    }
    const date = new Date(text);
    if (!Number.isNaN(date.getTime())) return date;
  }
  return undefined;
}
