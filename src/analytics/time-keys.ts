/**
 * Row keys of the time splits, in a time zone (UTC unless given; see `time-zone.ts`): days
 * (`2026-01-31`), months (`2026-01`), and weeks, either ISO (`2026-W05`, Monday to Sunday) or Sunday to
 * Saturday, named by their Sunday (`2026-01-25`). A week or month is made of local days.
 */
import { localDay, parseInstant } from './time-zone.js';

const isoDay = /^(\d{4}-\d{2}-\d{2})(?:$|T)/;

/**
 * The local day (`2026-01-31`) in `zone` of an ISO time, or `unknown` for a missing time or a value that
 * is not one (logs carry placeholders such as `"[trimmed for fixture]"` in `timestamp`).
 */
export function dayKey(time: string | undefined, zone = 'UTC'): string {
  const day = time === undefined ? undefined : isoDay.exec(time)?.[1];
  if (day === undefined) return 'unknown';
  // The common case: a UTC time in UTC names its day.
  if (zone === 'UTC' && (time as string).endsWith('Z')) return day;
  // A date whose time part does not parse keeps the day it names.
  const ms = parseInstant(time as string);
  return Number.isNaN(ms) ? day : localDay(ms, zone);
}

/** The local month (`2026-01`) of an ISO time, or `unknown` (see {@link dayKey}). */
export function monthKey(time: string | undefined, zone = 'UTC'): string {
  const day = dayKey(time, zone);
  return day === 'unknown' ? day : day.slice(0, 7);
}

/**
 * The ISO week (`2026-W05`: weeks start on Monday, week 1 holds the year's first Thursday) of the local
 * day of an ISO time, or `unknown` (see {@link dayKey}).
 */
export function weekKey(time: string | undefined, zone = 'UTC'): string {
  const day = dayKey(time, zone);
  if (day === 'unknown') return day;
  return isoWeekOfDay(day);
}

/** The ISO week (`2026-W05`) of a calendar day (`2026-01-31`). */
export function isoWeekOfDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  // The Thursday of this week decides its year and number.
  const weekday = (date.getUTCDay() + 6) % 7;
  date.setUTCDate(date.getUTCDate() - weekday + 3);
  const year = date.getUTCFullYear();
  // Week 1's Thursday is one of January's first seven days.
  const week = Math.floor((date.getTime() - Date.UTC(year, 0, 1)) / (7 * 86_400_000)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The day a week starts on: Monday (ISO weeks, keyed `2026-W05`) or Sunday (keyed by its Sunday). */
export type WeekStart = 'monday' | 'sunday';

export const weekStarts: readonly WeekStart[] = ['monday', 'sunday'];

/**
 * The Sunday-to-Saturday week of the local day of an ISO time, named by its Sunday (`2026-01-25` for any
 * day from Sunday 25 to Saturday 31 January 2026), or `unknown` (see {@link dayKey}). The keys sort in
 * time order.
 */
export function sundayWeekKey(time: string | undefined, zone = 'UTC'): string {
  const day = dayKey(time, zone);
  if (day === 'unknown') return day;
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - date.getUTCDay());
  return date.toISOString().slice(0, 10);
}

/** The week key of a time for weeks starting on `start`: {@link weekKey} or {@link sundayWeekKey}. */
export function weekKeyFor(time: string | undefined, start: WeekStart, zone = 'UTC'): string {
  return start === 'sunday' ? sundayWeekKey(time, zone) : weekKey(time, zone);
}
