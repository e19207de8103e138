import { describe, expect, it } from 'vitest';
import { dayKey, monthKey, sundayWeekKey, weekKey, weekKeyFor } from './time-keys.js';

describe('dayKey and monthKey', () => {
  it('take the UTC day and month of ISO times', () => {
    expect(dayKey('2026-01-31T23:59:59.999Z')).toBe('2026-01-31');
    expect(dayKey('2026-01-31')).toBe('2026-01-31');
    expect(monthKey('2026-01-31T23:59:59.999Z')).toBe('2026-01');
  });

  it('are "unknown" for missing times and for values that are not times', () => {
    for (const value of [undefined, '', '[trimmed for fixture]', 'yesterday', '2026-1-5T00:00:00Z']) {
      expect(dayKey(value)).toBe('unknown');
      expect(monthKey(value)).toBe('unknown');
    }
  });
});

describe('weekKey', () => {
  it('takes the ISO week of the UTC day, the year of its Thursday', () => {
    // Reference values from the ISO 8601 calendar (date +%G-W%V).
    const cases: [string, string][] = [
      ['2026-01-01T12:00:00Z', '2026-W01'],
      ['2025-12-29T00:00:00Z', '2026-W01'],
      ['2025-12-28T23:59:59Z', '2025-W52'],
      ['2021-01-03T10:00:00Z', '2020-W53'],
      ['2021-01-04T10:00:00Z', '2021-W01'],
      ['2026-11-25T21:00:00Z', '2026-W48'],
      ['2027-01-01T00:00:00Z', '2026-W53'],
      ['2024-12-30T00:00:00Z', '2025-W01'],
    ];
    for (const [time, week] of cases) expect(weekKey(time), time).toBe(week);
  });

  it('is "unknown" where the day is', () => {
    expect(weekKey(undefined)).toBe('unknown');
    expect(weekKey('[trimmed for fixture]')).toBe('unknown');
  });
});

describe('sundayWeekKey', () => {
  it('names a Sunday-to-Saturday week by its Sunday, across months and years', () => {
    // Checked against a calendar: 2026-01-25 and 2025-12-28 are Sundays, 2026-01-31 a Saturday.
    const cases: [string, string][] = [
      ['2026-01-25T00:00:00Z', '2026-01-25'],
      ['2026-01-31T23:59:59Z', '2026-01-25'],
      ['2026-02-01T00:00:00Z', '2026-02-01'],
      ['2026-01-01T12:00:00Z', '2025-12-28'],
      ['2025-12-28T08:00:00Z', '2025-12-28'],
      ['2025-12-27T08:00:00Z', '2025-12-21'],
      ['2024-03-02T10:00:00Z', '2024-02-25'],
    ];
    for (const [time, week] of cases) expect(sundayWeekKey(time), time).toBe(week);
    expect(sundayWeekKey('yesterday')).toBe('unknown');
  });

  it('weekKeyFor picks the ISO week for Monday and the Sunday key for Sunday', () => {
    // A Sunday: the last day of ISO week 4, the first of the Sunday week.
    expect(weekKeyFor('2026-01-25T10:00:00Z', 'monday')).toBe('2026-W04');
    expect(weekKeyFor('2026-01-25T10:00:00Z', 'sunday')).toBe('2026-01-25');
    expect(weekKeyFor('2026-01-26T10:00:00Z', 'monday')).toBe('2026-W05');
    expect(weekKeyFor('2026-01-26T10:00:00Z', 'sunday')).toBe('2026-01-25');
  });
});

describe('keys in a time zone', () => {
  it('take the local day, and the week and month it is in', () => {
    // 2026-01-04 is a Sunday: 18:30Z is Monday 00:00 in Kolkata (+05:30), week 2; 18:29Z still week 1.
    expect(weekKey('2026-01-04T18:29:59.999Z', 'Asia/Kolkata')).toBe('2026-W01');
    expect(weekKey('2026-01-04T18:30:00.000Z', 'Asia/Kolkata')).toBe('2026-W02');
    expect(sundayWeekKey('2026-01-04T07:59:00Z', 'America/Los_Angeles')).toBe('2025-12-28');
    expect(weekKeyFor('2026-01-04T08:00:00Z', 'sunday', 'America/Los_Angeles')).toBe('2026-01-04');
    // New Year's Eve in Los Angeles is New Year's Day in UTC.
    expect(monthKey('2026-01-01T07:00:00Z', 'America/Los_Angeles')).toBe('2025-12');
    expect(monthKey('2026-01-01T07:00:00Z')).toBe('2026-01');
    expect(dayKey('2026-01-01T07:00:00Z', 'America/Los_Angeles')).toBe('2025-12-31');
    // An offset in the log is an instant like any other.
    expect(dayKey('2026-01-01T01:00:00+05:30')).toBe('2025-12-31');
  });
});
