import { describe, expect, it } from 'vitest';
import { emptyUsage, type TokenUsage } from '../model/usage.js';
import { computeBlocks, type TimedUsage } from './usage-blocks.js';
import type { Pricer } from './usage-report.js';

const usage = (input: number, output: number): TokenUsage => ({
  ...emptyUsage(),
  inputTokens: input,
  outputTokens: output,
});
const at = (time: string, input = 100, output = 10, model = 'claude-sonnet-4-5'): TimedUsage => ({
  time,
  model,
  usage: usage(input, output),
});
/** $1 per 1,000 tokens; a model named "new" has no price. */
const price: Pricer = (model, u) => (model === 'new' ? null : (u.inputTokens + u.outputTokens) / 1000);
const never = Date.parse('2030-01-01T00:00:00Z');

describe('computeBlocks', () => {
  it('starts a block at the floored hour of its first request and ends it five hours later', () => {
    const blocks = computeBlocks(
      [at('2026-03-02T09:47:10Z'), at('2026-03-02T13:59:59Z'), at('2026-03-02T14:00:00Z')],
      price,
      never,
    );
    expect(blocks.map((b) => [b.start, b.end, b.requests])).toEqual([
      ['2026-03-02T09:00:00.000Z', '2026-03-02T14:00:00.000Z', 2],
      ['2026-03-02T14:00:00.000Z', '2026-03-02T19:00:00.000Z', 1],
    ]);
    expect(blocks[0]).toMatchObject({ inputTokens: 200, outputTokens: 20, totalTokens: 220, cost: 0.22 });
    expect(blocks.every((b) => !b.active && b.burnRate === undefined)).toBe(true);
  });

  it('starts a new block after a pause longer than five hours, and spans midnight', () => {
    const blocks = computeBlocks(
      // Out of order on purpose: blocks sort by time.
      [at('2026-03-03T04:30:00Z'), at('2026-03-02T22:10:00Z'), at('2026-03-03T01:00:00Z')],
      price,
      never,
    );
    // 22:10 opens 22:00-03:00 (across midnight); 01:00 is inside; 04:30 is after its end.
    expect(blocks.map((b) => [b.start, b.requests])).toEqual([
      ['2026-03-02T22:00:00.000Z', 2],
      ['2026-03-03T04:00:00.000Z', 1],
    ]);
    const paused = computeBlocks([at('2026-03-02T10:00:00Z'), at('2026-03-02T10:20:00Z')], price, never);
    expect(paused).toHaveLength(1);
  });

  it('counts unpriced requests apart, never as $0, and lists the models', () => {
    const [block] = computeBlocks(
      [at('2026-03-02T10:00:00Z', 1000, 0, 'new'), at('2026-03-02T10:05:00Z', 1000, 0)],
      price,
      never,
    );
    expect(block).toMatchObject({ cost: 1, unpricedRequests: 1, models: ['claude-sonnet-4-5', 'new'] });
  });

  it('gives the active block its time left, burn rate and projection', () => {
    const now = Date.parse('2026-03-02T12:00:00Z');
    const blocks = computeBlocks(
      [at('2026-03-02T04:00:00Z'), at('2026-03-02T10:00:00Z', 1000, 0), at('2026-03-02T11:00:00Z', 1000, 0)],
      price,
      now,
    );
    expect(blocks.map((b) => b.active)).toEqual([false, true]);
    const active = blocks[1];
    // 2,000 tokens ($2) in the 2 hours since the block's first request, 3 hours left of 10:00-15:00.
    expect(active?.remainingMs).toBe(3 * 3_600_000);
    expect(active?.burnRate).toEqual({ tokensPerHour: 1000, costPerHour: 1 });
    expect(active?.projected).toEqual({ totalTokens: 5000, cost: 5 });
  });

  it('has no active block once five hours passed since the last request', () => {
    const blocks = computeBlocks([at('2026-03-02T10:00:00Z')], price, Date.parse('2026-03-02T15:00:00Z'));
    expect(blocks[0]?.active).toBe(false);
  });

  it('leaves out requests without a valid time', () => {
    expect(computeBlocks([at('[trimmed]'), at('2026-03-02T10:00:00Z')], price, never)).toHaveLength(1);
  });
});
