/**
 * Time zones for the calendar of the reports: which local day an instant falls on, where a local day
 * starts, and an instant written as ISO 8601 with the zone's offset. A zone is an IANA name (or `UTC`);
 * offsets come from the runtime's ICU data (`Intl.DateTimeFormat`), never from a table of our own. The
 * instants stay instants: only the calendar (days, weeks, months, date filters) and what is printed follow
 * the zone.
 */

import { readlinkSync } from 'node:fs';

const hourMs = 3_600_000;
const dayMs = 86_400_000;

/**
 * The zone of the system as {@link systemTimeZone} named it, when it was found without ICU: its offsets come
 * from `Date` (the runtime's own rules for that same zone), so that a run in the system zone never builds an
 * ICU formatter (the first costs about 12 ms, a status line's whole budget of its own work).
 */
let systemZone: string | undefined;

/** The names of UTC that need no lookup. */
const utcNames = /^(?:UTC|Etc\/UTC|Etc\/UCT|UCT|GMT|Etc\/GMT|Etc\/Universal|Universal|Zulu|Etc\/Zulu|UTC0)$/i;

/**
 * The zone of the system (`TZ`, else the machine's setting), `UTC` when the runtime names none (an unknown
 * `TZ` gives none; an empty one gives `Etc/Unknown`).
 */
export function systemTimeZone(): string {
  // TZ as the user wrote it when it names a zone (ICU would give an older name for some).
  const tz = process.env.TZ?.replace(/^:/, '');
  if (tz !== undefined && utcNames.test(tz)) return 'UTC';
  if (tz === undefined) {
    // The machine's setting where it is a link into the zone database (Linux, macOS): no ICU needed.
    const linked = localtimeZone();
    if (linked !== undefined) {
      if (utcNames.test(linked)) return 'UTC';
      systemZone = linked;
      return linked;
    }
  }
  const given = tz === undefined || tz === '' ? undefined : canonicalTimeZone(tz);
  if (given !== undefined) return given;
  const name = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (name && name !== 'Etc/Unknown' && canonicalTimeZone(name)) || 'UTC';
}

/** The zone `/etc/localtime` links to (`.../zoneinfo/Europe/Paris`), if it is such a link. */
function localtimeZone(): string | undefined {
  try {
    const target = readlinkSync('/etc/localtime');
    const match = /zoneinfo\/(.+)$/.exec(target);
    return match?.[1];
  } catch {
    return undefined;
  }
}

/**
 * The name to use for zone `name`, undefined when the runtime knows no such zone: `UTC` for every name of
 * UTC (`utc`, `Etc/UTC`, `GMT`), the runtime's spelling when only the case differs, else `name` as given
 * (ICU's own id can be an older name: `Asia/Kolkata` resolves to `Asia/Calcutta`).
 */
export function canonicalTimeZone(name: string): string | undefined {
  if (name.trim() === '') return undefined;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
  if (resolved === 'UTC' || resolved.toLowerCase() === name.toLowerCase()) return resolved;
  return name;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, Map<number, number>>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
    formatters.set(zone, format);
  }
  return format;
}

/** The offset from ICU for one instant, whole seconds (ICU's resolution). */
function computeOffset(ms: number, zone: string): number {
  const fields: Record<string, string> = {};
  for (const part of formatterOf(zone).formatToParts(ms)) fields[part.type] = part.value;
  let year = Number(fields.year);
  if (fields.era === 'BC' || fields.era === 'B') year = 1 - year;
  const wall = Date.UTC(
    year,
    Number(fields.month) - 1,
    Number(fields.day),
    Number(fields.hour),
    Number(fields.minute),
    Number(fields.second),
  );
  // Date.UTC maps years 0..99 to 1900..1999.
  const date = new Date(wall);
  if (year >= 0 && year < 100) date.setUTCFullYear(year);
  return date.getTime() - (ms - (((ms % 1000) + 1000) % 1000));
}

/**
 * The zone's offset from UTC (ms, east positive) at instant `ms`. Offsets are kept per UTC hour when the
 * hour starts and ends with the same offset (a change inside it is computed for each instant).
 */
export function zoneOffsetMs(ms: number, zone: string): number {
  if (zone === 'UTC') return 0;
  if (zone === systemZone) return new Date(ms).getTimezoneOffset() * -60_000;
  let cache = offsets.get(zone);
  if (!cache) {
    cache = new Map();
    offsets.set(zone, cache);
  }
  const hour = Math.floor(ms / hourMs);
  const known = cache.get(hour);
  if (known !== undefined && !Number.isNaN(known)) return known;
  if (known === undefined) {
    const start = computeOffset(hour * hourMs, zone);
    const end = computeOffset(hour * hourMs + hourMs - 1, zone);
    if (cache.size > 100_000) cache.clear();
    cache.set(hour, start === end ? start : Number.NaN);
    if (start === end) return start;
  }
  return computeOffset(ms, zone);
}

/** The wall-clock time of instant `ms` in `zone`, as the ms of the same wall time in UTC. */
export function wallTime(ms: number, zone: string): number {
  return ms + zoneOffsetMs(ms, zone);
}

