import { z } from 'zod';
import type { DatabaseProvider, MatchLogic } from './price-database.js';

/**
 * The shape of a genai-prices database (`prices/new_data/v2/data.json`), checked before a downloaded copy is
 * stored: the fields agentlog reads, other fields kept. Used by `agentlog pricing update`, not on every run.
 */
const matchLogic: z.ZodType<MatchLogic> = z.lazy(() =>
  z.union([
    z.object({ and: z.array(matchLogic) }),
    z.object({ or: z.array(matchLogic) }),
    z.object({ equals: z.string() }),
    z.object({ starts_with: z.string() }),
    z.object({ ends_with: z.string() }),
    z.object({ contains: z.string() }),
    z.object({ regex: z.string() }),
  ]),
);
const rate = z.number().min(0);
const tiered = z.object({
  base: rate,
  tiers: z.array(z.object({ start: z.number().int().min(0), price: rate })),
});
const prices = z.record(z.string(), z.union([rate, tiered]));
const constraint = z.union([
  z.object({ type: z.literal('start_date').optional(), start_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
  z.object({ type: z.literal('time_of_date').optional(), start_time: z.string(), end_time: z.string() }),
]);
const model = z.looseObject({
  id: z.string(),
  name: z.string().optional(),
  match: matchLogic,
  prices: z.union([prices, z.array(z.object({ constraint: constraint.optional(), prices })).min(1)]),
});
const provider = z.looseObject({
  id: z.string(),
  name: z.string(),
  model_match: matchLogic.optional(),
  fallback_model_providers: z.array(z.string()).optional(),
  models: z.array(model),
});
export const priceDatabaseSchema = z.array(provider);

/** The providers of a database's JSON text, or why it is not one (a phrase). */
export function parsePriceDatabase(text: string): DatabaseProvider[] | string {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return `it is not JSON (${(error as Error).message})`;
  }
  const parsed = priceDatabaseSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return `it is not a genai-prices database (${issue ? `at ${issue.path.join('.') || 'the top'}: ${issue.message}` : 'invalid'})`;
  }
  const providers = parsed.data as DatabaseProvider[];
  for (const id of ['anthropic', 'openai'])
    if (!providers.some((p) => p.id === id && p.models.length > 0)) return `it has no ${id} prices`;
  return providers;
}
