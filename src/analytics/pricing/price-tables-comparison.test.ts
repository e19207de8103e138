import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { shippedBook } from '../../../test/price-book.js';
import { priceSetAt } from './compute-cost.js';
import type { PriceSet, Pricing } from './pricing-types.js';

/**
 * The prices of the database (with the supplement) against the hand-written tables agentlog shipped until
 * 2026-11-22 (`test/data/pricing/tables-2026-11-22.json`, the tables as they were): every model id and alias
 * they priced, at every date their history distinguishes. The differences are listed below with the reason;
 * where the database differs and is right, the database wins.
 */
const tables = JSON.parse(
  readFileSync(new URL('../../../test/data/pricing/tables-2026-11-22.json', import.meta.url), 'utf8'),
) as Record<string, Record<string, Pricing>>;

/** The rates of a set as compared: 1-hour writes default to the 5-minute rate, as computeCost prices them. */
function figures(set: PriceSet): Record<string, number | undefined> {
  const long = set.longContext;
  return {
    input: set.input,
    output: set.output,
    cacheWrite: set.cacheWrite,
    cacheWrite1h: set.cacheWrite1h ?? set.cacheWrite,
    cacheRead: set.cacheRead,
    webSearchPer1k: set.webSearchPer1k,
    'longContext.threshold': long?.threshold,
    'longContext.input': long?.input,
    'longContext.output': long?.output,
    'longContext.cacheWrite': long?.cacheWrite,
    'longContext.cacheWrite1h': long ? (long.cacheWrite1h ?? long.cacheWrite) : undefined,
    'longContext.cacheRead': long?.cacheRead,
  };
}

/** The dates to compare at: the day before each change in either's history, and today's rates. */
function datesOf(...pricings: Pricing[]): (string | undefined)[] {
  const untils = new Set(pricings.flatMap((p) => (p.history ?? []).map((h) => h.until)));
  const days = [...untils].sort().map((until) => {
    const day = new Date(`${until}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() - 1);
    return day.toISOString();
  });
  return [...days, undefined];
}

interface Difference {
  name: string;
  provider: string;
  at: string | undefined;
  field: string;
  table: number | undefined;
  database: number | undefined;
  /** The database's rates at that date. */
  rates: Record<string, number | undefined>;
}

function differences(): Difference[] {
  const found: Difference[] = [];
  for (const [provider, table] of Object.entries(tables))
    for (const [id, pricing] of Object.entries(table))
      for (const name of [id, ...(pricing.aliases ?? [])]) {
        const match = shippedBook.find(name);
        if (!match) {
          found.push({
            name,
            provider,
            at: undefined,
            field: 'price',
            table: 1,
            database: undefined,
            rates: {},
          });
          continue;
        }
        for (const at of datesOf(pricing, match.pricing)) {
          const want = figures(priceSetAt(pricing, at));
          const rates = figures(priceSetAt(match.pricing, at));
          for (const [field, value] of Object.entries(want))
            if (rates[field] !== value)
              found.push({ name, provider, at, field, table: value, database: rates[field], rates });
        }
      }
  return found;
}

/**
 * Each difference and why the database's figure is the one to use. None touches a Claude model: the database
 * (with the supplement's Sonnet 4 long-context patch) has every figure of the Anthropic table.
 */
const explanations: { reason: string; applies: (d: Difference) => boolean }[] = [
  {
    reason:
      'OpenAI web search tool calls cost $10 per 1,000 (genai-prices web_searches_kcount); the table had none. ' +
      'No cost changes: Codex rollouts count no web search requests.',
    applies: (d) => d.provider === 'openai' && d.field === 'webSearchPer1k' && d.database === 10,
  },
  {
    reason:
      'OpenAI bills no cache write of its own (implicit caching): genai-prices has no cache_write_mtok for these ' +
      'models, so written tokens are input tokens at the input rate; the table priced them at 0. No cost ' +
      'changes on the corpus: none of its Codex rollouts reports cache_write_input_tokens above 0.',
    applies: (d) =>
      d.provider === 'openai' &&
      d.table === 0 &&
      ((['cacheWrite', 'cacheWrite1h'].includes(d.field) && d.database === d.rates.input) ||
        (['longContext.cacheWrite', 'longContext.cacheWrite1h'].includes(d.field) &&
          d.database === d.rates['longContext.input'])),
  },
  {
    reason:
      'genai-prices starts the OpenAI ">272K" tier above 271,999 input tokens (at 272,000), the table above ' +
      '272,000: only a prompt of exactly 272,000 tokens is priced differently.',
    applies: (d) => d.field === 'longContext.threshold' && d.table === 272_000 && d.database === 271_999,
  },
  {
    reason:
      'gpt-6-luna: genai-prices has its >272K tier (2x input and cache rates, 1.5x output, as for the other ' +
      'OpenAI models); the table had found none.',
    applies: (d) => d.name === 'gpt-6-luna' && d.field.startsWith('longContext.') && d.table === undefined,
  },
  {
    reason:
      'o3 before the 80% cut of 2025-06-10 (https://community.openai.com/t/o3-is-80-cheaper-and-introducing-o3-pro/1284925): ' +
      'genai-prices keeps the launch price, $10 input and $40 output; the table priced every date at $2/$8. Its ' +
      "cached-input rate for that period ($0.50) is the database's, which the table had not confirmed.",
    applies: (d) =>
      d.name === 'o3' &&
      d.at !== undefined &&
      d.at < '2025-06-10' &&
      ((d.field === 'input' && d.database === 10) || (d.field === 'output' && d.database === 40)),
  },
];

describe('the price database against the tables it replaced', () => {
  const found = differences();

  it('prices every model they priced with their figures, except the differences explained here', () => {
    const unexplained = found
      .filter((d) => !explanations.some((e) => e.applies(d)))
      .map(
        (d) => `${d.name}${d.at ? ` on ${d.at.slice(0, 10)}` : ''}: ${d.field} ${d.table} -> ${d.database}`,
      );
    expect(unexplained).toEqual([]);
  });

  it('has every explanation in use, and no difference on a Claude model', () => {
    for (const e of explanations)
      expect(
        found.some((d) => e.applies(d)),
        e.reason,
      ).toBe(true);
    expect(found.filter((d) => d.provider === 'anthropic')).toEqual([]);
  });
});
