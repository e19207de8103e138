import { describe, expect, it } from 'vitest';
import { formatDuration } from './format-duration.js';

describe('formatDuration', () => {
  it('picks the unit for the size', () => {
    expect(formatDuration(850)).toBe('850ms');
    expect(formatDuration(4_200)).toBe('4.2s');
    expect(formatDuration(185_000)).toBe('3m 5s');
    expect(formatDuration((2 * 60 + 7) * 60_000)).toBe('2h 7m');
    expect(formatDuration(47 * 3_600_000 + 59 * 60_000)).toBe('47h 59m');
    expect(formatDuration((3 * 24 + 4) * 3_600_000 + 5 * 60_000)).toBe('3d 4h');
  });

  it('never shows a unit at its own limit after rounding (no "1m 60s", "60.0s" or "1000ms")', () => {
    expect(formatDuration(999.6)).toBe('1.0s');
    expect(formatDuration(59_960)).toBe('1m 0s');
    expect(formatDuration(119_600)).toBe('2m 0s');
    expect(formatDuration(3_599_700)).toBe('1h 0m');
  });

  it('is "-" when unknown', () => {
    for (const value of [undefined, null, Number.NaN, Number.POSITIVE_INFINITY])
      expect(formatDuration(value)).toBe('-');
  });
});
