import { describe, expect, it } from 'vitest';
import { shippedBook as book } from '../../../test/price-book.js';
import { emptyUsage, type TokenUsage } from '../../model/usage.js';
import { computeCost, priceSetAt } from './compute-cost.js';
import type { PricingTable } from './pricing-types.js';

function usage(fields: Partial<TokenUsage>): TokenUsage {
  return { ...emptyUsage(), ...fields };
}

describe('computeCost', () => {
  it('prices each token class of a Claude request at its own rate', () => {
    // Sonnet 4.5: input $3, output $15, 5m write $3.75, read $0.30 per MTok.
    // 1,000 x 3 + 2,000 x 15 + 10,000 x 3.75 + 100,000 x 0.30 = 3,000 + 30,000 + 37,500 + 30,000 = 100,500 / 1e6
    const result = computeCost(
      'claude-sonnet-4-5-20250929',
      usage({ inputTokens: 1_000, outputTokens: 2_000, cacheWriteTokens: 10_000, cacheReadTokens: 100_000 }),
      book,
    );
    expect(result.cost).toBeCloseTo(0.1005, 12);
    expect(result.breakdown).toEqual({
      input: expect.closeTo(0.003, 12),
      output: expect.closeTo(0.03, 12),
      cacheWrite: expect.closeTo(0.0375, 12),
      cacheRead: expect.closeTo(0.03, 12),
      webSearch: 0,
    });
    expect(result.matchedModel).toBe('claude-sonnet-4-5');
    expect(result.longContext).toBeUndefined();
  });

  it('prices the whole request at long-context rates when the prompt is above the threshold', () => {
    // Prompt = 50,000 + 160,000 = 210,000 > 200,000: input $6, read $0.60, output $22.50.
    // 50,000 x 6 + 160,000 x 0.6 + 1,000 x 22.5 = 300,000 + 96,000 + 22,500 = 418,500 / 1e6
    const result = computeCost(
      'claude-sonnet-4-5',
      usage({ inputTokens: 50_000, cacheReadTokens: 160_000, outputTokens: 1_000 }),
      book,
    );
    expect(result.cost).toBeCloseTo(0.4185, 12);
    expect(result.longContext).toBe(true);
  });

  it('keeps the base rates at exactly the threshold', () => {
    // 200,000 x $3 = 0.6 (the long-context rate would give 1.2)
    const result = computeCost('claude-sonnet-4', usage({ inputTokens: 200_000 }), book);
    expect(result.cost).toBeCloseTo(0.6, 12);
    expect(result.longContext).toBeUndefined();
  });

  it('prices 1-hour cache writes at the 1-hour rate when their count is known', () => {
    // Opus 4.5: 5m write $6.25, 1h write $10. 60,000 x 6.25 + 40,000 x 10 = 375,000 + 400,000 = 775,000 / 1e6
    const split = computeCost(
      'claude-opus-4-5-20251101',
      {
        ...usage({ cacheWriteTokens: 100_000 }),
        cacheWrite1hTokens: 40_000,
      },
      book,
    );
    expect(split.cost).toBeCloseTo(0.775, 12);
    // Without the split every write is a 5-minute write: 100,000 x 6.25 = 0.625
    expect(computeCost('claude-opus-4-5', usage({ cacheWriteTokens: 100_000 }), book).cost).toBeCloseTo(
      0.625,
      12,
    );
    // A 1h count above the total is capped at it: 100,000 x 10 = 1.0
    const capped = computeCost(
      'claude-opus-4-5',
      {
        ...usage({ cacheWriteTokens: 100_000 }),
        cacheWrite1hTokens: 500_000,
      },
      book,
    );
    expect(capped.cost).toBeCloseTo(1, 12);
  });

  it('adds web searches at the per-1,000 rate', () => {
    // Haiku 4.5: 2,000 x $1 / 1e6 = 0.002; 3 searches x $10 / 1,000 = 0.03
    const result = computeCost(
      'claude-haiku-4-5-20251001',
      usage({ inputTokens: 2_000, webSearchRequests: 3 }),
      book,
    );
    expect(result.breakdown.webSearch).toBeCloseTo(0.03, 12);
    expect(result.cost).toBeCloseTo(0.032, 12);
  });

  it('prices Codex cached input at the cached-input rate and does not add reasoning again', () => {
    // Codex: input_tokens 12,000 of which cached 8,000 -> input 4,000, cache read 8,000; output 500 incl. 300 reasoning.
    // gpt-5.1-codex: 4,000 x 1.25 + 8,000 x 0.125 + 500 x 10 = 5,000 + 1,000 + 5,000 = 11,000 / 1e6
    const result = computeCost(
      'gpt-5.1-codex',
      usage({ inputTokens: 4_000, cacheReadTokens: 8_000, outputTokens: 500, reasoningTokens: 300 }),
      book,
    );
    expect(result.cost).toBeCloseTo(0.011, 12);
    expect(result.breakdown.cacheWrite).toBe(0);
  });

  it('applies the OpenAI >272K rates to the whole request', () => {
    // gpt-5.4, prompt 200,000 + 100,000 cached = 300,000 > 272,000: input $5, cached $0.50, output $22.50.
    // 200,000 x 5 + 100,000 x 0.5 + 10,000 x 22.5 = 1,000,000 + 50,000 + 225,000 = 1,275,000 / 1e6
    const result = computeCost(
      'gpt-5.4',
      usage({ inputTokens: 200_000, cacheReadTokens: 100_000, outputTokens: 10_000 }),
      book,
    );
    expect(result.cost).toBeCloseTo(1.275, 12);
    expect(result.longContext).toBe(true);
  });

  it('uses the rates in force at the given time', () => {
    // gpt-5.6-luna: $1 input before the 2026-07-30 cut, $0.20 after. 100,000 tokens: 0.1, then 0.02.
    const tokens = usage({ inputTokens: 100_000 });
    expect(computeCost('gpt-5.6-luna', tokens, book, '2026-07-29T23:59:59Z').cost).toBeCloseTo(0.1, 12);
    expect(computeCost('gpt-5.6-luna', tokens, book, '2026-07-30T00:00:00Z').cost).toBeCloseTo(0.02, 12);
    expect(computeCost('gpt-5.6-luna', tokens, book).cost).toBeCloseTo(0.02, 12);
    // Opus 4.6 had long-context rates until 2026-03-13: 250,000 x $10 = 2.5 before, 250,000 x $5 = 1.25 after.
    const long = usage({ inputTokens: 250_000 });
    expect(computeCost('claude-opus-4-6', long, book, '2026-02-20T10:00:00Z').cost).toBeCloseTo(2.5, 12);
    expect(computeCost('claude-opus-4-6', long, book, new Date('2026-04-01')).cost).toBeCloseTo(1.25, 12);
  });

  it('prices Haiku 5.5 by prompt length', () => {
    // 100,000 tokens: 100,000 x $0.10 = 0.01; 100,001 tokens: 100,001 x $0.50 = 0.0500005
    expect(computeCost('claude-haiku-5-5', usage({ inputTokens: 100_000 }), book).cost).toBeCloseTo(0.01, 12);
    expect(computeCost('claude-haiku-5-5', usage({ inputTokens: 100_001 }), book).cost).toBeCloseTo(
      0.0500005,
      12,
    );
  });

  it('returns a null cost and no match for unpriced models', () => {
    for (const model of ['<synthetic>', 'codex-auto-review', 'some-new-model']) {
      const result = computeCost(model, usage({ inputTokens: 1_000, outputTokens: 1_000 }), book);
      expect(result).toEqual({
        cost: null,
        breakdown: { input: 0, output: 0, cacheWrite: 0, cacheRead: 0, webSearch: 0 },
      });
    }
  });

  it('uses the table it is given', () => {
    const table: PricingTable = {
      'x-model': {
        provider: 'custom',
        input: 1,
        output: 2,
        cacheWrite: 0,
        cacheRead: 0.5,
        source: 'test',
        asOf: '2026-01-01',
      },
    };
    // 1,000,000 x 1 + 500,000 x 2 + 2,000,000 x 0.5 = 1 + 1 + 1
    const result = computeCost(
      'x-model',
      usage({ inputTokens: 1_000_000, outputTokens: 500_000, cacheReadTokens: 2_000_000 }),
      table,
    );
    expect(result.cost).toBeCloseTo(3, 12);
    expect(computeCost('claude-sonnet-4-5', usage({ inputTokens: 1 }), table).cost).toBeNull();
  });
});

describe('priceSetAt', () => {
  const pricing = book.find('claude-sonnet-5-5')!.pricing;

  it('picks the earliest period that had not ended, else the current rates', () => {
    expect(priceSetAt(pricing, '2026-10-06T23:59:59.999Z').cacheRead).toBe(0.2);
    expect(priceSetAt(pricing, '2026-10-07T00:00:00Z').cacheRead).toBe(0.1);
    expect(priceSetAt(pricing).cacheRead).toBe(0.1);
  });

  it('ignores a date it cannot read', () => {
    expect(priceSetAt(pricing, 'not a date')).toBe(pricing);
  });
});
