import { describe, expect, it } from 'vitest';
import { dayKey, monthKey, weekKey } from './time-keys.js';

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
