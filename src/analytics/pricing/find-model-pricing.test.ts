import { describe, expect, it } from 'vitest';
import { shippedBook } from '../../../test/price-book.js';
import { findModelPricing, modelIdCandidates } from './find-model-pricing.js';
import type { Pricing, PricingTable } from './pricing-types.js';

/** The id of the entry `model` resolves to: in `table`, else in the shipped prices (database ids). */
const matched = (model: string, table?: PricingTable) =>
  table ? findModelPricing(model, table)?.id : shippedBook.find(model)?.id;

describe('findModelPricing', () => {
  it.each([
    ['claude-sonnet-4-5', 'claude-sonnet-4-5'],
    ['claude-sonnet-4-5-20250929', 'claude-sonnet-4-5'],
    ['claude-sonnet-4.5', 'claude-sonnet-4-5'],
    ['Claude-Sonnet-4-5-20250929', 'claude-sonnet-4-5'],
    ['claude-sonnet-4-5[1m]', 'claude-sonnet-4-5'],
    ['anthropic/claude-opus-4-1', 'claude-opus-4-1'],
    ['us.anthropic.claude-sonnet-4-5-20250929-v1:0', 'claude-sonnet-4-5'],
    ['anthropic.claude-3-5-sonnet-20241022-v2:0', 'claude-3-5-sonnet'],
    ['converse/jp.anthropic.claude-haiku-4-5-20251001-v1:0', 'claude-haiku-4-5'],
    [
      'arn:aws:bedrock:us-east-1:123456789012:inference-profile/global.anthropic.claude-opus-4-5-20251101-v1:0',
      'claude-opus-4-5',
    ],
    ['claude-3-5-sonnet@20240620', 'claude-3-5-sonnet'],
    ['claude-3-5-sonnet-v2@20241022', 'claude-3-5-sonnet'],
    ['claude-opus-4-1@20250805', 'claude-opus-4-1'],
    ['claude-3-5-haiku-latest', 'claude-3-5-haiku-latest'],
    ['claude-opus-4-0', 'claude-opus-4-0'],
    ['claude-opus-4-20250514', 'claude-opus-4-0'],
    ['claude-3-sonnet-20240229', 'claude-3-sonnet'],
    ['claude-haiku-5-5', 'claude-haiku-5-5'],
    ['openai/gpt-5', 'gpt-5'],
    ['gpt-5-2025-08-07', 'gpt-5'],
    ['gpt-4.1-2025-04-14', 'gpt-4.1'],
    ['gpt-5-1-codex-2025-11-13', 'gpt-5.1'],
    ['gpt-5-2', 'gpt-5.2'],
    ['gpt-5.1-codex-mini', 'gpt-5.1-codex-mini'],
    ['gpt-5.1-codex-max', 'gpt-5.1'],
    ['gpt-5.5-codex', 'gpt-5.5'],
    ['gpt-5.6', 'gpt-5.6-sol'],
    ['codex-mini-latest', 'codex-mini'],
    // genai-prices: gpt-4-turbo matches the preview snapshot ($10/$30), which the old table left unpriced.
    ['gpt-4-1106-preview', 'gpt-4-turbo'],
    ['claude-haiku-3-5', 'claude-3-5-haiku-latest'],
    ['claude-opus-3', 'claude-3-opus-latest'],
    ['o4-mini-2025-04-16', 'o4-mini'],
  ])('matches %s to %s', (model, id) => {
    expect(matched(model)).toBe(id);
  });

  it.each(['<synthetic>', 'codex-auto-review', 'sonnet', '', 'gpt-5.6-sol-fast', 'claude-opus'])(
    'finds no price for %j',
    (model) => {
      expect(matched(model)).toBeUndefined();
    },
  );

  it('prefers an exact key to the undated one', () => {
    const entry = (input: number): Pricing => ({
      provider: 'anthropic',
      input,
      output: 1,
      cacheWrite: 1,
      cacheRead: 1,
      source: 'test',
      asOf: '2026-01-01',
    });
    const table: PricingTable = { 'claude-sonnet-4-5': entry(3), 'claude-sonnet-4-5-20250929': entry(4) };
    expect(matched('claude-sonnet-4-5-20250929', table)).toBe('claude-sonnet-4-5-20250929');
    expect(matched('claude-sonnet-4-5-20260101', table)).toBe('claude-sonnet-4-5');
  });

  it('prefers keys to aliases', () => {
    const entry = (aliases: string[]): Pricing => ({
      provider: 'openai',
      input: 1,
      output: 1,
      cacheWrite: 0,
      cacheRead: 1,
      aliases,
      source: 'test',
      asOf: '2026-01-01',
    });
    const table: PricingTable = { 'model-a': entry(['model-b']), 'model-b': entry([]) };
    expect(matched('model-b', table)).toBe('model-b');
  });
});

describe('modelIdCandidates', () => {
  it('lists the forms from the most specific', () => {
    expect(modelIdCandidates('us.anthropic.claude-sonnet-4-5-20250929-v1:0')).toEqual([
      'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
      'claude-sonnet-4-5-20250929',
      'claude-sonnet-4-5',
    ]);
    expect(modelIdCandidates('gpt-5-1-codex-2025-11-13')).toEqual([
      'gpt-5-1-codex-2025-11-13',
      'gpt-5-1-codex',
      'gpt-5.1-codex',
      'gpt-5.1',
    ]);
  });

  it('does not read a four-digit OpenAI snapshot as a version', () => {
    expect(modelIdCandidates('gpt-4-1106-preview')).toEqual(['gpt-4-1106-preview']);
  });
});
