import { describe, expect, it } from 'vitest';
import { dayKey, monthKey } from './time-keys.js';

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
