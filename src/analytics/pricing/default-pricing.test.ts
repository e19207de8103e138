import { describe, expect, it } from 'vitest';
import { anthropicPricing } from './anthropic-pricing.js';
import { defaultPricing } from './default-pricing.js';
import { findModelPricing } from './find-model-pricing.js';
import { openaiPricing } from './openai-pricing.js';
import type { PriceSet } from './pricing-types.js';

const entries = Object.entries(defaultPricing);

function rateFields(set: PriceSet): number[] {
  const { input, output, cacheWrite, cacheWrite1h, cacheRead, webSearchPer1k, longContext } = set;
  const rates = [input, output, cacheWrite, cacheRead, cacheWrite1h ?? 0, webSearchPer1k ?? 0];
  if (longContext)
    rates.push(
      longContext.input,
      longContext.output,
      longContext.cacheWrite,
      longContext.cacheRead,
      longContext.cacheWrite1h ?? 0,
    );
  return rates;
}

describe('defaultPricing', () => {
  it('holds both providers and no key twice', () => {
    expect(entries.length).toBe(Object.keys(anthropicPricing).length + Object.keys(openaiPricing).length);
  });

  it.each(entries)('%s names its source and date and has sane rates', (id, pricing) => {
    expect(pricing.source.length).toBeGreaterThan(10);
    expect(pricing.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const set of [pricing, ...(pricing.history ?? [])]) {
      for (const rate of rateFields(set)) expect(rate >= 0 && Number.isFinite(rate)).toBe(true);
      expect(set.output).toBeGreaterThan(set.input);
      expect(set.cacheRead).toBeLessThan(set.input);
      if (set.longContext) {
        expect(set.longContext.threshold).toBeGreaterThan(0);
        expect(set.longContext.input).toBeGreaterThan(set.input);
      }
    }
    for (const past of pricing.history ?? []) {
      expect(past.until).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(past.source.length).toBeGreaterThan(10);
    }
    // Every key and alias resolves to its own entry.
    expect(id).toBe(id.toLowerCase());
    for (const name of [id, ...(pricing.aliases ?? [])])
      expect(findModelPricing(name, defaultPricing)?.id).toBe(id);
  });

  it('prices Anthropic cache writes at 1.25x (5 minutes) and 2x (1 hour) the input rate', () => {
    // Published exception: Claude Haiku 3 writes at $0.30, not 1.25 x $0.25 = $0.3125.
    const exceptions = new Set(['claude-3-haiku']);
    for (const [id, pricing] of Object.entries(anthropicPricing)) {
      for (const set of [
        pricing,
        ...(pricing.history ?? []),
        ...(pricing.longContext ? [pricing.longContext] : []),
      ]) {
        if (!exceptions.has(id)) expect(set.cacheWrite, id).toBeCloseTo(set.input * 1.25, 10);
        expect(set.cacheWrite1h, id).toBeCloseTo(set.input * 2, 10);
      }
    }
  });

  it('gives OpenAI models no 1-hour cache write rate', () => {
    for (const pricing of Object.values(openaiPricing)) expect(pricing.cacheWrite1h).toBeUndefined();
  });
});
