import { execFileSync } from 'node:child_process';
import { readlinkSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  canonicalTimeZone,
  endOfLocalDay,
  instantOfWallTime,
  localDay,
  localTimeText,
  startOfLocalDay,
  systemTimeZone,
  zonedIso,
  zoneOffsetMs,
} from './time-zone.js';

const ny = 'America/New_York';
const at = (iso: string) => Date.parse(iso);

/** The offset ICU names for an instant (`GMT+05:30`, `GMT-4`, `GMT`), in ms: another route than ours. */
const offsetFormats = new Map<string, Intl.DateTimeFormat>();
function longOffset(ms: number, zone: string): number {
  let format = offsetFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    offsetFormats.set(zone, format);
  }
  const name = format.formatToParts(ms).find((p) => p.type === 'timeZoneName')?.value;
  const match = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/.exec(name ?? '');
  if (!match) throw new Error(`no offset in ${name}`);
  if (match[1] === undefined) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) * 60_000;
}

describe('zoneOffsetMs', () => {
  it('equals the offset ICU names, every 5 hours over two years, in zones with DST, half hours and 45 minutes', () => {
    for (const zone of [ny, 'Asia/Kolkata', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Europe/London']) {
      for (let ms = at('2025-01-01T00:00:00Z'); ms < at('2027-01-01T00:00:00Z'); ms += 5 * 3_600_000 + 61_000)
        expect(zoneOffsetMs(ms, zone), `${zone} ${new Date(ms).toISOString()}`).toBe(longOffset(ms, zone));
    }
  });

  it('changes at the instant the clocks change, not at the hour before or after', () => {
    // New York: 2025-03-09 02:00 EST becomes 03:00 EDT at 07:00Z; 2025-11-02 02:00 EDT becomes 01:00 EST at 06:00Z.
    expect(zoneOffsetMs(at('2025-03-09T06:59:59.999Z'), ny)).toBe(-5 * 3_600_000);
    expect(zoneOffsetMs(at('2025-03-09T07:00:00.000Z'), ny)).toBe(-4 * 3_600_000);
    expect(zoneOffsetMs(at('2025-11-02T05:59:59.999Z'), ny)).toBe(-4 * 3_600_000);
    expect(zoneOffsetMs(at('2025-11-02T06:00:00.000Z'), ny)).toBe(-5 * 3_600_000);
    // Lord Howe moves by half an hour, at 02:00 local (15:00Z) on 2025-04-06.
    expect(zoneOffsetMs(at('2025-04-05T14:59:59.999Z'), 'Australia/Lord_Howe')).toBe(11 * 3_600_000);
    expect(zoneOffsetMs(at('2025-04-05T15:00:00.000Z'), 'Australia/Lord_Howe')).toBe(10.5 * 3_600_000);
  });
});

describe('local days', () => {
  it('put an instant on the calendar day of the zone', () => {
    expect(localDay(at('2026-01-31T18:29:59.999Z'), 'Asia/Kolkata')).toBe('2026-01-31');
    expect(localDay(at('2026-01-31T18:30:00.000Z'), 'Asia/Kolkata')).toBe('2026-02-01');
    expect(localDay(at('2026-01-01T07:59:59.999Z'), 'America/Los_Angeles')).toBe('2025-12-31');
    expect(localDay(at('2026-01-01T08:00:00.000Z'), 'America/Los_Angeles')).toBe('2026-01-01');
  });

  it('start at local midnight and last 23 hours on the spring-forward day, 25 on the fall-back day', () => {
    expect(new Date(startOfLocalDay('2025-03-09', ny)).toISOString()).toBe('2025-03-09T05:00:00.000Z');
    expect(new Date(endOfLocalDay('2025-03-09', ny)).toISOString()).toBe('2025-03-10T03:59:59.999Z');
    expect(endOfLocalDay('2025-03-09', ny) + 1 - startOfLocalDay('2025-03-09', ny)).toBe(23 * 3_600_000);
    expect(new Date(startOfLocalDay('2025-11-02', ny)).toISOString()).toBe('2025-11-02T04:00:00.000Z');
    expect(new Date(endOfLocalDay('2025-11-02', ny)).toISOString()).toBe('2025-11-03T04:59:59.999Z');
    expect(endOfLocalDay('2025-11-02', ny) + 1 - startOfLocalDay('2025-11-02', ny)).toBe(25 * 3_600_000);
    expect(new Date(startOfLocalDay('2026-02-01', 'Asia/Kolkata')).toISOString()).toBe(
      '2026-01-31T18:30:00.000Z',
    );
  });

  it('start at the end of the gap where the clock skips midnight, and skip a day a zone skipped', () => {
    // Santiago went from 00:00 to 01:00 on 2024-09-08.
    expect(zonedIso(startOfLocalDay('2024-09-08', 'America/Santiago'), 'America/Santiago')).toBe(
      '2024-09-08T01:00:00.000-03:00',
    );
    // Samoa went from 2011-12-29 to 2011-12-31: the 30th starts (and is) the 31st.
    expect(zonedIso(startOfLocalDay('2011-12-30', 'Pacific/Apia'), 'Pacific/Apia')).toBe(
      '2011-12-31T00:00:00.000+14:00',
    );
  });
});

describe('instantOfWallTime', () => {
  it('takes the earlier of two instants where the clock goes back, and reads a skipped time after the gap', () => {
    expect(new Date(instantOfWallTime(at('2025-11-02T01:30:00Z'), ny)).toISOString()).toBe(
      '2025-11-02T05:30:00.000Z',
    );
    expect(zonedIso(instantOfWallTime(at('2025-03-09T02:30:00Z'), ny), ny)).toBe(
      '2025-03-09T03:30:00.000-04:00',
    );
    expect(instantOfWallTime(at('2026-02-01T00:00:00Z'), 'UTC')).toBe(at('2026-02-01T00:00:00Z'));
  });
});

describe('zonedIso and localTimeText', () => {
  it('write the wall time with the offset in force, and exactly toISOString in UTC', () => {
    expect(zonedIso(at('2025-11-02T05:30:00Z'), ny)).toBe('2025-11-02T01:30:00.000-04:00');
    expect(zonedIso(at('2025-11-02T06:30:00Z'), ny)).toBe('2025-11-02T01:30:00.000-05:00');
    expect(zonedIso(at('2026-01-31T20:00:00.123Z'), 'Asia/Kolkata')).toBe('2026-02-01T01:30:00.123+05:30');
    expect(zonedIso(at('2026-01-31T20:00:00.123Z'), 'UTC')).toBe('2026-01-31T20:00:00.123Z');
    for (const iso of ['2025-11-02T01:30:00.000-04:00', '2026-02-01T01:30:00.123+05:30'])
      expect(zonedIso(Date.parse(iso), 'UTC')).toBe(new Date(iso).toISOString());
  });

  it('shows local times for tables, and values that are not times cut as they are written', () => {
    expect(localTimeText('2026-01-31T20:00:00Z', 'Asia/Kolkata')).toBe('2026-02-01 01:30');
    expect(localTimeText('2026-01-31T20:00:09Z', 'Asia/Kolkata', true)).toBe('2026-02-01 01:30:09');
    expect(localTimeText('[trimmed for fixture]', 'Asia/Kolkata')).toBe('[trimmed for fix');
    expect(localTimeText(undefined, 'UTC')).toBeUndefined();
  });
});

describe('zone names', () => {
  it('accept IANA names, aliases and UTC in any case; refuse others', () => {
    expect(canonicalTimeZone('utc')).toBe('UTC');
    expect(canonicalTimeZone('Etc/UTC')).toBe('UTC');
    // The user's name is kept (ICU would say Asia/Calcutta), in ICU's spelling when only the case differs.
    expect(canonicalTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(canonicalTimeZone('america/new_york')).toBe('America/New_York');
    expect(canonicalTimeZone('US/Pacific')).toBe('US/Pacific');
    for (const bad of ['Mars/Base', '', ' ', 'GMT+25', 'America/New York'])
      expect(canonicalTimeZone(bad), bad).toBeUndefined();
  });

  it('take the system zone from TZ (the tests pin UTC)', () => {
    expect(process.env.TZ).toBe('UTC');
    expect(systemTimeZone()).toBe('UTC');
  });
});

describe('systemTimeZone without TZ', () => {
  it('names the zone /etc/localtime links to (UTC for its names), and its offsets equal ICU’s', () => {
    const script = `
      import { systemTimeZone, zoneOffsetMs } from ${JSON.stringify(new URL('../../dist/analytics/time-zone.js', import.meta.url).href)};
      const zone = systemTimeZone();
      const probes = [Date.UTC(2025, 0, 15), Date.UTC(2025, 6, 15), Date.UTC(2025, 2, 9, 12)];
      const icu = (ms) => {
        if (zone === 'UTC') return 0;
        const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }).formatToParts(ms).map((p) => [p.type, p.value]));
        return Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second) - ms;
      };
      console.log(JSON.stringify({ zone, offsets: probes.map((ms) => zoneOffsetMs(ms, zone)), icu: probes.map(icu) }));
    `;
    const env = { ...process.env };
    delete env.TZ;
    // The built module, in a process of its own: TZ is read when the zone is first asked for.
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      env,
      encoding: 'utf8',
    });
    const { zone, offsets, icu } = JSON.parse(out) as { zone: string; offsets: number[]; icu: number[] };
    let linked: string | undefined;
    try {
      linked = /zoneinfo\/(.+)$/.exec(readlinkSync('/etc/localtime'))?.[1];
    } catch {
      linked = undefined;
    }
    if (linked !== undefined)
      expect(zone).toBe(/^(Etc\/)?(UTC|UCT|GMT|Universal|Zulu)$/i.test(linked) ? 'UTC' : linked);
    expect(offsets.map((o) => o + 0)).toEqual(icu);
  });
});
