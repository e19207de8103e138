import { readFile, stat } from 'node:fs/promises';
import { z } from 'zod';
import type { PriceBook } from './price-book.js';
import type { LongContextRates, Pricing } from './pricing-types.js';

const rate = z.number({ error: 'must be a number' }).min(0, { error: 'must be 0 or more' });
const text = z.string({ error: 'must be a string' });

const longContextSchema = z.strictObject({
  threshold: z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .positive({ error: 'must be above 0' }),
  input: rate,
  output: rate,
  cacheWrite: rate.optional(),
  cacheWrite1h: rate.optional(),
  cacheRead: rate.optional(),
});

const modelSchema = z.strictObject({
  input: rate.optional(),
  output: rate.optional(),
  cacheWrite: rate.optional(),
  cacheWrite1h: rate.optional(),
  cacheRead: rate.optional(),
  webSearchPer1k: rate.optional(),
  longContext: longContextSchema.optional(),
  aliases: z
    .array(text.min(1, { error: 'must not be empty' }), { error: 'must be a list of model ids' })
    .optional(),
  provider: text.optional(),
  source: text.optional(),
  asOf: text.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date as YYYY-MM-DD' }).optional(),
  note: text.optional(),
});

/**
 * A `--pricing` file: `{ "models": { "<model id>": { "input": 3, "output": 15, ... } } }`, rates in USD per
 * million tokens (web search per 1,000 requests), the same fields as the built-in table.
 */
export const pricingFileSchema = z.strictObject({
  $schema: text.optional(),
  models: z.record(text, modelSchema, { error: 'must be an object of models' }),
});

export type PricingFile = z.infer<typeof pricingFileSchema>;
type ModelEntry = z.infer<typeof modelSchema>;

export type LoadPricingResult = { ok: true; book: PriceBook } | { ok: false; error: string };

const quote = (value: string) => JSON.stringify(value);

/**
 * Reads a pricing file and puts it over `base` (the built-in prices). Each entry overrides the fields it gives
 * of the model its id resolves to and keeps the others, for every id that resolves to that model; its rates apply
 * at all dates (the built-in price history of that model is dropped). A model without a built-in price needs
 * `input` and `output`; its missing cache rates are its input rate. Errors are one sentence naming the model and
 * field.
 */
export async function loadPricingFile(file: string, base: PriceBook): Promise<LoadPricingResult> {
  let content: string;
  let modified: Date;
  try {
    content = await readFile(file, 'utf8');
    modified = (await stat(file)).mtime;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, error: `Pricing file ${quote(file)} cannot be read (${code ?? String(error)}).` };
  }
  return parsePricingFile(content, file, base, modified.toISOString().slice(0, 10));
}

/** `loadPricingFile` without the file system: `content` is the file's text, `asOf` the default date of its entries. */
export function parsePricingFile(
  content: string,
  file: string,
  base: PriceBook,
  asOf = new Date().toISOString().slice(0, 10),
): LoadPricingResult {
  const label = `Pricing file ${quote(file)}`;
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch (error) {
    return { ok: false, error: `${label} is not valid JSON (${(error as Error).message}).` };
  }
  const parsed = pricingFileSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues;
    const issue = issues.find((i) => i.code === 'unrecognized_keys') ?? issues[0];
    return { ok: false, error: issue ? `${label}: ${describeIssue(issue)}.` : `${label} is invalid.` };
  }
  const table: Record<string, Pricing> = {};
  for (const [id, entry] of Object.entries(parsed.data.models)) {
    const merged = mergeEntry(id, entry, base, `pricing file ${file}`, asOf);
    if (typeof merged === 'string') return { ok: false, error: `${label}: model ${quote(id)} ${merged}.` };
    const sameKey = Object.keys(table).find((key) => key.toLowerCase() === id.toLowerCase());
    if (sameKey !== undefined) delete table[sameKey];
    table[id] = merged;
  }
  return { ok: true, book: base.withOverrides(table) };
}

function mergeEntry(
  id: string,
  entry: ModelEntry,
  base: PriceBook,
  source: string,
  asOf: string,
): Pricing | string {
  const builtIn = base.findBuiltIn(id);
  const sameId = builtIn !== undefined && builtIn.id.toLowerCase() === id.toLowerCase();
  const longContext = entry.longContext
    ? withLongContextDefaults(entry.longContext)
    : builtIn?.pricing.longContext;
  const input = entry.input ?? builtIn?.pricing.input;
  const output = entry.output ?? builtIn?.pricing.output;
  if (input === undefined) return 'field "input" is required for a model without a built-in price';
  if (output === undefined) return 'field "output" is required for a model without a built-in price';
  const cacheWrite1h = entry.cacheWrite1h ?? builtIn?.pricing.cacheWrite1h;
  const webSearchPer1k = entry.webSearchPer1k ?? builtIn?.pricing.webSearchPer1k;
  const aliases = entry.aliases ?? (sameId ? builtIn?.pricing.aliases : undefined);
  const note = entry.note ?? builtIn?.pricing.note;
  return {
    provider: entry.provider ?? builtIn?.pricing.provider ?? 'custom',
    input,
    output,
    cacheWrite: entry.cacheWrite ?? builtIn?.pricing.cacheWrite ?? input,
    cacheRead: entry.cacheRead ?? builtIn?.pricing.cacheRead ?? input,
    ...(cacheWrite1h === undefined ? {} : { cacheWrite1h }),
    ...(webSearchPer1k === undefined ? {} : { webSearchPer1k }),
    ...(longContext === undefined ? {} : { longContext }),
    ...(aliases === undefined ? {} : { aliases }),
    ...(note === undefined ? {} : { note }),
    source: entry.source ?? (builtIn ? `${source} over ${builtIn.pricing.source}` : source),
    asOf: entry.asOf ?? asOf,
  };
}

function withLongContextDefaults(entry: NonNullable<ModelEntry['longContext']>): LongContextRates {
  return {
    threshold: entry.threshold,
    input: entry.input,
    output: entry.output,
    cacheWrite: entry.cacheWrite ?? entry.input,
    cacheRead: entry.cacheRead ?? entry.input,
    ...(entry.cacheWrite1h === undefined ? {} : { cacheWrite1h: entry.cacheWrite1h }),
  };
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const [top, model, ...field] = issue.path.map(String);
  const unknown = issue.code === 'unrecognized_keys' ? issue.keys.map(quote).join(', ') : undefined;
  if (top === undefined)
    return unknown
      ? `unknown top-level field ${unknown} (the prices go under "models")`
      : 'the file must hold a JSON object with a "models" object';
  if (top === 'models' && model === undefined) return `"models" ${issue.message}`;
  if (top !== 'models') return `field ${quote(top)} ${issue.message}`;
  const subject = `model ${quote(model ?? '')}`;
  if (field.length === 0)
    return unknown ? `${subject} has unknown field ${unknown}` : `${subject} must be an object of rates`;
  const name = quote(field.join('.'));
  return unknown
    ? `${subject} field ${name} has unknown field ${unknown}`
    : `${subject} field ${name} ${issue.message}`;
}
