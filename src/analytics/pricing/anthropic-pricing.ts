import type { LongContextRates, Pricing } from './pricing-types.js';

const pricingPage = 'https://platform.claude.com/docs/en/about-claude/pricing (Model pricing table)';
const legacyPricingPage = 'https://docs.anthropic.com/en/docs/about-claude/pricing (Model pricing table)';
const overview = (slug: string) => `https://platform.claude.com/docs/en/models/${slug}/overview (Pricing)`;
const genaiPrices = 'https://github.com/pydantic/genai-prices prices/providers/anthropic.yml';
/** Anthropic's web search tool: $10 per 1,000 searches (pricing page, "Web search tool"; genai-prices). */
const webSearchPer1k = 10;
const checked = '2026-11-22';

/**
 * Long-context rates of the Sonnet 4 family (1M-context beta): a request whose input, cache writes and
 * cache reads add up to more than 200K tokens pays 2x input and cache rates and 1.5x output on all of it.
 */
const sonnetLongContext: LongContextRates = {
  threshold: 200_000,
  input: 6,
  output: 22.5,
  cacheWrite: 7.5,
  cacheWrite1h: 12,
  cacheRead: 0.6,
};
const longContextSource = `${pricingPage}, "Long context pricing"; ${genaiPrices} (tiers start at 200000)`;
/** Anthropic made the 1M context GA at standard prices for Opus 4.6 and Sonnet 4.6 on 2026-03-13. */
const longContextEnd = '2026-03-13';
const longContextEndSource =
  'https://claude.com/blog/1m-context-ga (1M context GA at standard pricing, 2026-03-13)';

const opus5Rates = { input: 5, output: 25, cacheWrite: 6.25, cacheWrite1h: 10, cacheRead: 0.5 } as const;
const opus4Rates = { input: 15, output: 75, cacheWrite: 18.75, cacheWrite1h: 30, cacheRead: 1.5 } as const;
const sonnetRates = { input: 3, output: 15, cacheWrite: 3.75, cacheWrite1h: 6, cacheRead: 0.3 } as const;
const fableRates = { input: 10, output: 50, cacheWrite: 12.5, cacheWrite1h: 20 } as const;

