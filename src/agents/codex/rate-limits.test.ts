import { describe, expect, it } from 'vitest';
import { readCodexRateLimits } from './rate-limits.js';

const at = { file: '/h/.codex/sessions/r.jsonl', line: 7 };

describe('readCodexRateLimits', () => {
  it('reads windows with resets_at (epoch seconds) and the limit fields', () => {
    const limits = readCodexRateLimits(
      {
        limit_id: 'codex',
        limit_name: null,
        primary: { used_percent: 63.0, window_minutes: 300, resets_at: 1763422725 },
        secondary: { used_percent: 43.0, window_minutes: 10080, resets_at: 1763910108 },
        credits: { has_credits: false, unlimited: false, balance: '0' },
        plan_type: 'plus',
        rate_limit_reached_type: null,
      },
      '2025-11-17T21:38:46.709Z',
      at,
    );
    expect(limits).toEqual({
      time: '2025-11-17T21:38:46.709Z',
      limitId: 'codex',
      planType: 'plus',
      primary: {
        usedPercent: 63,
        windowMinutes: 300,
        resetsAt: '2025-11-17T23:38:45.000Z',
        resetsFrom: 'resets_at',
      },
      secondary: {
        usedPercent: 43,
        windowMinutes: 10080,
        resetsAt: '2025-11-23T15:01:48.000Z',
        resetsFrom: 'resets_at',
      },
      credits: { hasCredits: false, unlimited: false, balance: '0' },
      location: at,
    });
  });

  it('makes resets_in_seconds absolute from the record time, and needs that time for it', () => {
    const value = { primary: { used_percent: 5, window_minutes: 300, resets_in_seconds: 90 } };
    expect(readCodexRateLimits(value, '2025-09-01T10:00:00.000Z', at)?.primary).toEqual({
      usedPercent: 5,
      windowMinutes: 300,
      resetsAt: '2025-09-01T10:01:30.000Z',
      resetsFrom: 'resets_in_seconds',
    });
    expect(readCodexRateLimits(value, 'not a time', at)?.primary).toEqual({
      usedPercent: 5,
      windowMinutes: 300,
    });
  });

  it('reads the oldest flat fields', () => {
    const limits = readCodexRateLimits(
      {
        primary_used_percent: 12,
        secondary_used_percent: 40,
        primary_to_secondary_ratio_percent: 30,
        primary_window_minutes: 300,
        secondary_window_minutes: 10080,
      },
      '2025-08-01T00:00:00.000Z',
      at,
    );
    expect([limits?.primary, limits?.secondary]).toEqual([
      { usedPercent: 12, windowMinutes: 300 },
      { usedPercent: 40, windowMinutes: 10080 },
    ]);
  });

  it('records nothing for null, empty windows, or a value the schema rejects', () => {
    const t = '2026-01-02T16:39:45.332Z';
    expect(readCodexRateLimits(null, t, at)).toBeUndefined();
    expect(readCodexRateLimits(undefined, t, at)).toBeUndefined();
    expect(
      readCodexRateLimits({ primary: null, secondary: null, credits: null, plan_type: null }, t, at),
    ).toBeUndefined();
    expect(readCodexRateLimits({ primary: { used_percent: 'high' } }, t, at)).toBeUndefined();
  });
});