/** The local day (`2026-01-31`) of instant `ms` in `zone`. */
export function localDay(ms: number, zone: string): string {
  return isoDate(wallTime(ms, zone));
}

function isoDate(wall: number): string {
  const date = new Date(wall);
  const year = date.getUTCFullYear();
  const y =
    year >= 0 && year <= 9999
      ? String(year).padStart(4, '0')
      : `${year < 0 ? '-' : '+'}${String(Math.abs(year)).padStart(6, '0')}`;
  return `${y}-${String(date.getUTCMonth() + 1).padStart(2, '0')}-${String(date.getUTCDate()).padStart(2, '0')}`;
}

/**
 * The instant at which the wall-clock time `wall` (ms of that wall time read as UTC) happens in `zone`:
 * the earlier one when the clock goes back over it, and for a time the clock skips (a spring-forward
 * gap) the instant as far after the gap's start as the time is (`02:30` in a gap from 02:00 to 03:00 is
 * the instant that reads `03:30`).
 */
export function instantOfWallTime(wall: number, zone: string): number {
  if (zone === 'UTC') return wall;
  // The offsets that can apply: those in force within a day either side (no zone moves more than that).
  const candidates = new Set<number>();
  for (let k = -4; k <= 4; k += 1) candidates.add(zoneOffsetMs(wall + k * 6 * hourMs, zone));
  let best: number | undefined;
  let latest = Number.NEGATIVE_INFINITY;
  for (const offset of candidates) {
    const at = wall - offset;
    latest = Math.max(latest, at);
    if (wallTime(at, zone) === wall && (best === undefined || at < best)) best = at;
  }
  return best ?? latest;
}

/**
 * The first instant of local day `day` (`2026-01-31`) in `zone`, or of the first day after it when the
 * zone skipped it (Pacific/Apia skipped 2011-12-30); NaN when `day` is not a date. A zone whose clock
 * skips midnight starts the day at the end of the gap (`01:00`).
 */
export function startOfLocalDay(day: string, zone: string): number {
  const wall = Date.parse(`${day}T00:00:00.000Z`);
  if (Number.isNaN(wall)) return wall;
  const begins = (at: number) => localDay(at, zone) >= day && localDay(at - 1, zone) < day;
  // The start is midnight at one of the offsets in force near it, or a change of offset at old midnight.
  let best: number | undefined;
  for (let k = -4; k <= 4; k += 1) {
    const at = wall - zoneOffsetMs(wall + k * 6 * hourMs, zone);
    if ((best === undefined || at < best) && begins(at)) best = at;
  }
  if (best !== undefined) return best;
  // Any other change: search the instants from 15 hours before to 13 hours after UTC midnight (offsets
  // run from -12 to +14 hours), to the millisecond.
  let low = wall - 15 * hourMs;
  let high = wall + 13 * hourMs;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (localDay(middle, zone) >= day) high = middle;
    else low = middle;
  }
  return high;
}

/** The last millisecond of local day `day` in `zone`. */
export function endOfLocalDay(day: string, zone: string): number {
  const next = isoDate(Date.parse(`${day}T00:00:00.000Z`) + dayMs);
  return startOfLocalDay(next, zone) - 1;
}

/** `+05:30`, `-08:00`; `Z` for a zero offset in UTC itself. */
function offsetText(offset: number, zone: string): string {
  if (offset === 0 && zone === 'UTC') return 'Z';
  const sign = offset < 0 ? '-' : '+';
  const minutes = Math.round(Math.abs(offset) / 60_000);
  return `${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * Instant `ms` as ISO 8601 in `zone`, with its offset: `2026-01-31T14:05:09.000+05:30`; in `UTC` exactly
 * `Date.prototype.toISOString` (`...Z`).
 */
export function zonedIso(ms: number, zone: string): string {
  if (zone === 'UTC') return new Date(ms).toISOString();
  const offset = zoneOffsetMs(ms, zone);
  const wall = new Date(ms + offset).toISOString();
  return `${wall.slice(0, -1)}${offsetText(offset, zone)}`;
}

/**
 * An ISO time as the local wall time in `zone` for tables: `2026-01-31 14:05` (`seconds`: `14:05:09`);
 * undefined for no time, and a value that is not a time as it is written.
 */
export function localTimeText(
  time: string | null | undefined,
  zone: string,
  seconds = false,
): string | undefined {
  if (time === undefined || time === null) return undefined;
  const ms = /^\d{4}-\d{2}-\d{2}/.test(time) ? parseInstant(time) : Number.NaN;
  const length = seconds ? 19 : 16;
  if (Number.isNaN(ms)) return time.slice(0, length).replace('T', ' ');
  return new Date(wallTime(ms, zone)).toISOString().slice(0, length).replace('T', ' ');
}

/**
 * The instant of an ISO time from a log or the command line, NaN when it is none. A date-time without
 * an offset is UTC (JavaScript would read it in the machine's zone).
 */
export function parseInstant(time: string): number {
  if (/T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/.test(time)) return Date.parse(`${time}Z`);
  return Date.parse(time);
}
