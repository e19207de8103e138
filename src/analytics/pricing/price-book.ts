import { databasePricing } from './database-pricing.js';
import { findModelPricing, modelIdCandidates, type PricingMatch } from './find-model-pricing.js';
import { type DatabaseProvider, matches, type PriceDatabase } from './price-database.js';
import { type PricePatch, supplementModels, supplementPatches } from './price-supplement.js';
import type { Pricing, PricingTable } from './pricing-types.js';

/**
 * The prices agentlog uses: a `--pricing` file's entries first, then the supplement's models the database does
 * not have, then the price database. A model id is tried in the forms `modelIdCandidates` gives, most specific
 * first. In the database (see `passes`): the providers whose `model_match` takes the id (as genai-prices picks a
 * provider) before the others (`codex-mini-latest`, which no `model_match` takes), and in each a model of that id
 * before the first model whose `match` takes it. Lookups are remembered (a report prices the same few models for
 * every request).
 */
export class PriceBook {
  readonly database: PriceDatabase;
  readonly overrides: PricingTable | undefined;
  readonly #supplement: PricingTable;
  readonly #providers: readonly DatabaseProvider[];
  readonly #found = new Map<string, PricingMatch | undefined>();
  /** Built-in model id -> the override key that resolves to it, which then prices every id of that model. */
  readonly #overridden = new Map<string, string>();

  constructor(database: PriceDatabase, overrides?: PricingTable) {
    this.database = database;
    this.overrides = overrides;
    // Providers that say which model ids are theirs (the model makers), not the resellers and hosts (as
    // `pricedProviders` keeps them; a stored copy of an older agentlog may hold them all).
    this.#providers = database.providers.filter((p) => p.model_match !== undefined);
    const ids = new Set(this.#providers.flatMap((p) => p.models.map((m) => m.id.toLowerCase())));
    const supplement: Record<string, Pricing> = {};
    for (const [id, pricing] of Object.entries(supplementModels))
      if (![id, `${id}-latest`, ...(pricing.aliases ?? [])].some((name) => ids.has(name)))
        supplement[id] = pricing;
    this.#supplement = supplement;
    for (const key of Object.keys(overrides ?? {})) {
      // A dated or routed id (`claude-sonnet-4-5-20250929`, `proxy/x`) is that id alone.
      if (/[/@:[]|-(?:\d{8}|\d{4}-\d{2}-\d{2})$/.test(key)) continue;
      const builtIn = this.findBuiltIn(key);
      if (builtIn && !this.#overridden.has(builtIn.id)) this.#overridden.set(builtIn.id, key);
    }
  }

  /** The same database with `overrides` (a `--pricing` file, already merged with the built-in entries). */
  withOverrides(overrides: PricingTable): PriceBook {
    return new PriceBook(this.database, overrides);
  }

  /** The price of `model`, or undefined when it has none (`<synthetic>`, internal models, unknown ids). */
  find(model: string): PricingMatch | undefined {
    if (this.#found.has(model)) return this.#found.get(model);
    let match = this.overrides && findModelPricing(model, this.overrides);
    if (!match) {
      match = this.findBuiltIn(model);
      const key = match && this.#overridden.get(match.id);
      const pricing = key === undefined ? undefined : this.overrides?.[key];
      if (key !== undefined && pricing) match = { id: key, pricing };
    }
    this.#found.set(model, match);
    return match;
  }

  /** The price without the `--pricing` file: the supplement, then the database. */
  findBuiltIn(model: string): PricingMatch | undefined {
    const supplemented = findModelPricing(model, this.#supplement);
    if (supplemented) return supplemented;
    const candidates = modelIdCandidates(model);
    for (const [own, exact] of passes)
      for (const candidate of candidates) {
        const found = this.#fromDatabase(candidate, own, exact);
        if (found) return found;
      }
    return undefined;
  }

  /**
   * `id` in the providers whose `model_match` takes it (`own`) or in the others, as a model's id (`exact`) or by
   * the models' `match`.
   */
  #fromDatabase(id: string, own: boolean, exact: boolean): PricingMatch | undefined {
    for (const provider of this.#providers) {
      if ((provider.model_match !== undefined && matches(provider.model_match, id)) !== own) continue;
      const model = exact
        ? provider.models.find((m) => m.id.toLowerCase() === id)
        : provider.models.find((m) => matches(m.match, id));
      if (!model) continue;
      const pricing = databasePricing(provider.id, model, this.database.origin);
      if (pricing) return { id: model.id, pricing: patched(pricing, supplementPatches[model.id]) };
    }
    return undefined;
  }
}

/**
 * The order of the database lookups: a model's own id before the patterns (a `starts_with: claude-sonnet-5`
 * must not take `claude-sonnet-5-5` when the database has that model), the providers that claim the id before
 * the others.
 */
const passes: readonly (readonly [own: boolean, exact: boolean])[] = [
  [true, true],
  [true, false],
  [false, true],
  [false, false],
];

function patched(pricing: Pricing, patch: PricePatch | undefined): Pricing {
  if (!patch?.longContext || pricing.longContext) return pricing;
  return {
    ...pricing,
    longContext: patch.longContext,
    source: `${pricing.source}; long context: ${patch.source}`,
  };
}
