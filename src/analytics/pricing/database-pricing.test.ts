import { describe, expect, it } from 'vitest';
import { databasePricing } from './database-pricing.js';
import type { DatabaseModel, PriceDatabaseOrigin } from './price-database.js';

const origin: PriceDatabaseOrigin = { kind: 'shipped', source: '@pydantic/genai-prices 0.1.8' };
const model = (prices: DatabaseModel['prices']): DatabaseModel => ({
  id: 'm',
  match: { equals: 'm' },
  prices,
});

describe('databasePricing', () => {
  it('reads per-million rates, web searches per 1,000 and names its source', () => {
    const pricing = databasePricing(
      'anthropic',
      model({
        input_mtok: 3,
        output_mtok: 15,
        cache_write_mtok: 3.75,
        cache_read_mtok: 0.3,
        cache_write_1h_mtok: 6,
        web_searches_kcount: 10,
      }),
      origin,
    );
    expect(pricing).toEqual({
      provider: 'anthropic',
      input: 3,
      output: 15,
      cacheWrite: 3.75,
      cacheWrite1h: 6,
      cacheRead: 0.3,
      webSearchPer1k: 10,
      source: '@pydantic/genai-prices 0.1.8 (anthropic: m)',
    });
  });

  it('gives an Anthropic model without a 1-hour write rate 2x its input rate, others none', () => {
    const prices = { input_mtok: 0.8, output_mtok: 4, cache_write_mtok: 1, cache_read_mtok: 0.08 };
    expect(databasePricing('anthropic', model(prices), origin)?.cacheWrite1h).toBe(1.6);
    expect(databasePricing('openai', model(prices), origin)?.cacheWrite1h).toBeUndefined();
  });

  it('prices cache reads and writes the database does not price apart at the input rate', () => {
    expect(databasePricing('openai', model({ input_mtok: 15, output_mtok: 120 }), origin)).toMatchObject({
      input: 15,
      cacheWrite: 15,
      cacheRead: 15,
    });
  });

  it('turns tiers into long-context rates for the whole request', () => {
    const tiered = (base: number, price: number) => ({ base, tiers: [{ start: 271_999, price }] });
    const pricing = databasePricing(
      'openai',
      model({ input_mtok: tiered(5, 10), cache_read_mtok: tiered(0.5, 1), output_mtok: tiered(30, 45) }),
      origin,
    );
    expect(pricing).toMatchObject({ input: 5, cacheRead: 0.5, output: 30, cacheWrite: 5 });
    expect(pricing?.longContext).toEqual({
      threshold: 271_999,
      input: 10,
      output: 45,
      cacheWrite: 10,
      cacheRead: 1,
    });
  });

  it('keeps dated periods as history and leaves time-of-day discounts out', () => {
    const pricing = databasePricing(
      'deepseek',
      model([
        { prices: { input_mtok: 10, output_mtok: 40 } },
        {
          constraint: { type: 'start_date', start_date: '2025-06-10' },
          prices: { input_mtok: 2, output_mtok: 8 },
        },
        {
          constraint: { type: 'time_of_date', start_time: '16:30:00Z', end_time: '00:30:00Z' },
          prices: { input_mtok: 1, output_mtok: 4 },
        },
      ]),
      origin,
    );
    expect(pricing).toMatchObject({ input: 2, output: 8 });
    expect(pricing?.history).toEqual([
      expect.objectContaining({ until: '2025-06-10', input: 10, output: 40, cacheRead: 10 }),
    ]);
  });

  it('has no price for a model without an input rate', () => {
    expect(databasePricing('openai', model({ audio_hours: 0.36 }), origin)).toBeUndefined();
  });

  it('dates a downloaded copy', () => {
    const downloaded: PriceDatabaseOrigin = {
      kind: 'downloaded',
      source: 'http://127.0.0.1/data.json',
      fetchedAt: '2026-11-25T10:00:00.000Z',
    };
    expect(databasePricing('openai', model({ input_mtok: 1, output_mtok: 2 }), downloaded)?.asOf).toBe(
      '2026-11-25',
    );
  });
});
