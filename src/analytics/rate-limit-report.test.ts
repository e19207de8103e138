import { describe, expect, it } from 'vitest';
import type { RateLimitSnapshot } from '../model/rate-limits.js';
import { codexHome, latestRateLimits, windowLabel } from './rate-limit-report.js';

const snapshot = (file: string, time: string | undefined, extra: Partial<RateLimitSnapshot> = {}) =>
  ({
    ...(time === undefined ? {} : { time }),
    primary: { usedPercent: 10, windowMinutes: 300, resetsAt: '2026-01-01T15:00:00.000Z' },
    location: { file, line: 3 },
    ...extra,
  }) as RateLimitSnapshot;

describe('codexHome', () => {
  it('is the folder holding sessions/ or archived_sessions/, else the file’s folder', () => {
    expect(codexHome('/home/me/.codex/sessions/2026/01/02/rollout-a.jsonl')).toBe('/home/me/.codex');
    expect(codexHome('/home/me/.codex/archived_sessions/rollout-a.jsonl')).toBe('/home/me/.codex');
    expect(codexHome('C:\\Users\\me\\.codex\\sessions\\2026\\01\\02\\rollout-a.jsonl')).toBe(
      'C:\\Users\\me\\.codex',
    );
    // The last sessions/ folder counts: a home inside a folder named sessions.
    expect(codexHome('/sessions/work/.codex/sessions/2026/rollout-a.jsonl')).toBe('/sessions/work/.codex');
    expect(codexHome('/tmp/copies/rollout-a.jsonl')).toBe('/tmp/copies');
  });
});

describe('latestRateLimits', () => {
  const now = Date.parse('2026-01-01T12:00:00.000Z');

  it('keeps the newest observation per home and limit, and leaves out undated and future ones', () => {
    const a = '/h/a/.codex/sessions/2026/01/01/rollout-1.jsonl';
    const a2 = '/h/a/.codex/sessions/2026/01/01/rollout-2.jsonl';
    const b = '/h/b/.codex/sessions/2026/01/01/rollout-1.jsonl';
    const accounts = latestRateLimits(
      [
        snapshot(a, '2026-01-01T10:00:00.000Z'),
        snapshot(a2, '2026-01-01T11:00:00.000Z', { primary: { usedPercent: 30 } }),
        snapshot(a2, '2026-01-01T11:30:00.000Z', { limitId: 'codex_other' }),
        snapshot(b, undefined),
        snapshot(b, '2026-01-01T13:00:00.000Z'),
        snapshot(b, '2026-01-01T09:00:00.000Z', { limitId: 'codex' }),
      ],
      now,
    );
    expect(accounts.map((x) => [x.home, x.limitId, x.observedAt, x.observations])).toEqual([
      ['/h/a/.codex', 'codex', '2026-01-01T11:00:00.000Z', 2],
      ['/h/a/.codex', 'codex_other', '2026-01-01T11:30:00.000Z', 1],
      ['/h/b/.codex', 'codex', '2026-01-01T09:00:00.000Z', 1],
    ]);
    expect(accounts[0]?.primary).toEqual({ usedPercent: 30, reset: false });
    expect(accounts[0]?.ageMs).toBe(3_600_000);
    expect(accounts[2]?.primary).toEqual({
      usedPercent: 10,
      windowMinutes: 300,
      resetsAt: '2026-01-01T15:00:00.000Z',
      resetsInMs: 3 * 3_600_000,
      reset: false,
    });
  });

  it('marks a window whose reset time has passed, and breaks ties in time by file and line alike in any order', () => {
    const early = snapshot('/x/sessions/r1.jsonl', '2026-01-01T11:00:00.000Z', {
      primary: { usedPercent: 90, resetsAt: '2026-01-01T11:59:00.000Z' },
    });
    const late = snapshot('/x/sessions/r2.jsonl', '2026-01-01T11:00:00.000Z', {
      primary: { usedPercent: 50, resetsAt: '2026-01-01T11:59:00.000Z' },
    });
    for (const order of [
      [early, late],
      [late, early],
    ]) {
      const [account] = latestRateLimits(order, now);
      expect(account?.file).toBe('/x/sessions/r2.jsonl');
      expect(account?.primary?.reset).toBe(true);
    }
  });
});

describe('windowLabel', () => {
  it('names a window by its length', () => {
    expect(windowLabel({ usedPercent: 1, windowMinutes: 300 }, 'primary')).toBe('5h');
    expect(windowLabel({ usedPercent: 1, windowMinutes: 10080 }, 'primary')).toBe('7d');
    expect(windowLabel({ usedPercent: 1, windowMinutes: 90 }, 'secondary')).toBe('90m');
    expect(windowLabel({ usedPercent: 1 }, 'secondary')).toBe('secondary');
  });
});
