/**
 * USD per million tokens, by token class.
 * - `cacheWrite` is the default cache write: Anthropic's 5-minute write, OpenAI's default-retention write
 *   (0 where OpenAI bills no cache write).
 * - `cacheWrite1h` is Anthropic's 1-hour write; where absent, 1-hour writes are priced at `cacheWrite`.
 * - `cacheRead` is a cache hit (Anthropic) or cached input (OpenAI).
 */
export interface TokenRates {
  input: number;
  output: number;
  cacheWrite: number;
  cacheWrite1h?: number;
  cacheRead: number;
}

/**
 * Rates that replace the base rates for a whole request whose prompt (input + cache writes + cache reads)
 * is above `threshold` tokens, as Anthropic's long-context and OpenAI's >272K pricing do.
 */
export interface LongContextRates extends TokenRates {
  threshold: number;
}

/** The rates of one period of a model's price. */
export interface PriceSet extends TokenRates {
  /** USD per 1,000 server-side web search requests; absent when the provider bills none we can count. */
  webSearchPer1k?: number;
  longContext?: LongContextRates;
}

/** Rates that applied before `until` (a `YYYY-MM-DD` UTC date, exclusive). */
export interface PastPriceSet extends PriceSet {
  until: string;
  source: string;
}

/** The price of one model: its current rates, where they come from, and any earlier rates. */
export interface Pricing extends PriceSet {
  provider: string;
  /** Where the numbers come from (URLs, the page section or the tool and file). */
  source: string;
  /** The date (`YYYY-MM-DD`) the numbers were last compared with `source` (for a database entry, the download). */
  asOf?: string;
  /** Other ids of the same model (matched after the same normalization as the key). */
  aliases?: readonly string[];
  /** Earlier rates, for usage dated before a price change. */
  history?: readonly PastPriceSet[];
  note?: string;
}

/** Prices by canonical model id (lower case, undated, no provider prefix): a `--pricing` file, the supplement. */
export type PricingTable = Readonly<Record<string, Pricing>>;
