import type { LongContextRates, Pricing } from './pricing-types.js';

/**
 * What the price database (`@pydantic/genai-prices`, as shipped) does not have yet, kept by hand until it does:
 * - `models`: models it lacks. Each yields to the database as soon as the database has a model of that id (a
 *   downloaded copy, or a newer package), so this list only shrinks. Checked against the pricing pages and
 *   release notes named in `source` on `asOf`.
 * - `patches`: rates a database model lacks, by its database id, used only while it lacks them.
 */
const anthropicPage = 'https://platform.claude.com/docs/en/about-claude/pricing (Model pricing table)';
const overview = (slug: string) => `https://platform.claude.com/docs/en/models/${slug}/overview (Pricing)`;
const openaiModel = (id: string) =>
  `https://developers.openai.com/api/docs/models/${id} (Pricing, Text tokens)`;
const checked = '2026-11-22';
/** Anthropic's web search tool: $10 per 1,000 searches. */
const webSearchPer1k = 10;
/** OpenAI: "Prompts with more than 272K input tokens are priced at 2x input and cache rates and 1.5x output." */
const over272k = 272_000;
const fableRates = { input: 10, output: 50, cacheWrite: 12.5, cacheWrite1h: 20, cacheRead: 1 } as const;

export const supplementModels: Readonly<Record<string, Pricing>> = {
  'claude-mythos-5-1': {
    provider: 'anthropic',
    ...fableRates,
    cacheRead: 0.25,
    webSearchPer1k,
    source: `${anthropicPage} (limited availability; the rates of claude-fable-5-1)`,
    asOf: checked,
  },
  'claude-mythos-5': {
    provider: 'anthropic',
    ...fableRates,
    webSearchPer1k,
    source: `${anthropicPage} (limited availability; the rates of claude-fable-5)`,
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
      `TheKrush/PromptFuel v1.0.23 release notes (both re-checked against the pricing page); other rates ${overview('sonnet-5-5')}`,
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
  'gpt-6.2-sol': {
    provider: 'openai',
    input: 2,
    output: 10,
    cacheWrite: 2.5,
    cacheRead: 0.1,
    longContext: { threshold: over272k, input: 4, output: 15, cacheWrite: 5, cacheRead: 0.2 },
    source: openaiModel('gpt-6.2-sol'),
    asOf: checked,
    note: 'The cache write rate is for 30-minute retention; 12-hour writes ($5) are not told apart in the logs.',
  },
  'gpt-6.1-sol': {
    provider: 'openai',
    input: 2,
    output: 10,
    cacheWrite: 2.5,
    cacheRead: 0.1,
    longContext: { threshold: over272k, input: 4, output: 15, cacheWrite: 5, cacheRead: 0.2 },
    source:
      `${openaiModel('gpt-6.1-sol')} as quoted by amine123max/Codex-Manager 0.4.7 and KZCFG/AILSA-SubSwitch ` +
      '1.0.0(g) release notes; cache write from TheKrush/PromptFuel v1.0.22',
    asOf: checked,
  },
  'gpt-6.1-terra': {
    provider: 'openai',
    input: 1,
    output: 5,
    cacheWrite: 1.25,
    cacheRead: 0.05,
    source: 'TheKrush/PromptFuel v1.0.24 release notes (OpenAI rates effective 2026-10-26)',
    asOf: checked,
    note: 'No long-context rates were found for this model.',
  },
};

/** Rates a database model lacks, by database model id. */
export interface PricePatch {
  longContext?: LongContextRates;
  source: string;
}

export const supplementPatches: Readonly<Record<string, PricePatch>> = {
  // genai-prices has the 200K tier for Sonnet 4.5 but not for Sonnet 4, which had the same 1M-context beta.
  'claude-sonnet-4-0': {
    longContext: {
      threshold: 200_000,
      input: 6,
      output: 22.5,
      cacheWrite: 7.5,
      cacheWrite1h: 12,
      cacheRead: 0.6,
    },
    source: `${anthropicPage}, "Long context pricing" (Sonnet 4 and 4.5 with the 1M context window: above 200K input tokens, 2x input and cache rates, 1.5x output)`,
  },
};
