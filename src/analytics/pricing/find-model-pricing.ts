import type { Pricing, PricingTable } from './pricing-types.js';

/** A model id resolved to a table entry. */
export interface PricingMatch {
  /** The table key the id resolved to. */
  id: string;
  pricing: Pricing;
}

/**
 * The ids to look up for a model, most specific first:
 * 1. the id as given (lower case);
 * 2. without a provider or route prefix (`anthropic/`, `openai/`, `converse/`, a Bedrock ARN), a Bedrock
 *    region and vendor (`us.anthropic.`, `jp.anthropic.`), a Vertex version (`@20250929`), a Bedrock version
 *    (`-v1:0`) and a context suffix (`[1m]`);
 * 3. without a date (`-20250929`, `-2025-11-13`) or `-latest`;
 * 4. in the table's spelling: Claude versions with dashes (`claude-sonnet-4.5` -> `claude-sonnet-4-5`),
 *    GPT versions with a dot (`gpt-5-1-codex` -> `gpt-5.1-codex`);
 * 5. for an OpenAI `-codex` model without an entry of its own, its base model (`gpt-5.5-codex` -> `gpt-5.5`);
 * 6. Claude 3 models in the family-first spelling, in Anthropic's (`claude-haiku-3-5` -> `claude-3-5-haiku`).
 */
export function modelIdCandidates(model: string): string[] {
  const candidates: string[] = [];
  const add = (id: string) => {
    if (id !== '' && !candidates.includes(id)) candidates.push(id);
  };
  const given = model.trim().toLowerCase();
  add(given);
  const unsuffixed = given.replace(/\[[^\]]*\]$/, '');
  const bare = unsuffixed
    .slice(unsuffixed.lastIndexOf('/') + 1)
    .replace(/^(?:[a-z-]{2,8}\.)?(?:anthropic|openai)\./, '')
    .replace(/@.*$/, '')
    .replace(/-v\d+(?::\d+)?$/, '')
    .replace(/:\d+$/, '');
  add(bare);
  const undated = bare.replace(/-(?:\d{8}|\d{4}-\d{2}-\d{2})$/, '').replace(/-latest$/, '');
  add(undated);
  const canonical = undated.startsWith('claude')
    ? undated.replace(/(\d)\.(\d)/g, '$1-$2')
    : undated.replace(/^gpt-(\d)-(\d)(?=-|$)/, 'gpt-$1.$2');
  add(canonical);
  if (/^gpt-.+-codex$/.test(canonical)) add(canonical.slice(0, -'-codex'.length));
  const claude3 = /^claude-(opus|sonnet|haiku)-3(-\d)?$/.exec(canonical);
  if (claude3) add(`claude-3${claude3[2] ?? ''}-${claude3[1]}`);
  return candidates;
}

const indexes = new WeakMap<PricingTable, Map<string, string>>();

/** Lower-cased keys and aliases -> table key; keys win over aliases. */
function indexOf(table: PricingTable): Map<string, string> {
  let index = indexes.get(table);
  if (index) return index;
  index = new Map();
  for (const [id, pricing] of Object.entries(table))
    for (const alias of pricing.aliases ?? []) {
      const key = alias.toLowerCase();
      if (!index.has(key)) index.set(key, id);
    }
  for (const id of Object.keys(table)) index.set(id.toLowerCase(), id);
  indexes.set(table, index);
  return index;
}

/**
 * The table entry for a model id (see `modelIdCandidates` for the forms tried), or undefined when the model
 * has no price (`<synthetic>`, internal models, unknown ids).
 */
export function findModelPricing(model: string, table: PricingTable): PricingMatch | undefined {
  let found = matches.get(table);
  if (!found) {
    found = new Map();
    matches.set(table, found);
  }
  if (found.has(model)) return found.get(model);
  const match = lookUp(model, table);
  found.set(model, match);
  return match;
}

/** Lookups already made, per table (a report prices the same few models for every request). */
const matches = new WeakMap<PricingTable, Map<string, PricingMatch | undefined>>();

function lookUp(model: string, table: PricingTable): PricingMatch | undefined {
  const index = indexOf(table);
  for (const candidate of modelIdCandidates(model)) {
    const id = index.get(candidate);
    const pricing = id === undefined ? undefined : table[id];
    if (id !== undefined && pricing) return { id, pricing };
  }
  return undefined;
}
