import type { DatabaseModel, DatabasePrices, PriceDatabaseOrigin, TieredRate } from './price-database.js';
import type { LongContextRates, PastPriceSet, PriceSet, Pricing, TokenRates } from './pricing-types.js';

/**
 * A database model's price in agentlog's form:
 * - a rate the model lacks takes the database's own rule: cache reads and writes not priced apart cost the input
 *   rate (genai-prices counts cache tokens as part of the input);
 * - an Anthropic model without a 1-hour cache write rate gets 2x its input rate, Anthropic's documented
 *   multiplier (https://platform.claude.com/docs/en/about-claude/pricing, "1h cache writes: 2x base input");
 * - tiered rates (`{base, tiers}`) become the long-context rates: the tier applies to the whole request when its
 *   input (uncached, cache writes, cache reads) is above `start`, as in genai-prices;
 * - dated periods (`constraint.start_date`) become the history; time-of-day periods (off-peak discounts) are left
 *   out, so those models are priced at their standard rates.
 * Undefined for a model without an input rate (audio, image or per-request prices only).
 */
export function databasePricing(
  providerId: string,
  model: DatabaseModel,
  origin: PriceDatabaseOrigin,
): Pricing | undefined {
  const source = `${origin.source} (${providerId}: ${model.id})`;
  const periods = Array.isArray(model.prices)
    ? model.prices.filter((p) => p.constraint === undefined || 'start_date' in p.constraint)
    : [{ prices: model.prices }];
  const sets = periods.map((p) => ({
    from: p.constraint && 'start_date' in p.constraint ? p.constraint.start_date : undefined,
    set: priceSet(providerId, p.prices),
  }));
  const current = sets.at(-1);
  if (!current?.set) return undefined;
  const history: PastPriceSet[] = [];
  for (let i = 0; i < sets.length - 1; i++) {
    const { set } = sets[i] ?? {};
    const until = sets[i + 1]?.from;
    if (set && until !== undefined) history.push({ ...set, until, source });
  }
  return {
    provider: providerId,
    ...current.set,
    source,
    ...(origin.fetchedAt ? { asOf: origin.fetchedAt.slice(0, 10) } : {}),
    ...(history.length > 0 ? { history } : {}),
  };
}

function priceSet(providerId: string, prices: DatabasePrices): PriceSet | undefined {
  const base = rates(providerId, prices, (r) => (typeof r === 'number' ? r : r.base));
  if (!base) return undefined;
  const tiered = Object.values(prices).filter((r): r is TieredRate => typeof r === 'object');
  const threshold = tiered[0]?.tiers[0]?.start;
  const long =
    threshold === undefined
      ? undefined
      : rates(providerId, prices, (r) => (typeof r === 'number' ? r : tierPrice(r, threshold)));
  const web = prices.web_searches_kcount;
  return {
    ...base,
    ...(typeof web === 'number' ? { webSearchPer1k: web } : {}),
    ...(long && threshold !== undefined
      ? { longContext: { threshold, ...long } satisfies LongContextRates }
      : {}),
  };
}

function tierPrice(rate: TieredRate, threshold: number): number {
  let price = rate.base;
  for (const tier of rate.tiers) if (threshold + 1 > tier.start) price = tier.price;
  return price;
}

function rates(
  providerId: string,
  prices: DatabasePrices,
  pick: (rate: number | TieredRate) => number,
): TokenRates | undefined {
  const rate = (key: string) => {
    const value = prices[key];
    return value === undefined ? undefined : pick(value);
  };
  const input = rate('input_mtok');
  if (input === undefined) return undefined;
  const cacheWrite1h = rate('cache_write_1h_mtok') ?? (providerId === 'anthropic' ? input * 2 : undefined);
  return {
    input,
    output: rate('output_mtok') ?? 0,
    cacheWrite: rate('cache_write_mtok') ?? input,
    ...(cacheWrite1h === undefined ? {} : { cacheWrite1h }),
    cacheRead: rate('cache_read_mtok') ?? input,
  };
}
