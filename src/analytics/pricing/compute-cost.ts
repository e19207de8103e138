import type { TokenUsage } from '../../model/usage.js';
import { findModelPricing, type PricingMatch } from './find-model-pricing.js';
import { PriceBook } from './price-book.js';
import type { PastPriceSet, PriceSet, Pricing, PricingTable, TokenRates } from './pricing-types.js';

/**
 * Usage to price. `cacheWrite1hTokens`, when known (Claude's `cache_creation.ephemeral_1h_input_tokens`), is the
 * part of `cacheWriteTokens` written with a 1-hour TTL; the rest is priced as 5-minute writes.
 */
export type PricedUsage = TokenUsage & { cacheWrite1hTokens?: number };

/** USD by token class; they add up to the cost. */
export interface CostBreakdown {
  input: number;
  output: number;
  cacheWrite: number;
  cacheRead: number;
  webSearch: number;
}

export interface CostResult {
  /** USD, or null when the model has no price (the request is reported as unpriced). */
  cost: number | null;
  breakdown: CostBreakdown;
  /** The table entry the model id resolved to. */
  matchedModel?: string;
  /** True when the request was priced at its long-context rates. */
  longContext?: boolean;
}

const perMillion = 1_000_000;

/**
 * The rates in force at `at` (an ISO timestamp or Date): the earliest `history` period whose `until` is after
 * `at`, else the current rates. Without a valid `at`, the current rates.
 */
export function priceSetAt(pricing: Pricing, at?: string | Date): PriceSet {
  if (!pricing.history || at === undefined) return pricing;
  const time = new Date(at).getTime();
  if (Number.isNaN(time)) return pricing;
  let chosen: PriceSet = pricing;
  let chosenUntil = Number.POSITIVE_INFINITY;
  const history = pricing.history;
  const untils = historyEnds(history);
  for (let i = 0; i < history.length; i++) {
    const until = untils[i] as number;
    if (time < until && until < chosenUntil) {
      chosen = history[i] as PriceSet;
      chosenUntil = until;
    }
  }
  return chosen;
}

/** Each history period's end in ms, parsed once per history (a report prices thousands of requests). */
const historyEndsCache = new WeakMap<readonly PastPriceSet[], number[]>();

function historyEnds(history: readonly PastPriceSet[]): number[] {
  let ends = historyEndsCache.get(history);
  if (!ends) {
    ends = history.map((past) => Date.parse(`${past.until}T00:00:00Z`));
    historyEndsCache.set(history, ends);
  }
  return ends;
}

/**
 * The cost of one request (one usage entry). Long-context rates apply to the whole request when its prompt
 * (input + cache writes + cache reads) is above the threshold; we only know usage per message, so the rule is
 * applied per usage entry, which is per API request. `at` selects earlier rates for usage dated before a price
 * change. Web searches cost nothing where the model has no `webSearchPer1k`. `book`: the prices in use, or a
 * table (tests, a pricing file alone).
 */
export function computeCost(
  model: string,
  usage: PricedUsage,
  book: PriceBook | PricingTable,
  at?: string | Date,
): CostResult {
  const match: PricingMatch | undefined =
    book instanceof PriceBook ? book.find(model) : findModelPricing(model, book);
  if (!match)
    return { cost: null, breakdown: { input: 0, output: 0, cacheWrite: 0, cacheRead: 0, webSearch: 0 } };
  const prices = priceSetAt(match.pricing, at);
  const prompt = usage.inputTokens + usage.cacheWriteTokens + usage.cacheReadTokens;
  const longContext = prices.longContext !== undefined && prompt > prices.longContext.threshold;
  const rates: TokenRates = longContext && prices.longContext ? prices.longContext : prices;
  const writes1h = Math.min(Math.max(usage.cacheWrite1hTokens ?? 0, 0), usage.cacheWriteTokens);
  const breakdown: CostBreakdown = {
    input: (usage.inputTokens * rates.input) / perMillion,
    output: (usage.outputTokens * rates.output) / perMillion,
    cacheWrite:
      ((usage.cacheWriteTokens - writes1h) * rates.cacheWrite +
        writes1h * (rates.cacheWrite1h ?? rates.cacheWrite)) /
      perMillion,
    cacheRead: (usage.cacheReadTokens * rates.cacheRead) / perMillion,
    webSearch: (usage.webSearchRequests * (prices.webSearchPer1k ?? 0)) / 1000,
  };
  const cost =
    breakdown.input + breakdown.output + breakdown.cacheWrite + breakdown.cacheRead + breakdown.webSearch;
  return { cost, breakdown, matchedModel: match.id, ...(longContext ? { longContext } : {}) };
}
