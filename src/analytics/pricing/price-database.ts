/**
 * The price database agentlog reads: the provider list of `@pydantic/genai-prices` (the package's bundled data and
 * the `prices/new_data/v2/data.json` it publishes share this shape). Only the fields agentlog uses are typed; the
 * others are kept as they come.
 */

/** How a provider or model id is matched (genai-prices `MatchLogic`), compared case-insensitively. */
export type MatchLogic =
  | { and: MatchLogic[] }
  | { or: MatchLogic[] }
  | { equals: string }
  | { starts_with: string }
  | { ends_with: string }
  | { contains: string }
  | { regex: string };

/** A rate with prompt-size tiers: `price` applies when the request's whole input is above `start` tokens. */
export interface TieredRate {
  base: number;
  tiers: { start: number; price: number }[];
}

/** Prices by unit: `input_mtok`, `output_mtok`, `cache_read_mtok`, `cache_write_mtok`, `cache_write_1h_mtok` (USD per million tokens), `web_searches_kcount` (per 1,000), others. */
export type DatabasePrices = Record<string, number | TieredRate | undefined>;

/** One period of a model's price: from `start_date` (UTC) on, or at a time of day (off-peak rates). */
export interface ConditionalPrices {
  constraint?:
    | { type?: 'start_date'; start_date: string }
    | { type?: 'time_of_date'; start_time: string; end_time: string };
  prices: DatabasePrices;
}

export interface DatabaseModel {
  id: string;
  name?: string;
  match: MatchLogic;
  prices: DatabasePrices | ConditionalPrices[];
}

export interface DatabaseProvider {
  id: string;
  name: string;
  model_match?: MatchLogic;
  fallback_model_providers?: string[];
  models: DatabaseModel[];
}

/** Where the prices in use come from. */
export interface PriceDatabaseOrigin {
  /** `shipped`: the data of the installed package; `downloaded`: a copy stored by `agentlog pricing update`. */
  kind: 'shipped' | 'downloaded';
  /** `@pydantic/genai-prices 0.1.8`, or the URL the copy came from. */
  source: string;
  /** When the copy was downloaded (ISO time); absent for the shipped data. */
  fetchedAt?: string;
  /** The file read: the stored copy, the shipped extract, or the package module. */
  file?: string;
}

export interface PriceDatabase {
  providers: readonly DatabaseProvider[];
  origin: PriceDatabaseOrigin;
}

/**
 * The providers agentlog prices with, those that name their models (`model_match`: the model makers, not the
 * resellers and hosts), with only what pricing reads: the form agentlog ships and stores (a third of the size).
 */
export function pricedProviders(providers: readonly DatabaseProvider[]): DatabaseProvider[] {
  return providers
    .filter((p) => p.model_match !== undefined)
    .map((p) => ({
      id: p.id,
      name: p.name,
      ...(p.model_match === undefined ? {} : { model_match: p.model_match }),
      ...(p.fallback_model_providers ? { fallback_model_providers: p.fallback_model_providers } : {}),
      models: p.models.map((m) => ({
        id: m.id,
        ...(m.name === undefined ? {} : { name: m.name }),
        match: m.match,
        prices: m.prices,
      })),
    }));
}

/** True when `id` (lower case) satisfies `logic`, as genai-prices matches it. */
export function matches(logic: MatchLogic, id: string): boolean {
  if ('or' in logic) return logic.or.some((l) => matches(l, id));
  if ('and' in logic) return logic.and.every((l) => matches(l, id));
  if ('equals' in logic) return id === logic.equals.toLowerCase();
  if ('starts_with' in logic) return id.startsWith(logic.starts_with.toLowerCase());
  if ('ends_with' in logic) return id.endsWith(logic.ends_with.toLowerCase());
  if ('contains' in logic) return id.includes(logic.contains.toLowerCase());
  if ('regex' in logic) return regexOf(logic.regex).test(id);
  return false;
}

const regexes = new Map<string, RegExp>();
function regexOf(source: string): RegExp {
  let regex = regexes.get(source);
  if (!regex) {
    try {
      regex = new RegExp(source);
    } catch {
      regex = /(?!)/;
    }
    regexes.set(source, regex);
  }
  return regex;
}
