import { describe, expect, it } from 'vitest';
import { emptyUsage } from '../model/usage.js';
import { computeBlocksReport } from './blocks-report.js';
import type { CountedRequest } from './counted-requests.js';
import type { Pricer } from './usage-report.js';

/** `tokens` input tokens at `time`; $1 per 1,000 tokens, none for the model "new". */
const req = (time: string, tokens: number, agent = 'claude-code', model = 'claude-x'): CountedRequest => ({
  time,
  model,
  usage: { ...emptyUsage(), inputTokens: tokens },
  agent,
});
const price: Pricer = (model, u) => (model === 'new' ? null : u.inputTokens / 1000);
const counted = (requests: CountedRequest[]) => ({ requests, sharedRequests: 0 });

// Blocks 09:00-14:00 (3,000 tokens), 15:00-20:00 (1,000) on 2 March; 10:00-15:00 on 3 March (2,000, active at 12:00).
const requests = [
  req('2026-03-02T09:10:00Z', 1000),
  req('2026-03-02T13:00:00Z', 2000),
  req('2026-03-02T15:30:00Z', 1000),
  req('2026-03-03T10:00:00Z', 1000),
  req('2026-03-03T11:00:00Z', 1000),
  req('2026-03-03T11:30:00Z', 5000, 'codex'),
];
const now = Date.parse('2026-03-03T12:00:00Z');

describe('computeBlocksReport', () => {
  it('counts Claude Code requests only, in blocks and in weeks', () => {
    const report = computeBlocksReport(counted(requests), price, { now });
    expect(report.blocks.map((b) => [b.start, b.totalTokens, b.active])).toEqual([
      ['2026-03-02T09:00:00.000Z', 3000, false],
      ['2026-03-02T15:00:00.000Z', 1000, false],
      ['2026-03-03T10:00:00.000Z', 2000, true],
    ]);
    // 2 and 3 March 2026 are a Monday and a Tuesday: one ISO week.
    expect(report.weeks.map((w) => [w.key, w.totalTokens, w.requests, w.cost])).toEqual([
      ['2026-W10', 6000, 5, 6],
    ]);
    expect(report.total.totalTokens).toBe(6000);
    expect(report.tokenLimit).toBeNull();
    expect(report.limitWarning).toBe(false);
    expect(report.blocks.every((b) => b.limitShare === undefined)).toBe(true);
  });

  it('splits weeks at Sunday with weekStart sunday', () => {
    const report = computeBlocksReport(
      counted([req('2026-03-07T23:00:00Z', 100), req('2026-03-08T01:00:00Z', 200)]),
      price,
      { now, weekStart: 'sunday' },
    );
    // Saturday 7 and Sunday 8 March: two Sunday weeks (1 and 8 March), one block across them.
    expect(report.weeks.map((w) => [w.key, w.totalTokens])).toEqual([
      ['2026-03-01', 100],
      ['2026-03-08', 200],
    ]);
    expect(report.blocks).toHaveLength(1);
  });

  it('measures blocks against a given token limit, and warns when the active block is on course past 80%', () => {
    const report = computeBlocksReport(counted(requests), price, { now, tokenLimit: 5000 });
    expect(report.tokenLimit).toBe(5000);
    expect(report.tokenLimitSource).toBe('given');
    expect(report.blocks.map((b) => b.limitShare)).toEqual([0.6, 0.2, 0.4]);
    // 2,000 tokens in the 2 hours since 10:00 is 1,000/h; 3 hours left: 5,000 at 15:00, 100% of the limit.
    expect(report.blocks[2]?.projected?.totalTokens).toBe(5000);
    expect(report.blocks[2]?.projectedShare).toBe(1);
    expect(report.blocks[0]?.projectedShare).toBeUndefined();
    expect(report.limitWarning).toBe(true);
    const roomy = computeBlocksReport(counted(requests), price, { now, tokenLimit: 10_000 });
    // Used 20%, projected 50%: below 80%.
    expect(roomy.limitWarning).toBe(false);
  });

  it('takes the largest finished block for max, not the active one', () => {
    const report = computeBlocksReport(counted(requests), price, { now, tokenLimit: 'max' });
    expect(report.tokenLimit).toBe(3000);
    expect(report.tokenLimitSource).toBe('max');
    expect(report.blocks.map((b) => b.limitShare)).toEqual([1, 1000 / 3000, 2000 / 3000]);
    expect(report.limitWarning).toBe(true);
    const onlyActive = computeBlocksReport(counted([req('2026-03-03T11:00:00Z', 10)]), price, {
      now,
      tokenLimit: 'max',
    });
    expect(onlyActive.tokenLimit).toBeNull();
    expect(onlyActive.limitWarning).toBe(false);
  });

  it('keeps requests without a time in the total and the unknown week, out of the blocks', () => {
    const report = computeBlocksReport(
      counted([req('', 100), req('2026-03-02T09:00:00Z', 10, 'claude-code', 'new')]),
      price,
      { now },
    );
    expect(report.untimedRequests).toBe(1);
    expect(report.blocks.map((b) => b.requests)).toEqual([1]);
    expect(report.weeks.map((w) => w.key)).toEqual(['2026-W10', 'unknown']);
    expect(report.total.requests).toBe(2);
    expect(report.unpricedModels).toEqual({ new: 1 });
    expect(report.blocks[0]).toMatchObject({ cost: 0, unpricedRequests: 1 });
  });
});