/** Claude models on the Anthropic API, standard tier (no batch, priority, fast mode or data-residency uplift). */
export const anthropicPricing: Record<string, Pricing> = {
  'claude-fable-5-1': {
    provider: 'anthropic',
    ...fableRates,
    cacheRead: 0.25,
    webSearchPer1k,
    source: `${pricingPage} (cache hits $0.25 per footnote 1)`,
    asOf: checked,
  },
  'claude-mythos-5-1': {
    provider: 'anthropic',
    ...fableRates,
    cacheRead: 0.25,
    webSearchPer1k,
    source: `${pricingPage} (limited availability)`,
    asOf: checked,
  },
  'claude-fable-5': {
    provider: 'anthropic',
    ...fableRates,
    cacheRead: 1,
    webSearchPer1k,
    source: `${pricingPage}; ${genaiPrices}`,
    asOf: checked,
  },
  'claude-mythos-5': {
    provider: 'anthropic',
    ...fableRates,
    cacheRead: 1,
    webSearchPer1k,
    source: `${pricingPage} (limited availability)`,
    asOf: checked,
  },
  'claude-opus-5-5': {
    provider: 'anthropic',
    input: 4,
    output: 20,
    cacheWrite: 5,
    cacheWrite1h: 8,
    cacheRead: 0.2,
    webSearchPer1k,
    source: overview('opus-5-5'),
    asOf: checked,
  },
  'claude-opus-5': {
    provider: 'anthropic',
    ...opus5Rates,
    webSearchPer1k,
    source: `${overview('opus-5')}; ${pricingPage}`,
    asOf: checked,
  },
  'claude-opus-4-8': {
    provider: 'anthropic',
    ...opus5Rates,
    webSearchPer1k,
    source: `${pricingPage}; ${genaiPrices}`,
    asOf: checked,
  },
  'claude-opus-4-7': {
    provider: 'anthropic',
    ...opus5Rates,
    webSearchPer1k,
    source: `${pricingPage}; ${genaiPrices}`,
    asOf: checked,
  },
  'claude-opus-4-6': {
    provider: 'anthropic',
    ...opus5Rates,
    webSearchPer1k,
    source: `${pricingPage}; ${genaiPrices}`,
    asOf: checked,
    history: [
      {
        until: longContextEnd,
        ...opus5Rates,
        webSearchPer1k,
        longContext: {
          threshold: 200_000,
          input: 10,
          output: 37.5,
          cacheWrite: 12.5,
          cacheWrite1h: 20,
          cacheRead: 1,
        },
        source: `${genaiPrices} (tiers at 200000 before 2026-03-13); ${longContextEndSource}`,
      },
    ],
  },
  'claude-opus-4-5': {
    provider: 'anthropic',
    ...opus5Rates,
    webSearchPer1k,
    source: `${pricingPage}; ${overview('opus-4-5')}`,
    asOf: checked,
  },
  'claude-opus-4-1': {
    provider: 'anthropic',
    ...opus4Rates,
    webSearchPer1k,
    source: `${pricingPage}; ${legacyPricingPage}`,
    asOf: checked,
  },
  'claude-opus-4': {
    provider: 'anthropic',
    ...opus4Rates,
    webSearchPer1k,
    aliases: ['claude-opus-4-0', 'claude-4-opus'],
    source: `${pricingPage}; ${legacyPricingPage}`,
    asOf: checked,
  },
  'claude-3-opus': {
    provider: 'anthropic',
    ...opus4Rates,
    aliases: ['claude-opus-3'],
    source: `${legacyPricingPage} (Claude Opus 3, deprecated)`,
    asOf: checked,
  },
  'claude-sonnet-5-5': {
    provider: 'anthropic',
    input: 2,
    output: 10,
    cacheWrite: 2.5,
    cacheWrite1h: 4,
    cacheRead: 0.1,
    webSearchPer1k,
    source:
      'Anthropic cut Sonnet 5.5 cache hits to $0.10 on 2026-10-07, as reported by kurofune/claudit v1.9.2 and ' +
      'TheKrush/PromptFuel v1.0.23 release notes (both re-checked against the pricing page); other rates ' +
      overview('sonnet-5-5'),
    asOf: checked,
    history: [
      {
        until: '2026-10-07',
        input: 2,
        output: 10,
        cacheWrite: 2.5,
        cacheWrite1h: 4,
        cacheRead: 0.2,
        webSearchPer1k,
        source: overview('sonnet-5-5'),
      },
    ],
  },
  'claude-sonnet-5': {
    provider: 'anthropic',
    input: 2,
    output: 10,
    cacheWrite: 2.5,
    cacheWrite1h: 4,
    cacheRead: 0.2,
    webSearchPer1k,
    source: `${overview('sonnet-5')}; the announced 2026-09-01 rise to $3/$15 was cancelled (TheKrush/PromptFuel v1.0.22)`,
    asOf: checked,
  },
  'claude-sonnet-4-6': {
    provider: 'anthropic',
    ...sonnetRates,
    webSearchPer1k,
    source: `${pricingPage}; ${genaiPrices}`,
    asOf: checked,
    history: [
      {
        until: longContextEnd,
        ...sonnetRates,
        webSearchPer1k,
        longContext: sonnetLongContext,
        source: `${longContextSource}; ${longContextEndSource}`,
      },
    ],
  },
  'claude-sonnet-4-5': {
    provider: 'anthropic',
    ...sonnetRates,
    webSearchPer1k,
    longContext: sonnetLongContext,
    source: `${overview('sonnet-4-5')}; long context: ${longContextSource}`,
    asOf: checked,
  },
  'claude-sonnet-4': {
    provider: 'anthropic',
    ...sonnetRates,
    webSearchPer1k,
    longContext: sonnetLongContext,
    aliases: ['claude-sonnet-4-0', 'claude-4-sonnet'],
    source: `${legacyPricingPage}; long context: ${longContextSource}`,
    asOf: checked,
  },
  'claude-3-7-sonnet': {
    provider: 'anthropic',
    ...sonnetRates,
    webSearchPer1k,
    aliases: ['claude-sonnet-3-7'],
    source: legacyPricingPage,
    asOf: checked,
  },
  'claude-3-5-sonnet': {
    provider: 'anthropic',
    ...sonnetRates,
    webSearchPer1k,
    aliases: ['claude-sonnet-3-5'],
    source: `${legacyPricingPage} (Claude Sonnet 3.5, deprecated)`,
    asOf: checked,
  },
  'claude-3-sonnet': {
    provider: 'anthropic',
    ...sonnetRates,
    source: `https://www.anthropic.com/news/claude-3-family ($3/$15); cache rates from ${genaiPrices}`,
    asOf: checked,
    note: 'Retired; its cache rates are the standard multipliers of its input rate.',
  },
  'claude-haiku-5-5': {
    provider: 'anthropic',
    input: 0.1,
    output: 0.5,
    cacheWrite: 0.125,
    cacheWrite1h: 0.2,
    cacheRead: 0.01,
    webSearchPer1k,
    longContext: {
      threshold: 100_000,
      input: 0.5,
      output: 2.5,
      cacheWrite: 0.625,
      cacheWrite1h: 1,
      cacheRead: 0.05,
    },
    source:
      `${overview('haiku-5-5')} ("From $0.10 / $0.50"); both prompt-length bands as listed in kurofune/claudit ` +
      'v1.9.2 release notes (prompt = input + cache reads + cache writes, threshold 100,000)',
    asOf: checked,
  },
  'claude-haiku-4-5': {
    provider: 'anthropic',
    input: 1,
    output: 5,
    cacheWrite: 1.25,
    cacheWrite1h: 2,
    cacheRead: 0.1,
    webSearchPer1k,
    source: `${pricingPage}; ${overview('haiku-4-5')}; ${genaiPrices}`,
    asOf: checked,
  },
  'claude-3-5-haiku': {
    provider: 'anthropic',
    input: 0.8,
    output: 4,
    cacheWrite: 1,
    cacheWrite1h: 1.6,
    cacheRead: 0.08,
    webSearchPer1k,
    aliases: ['claude-haiku-3-5'],
    source: legacyPricingPage,
    asOf: checked,
  },
  'claude-3-haiku': {
    provider: 'anthropic',
    input: 0.25,
    output: 1.25,
    cacheWrite: 0.3,
    cacheWrite1h: 0.5,
    cacheRead: 0.03,
    aliases: ['claude-haiku-3'],
    source: legacyPricingPage,
    asOf: checked,
  },
};
