import type { Command } from 'commander';
import { priceSetAt } from '../../analytics/pricing/compute-cost.js';
import { PriceBook } from '../../analytics/pricing/price-book.js';
import { type PriceDatabase, pricedProviders } from '../../analytics/pricing/price-database.js';
import { parsePriceDatabase } from '../../analytics/pricing/price-database-schema.js';
import { supplementModels } from '../../analytics/pricing/price-supplement.js';
import { loadShippedPriceDatabase } from '../../analytics/pricing/shipped-price-database.js';
import { terminalText } from '../../analytics/terminal-text.js';
import { resolveCacheDir } from '../../cache/cache-location.js';
import { readStoredPriceDatabase, writeStoredPriceDatabase } from '../../cache/price-database-file.js';
import { CliError, exitCodes, quote } from '../cli-error.js';
import { formatNumber, type Io, writeJson, writeLine } from '../output.js';
import { loadPriceDatabase, offlineHelp } from '../pricer.js';

/** The data `@pydantic/genai-prices` publishes and updates itself from (its `REMOTE_DATA_JSON_URL`). */
export const defaultPricesUrl =
  'https://raw.githubusercontent.com/pydantic/genai-prices/main/prices/new_data/v2/data.json';

/** A download that takes longer than this is given up. */
const fetchTimeoutMs = 30_000;

interface PricingFlags {
  cacheDir?: string;
  offline?: boolean;
  json?: boolean;
}

interface UpdateFlags {
  cacheDir?: string;
  url: string;
  json?: boolean;
}

const cacheDirHelp =
  'the cache folder (default: $AGENTLOG_CACHE_DIR, $XDG_CACHE_HOME/agentlog or ~/.cache/agentlog)';

/** `agentlog pricing [show] [MODEL...]` and `agentlog pricing update`: the prices costs are computed with. */
export function registerPricingCommand(program: Command, io: Io): void {
  const pricing = program
    .command('pricing')
    .description(
      'The prices costs are computed with: where they come from and their date, or download newer ones',
    );
  pricing
    .command('show', { isDefault: true })
    .description('Where the prices come from and their date, and the price of the MODELs given (the default)')
    .argument('[models...]', 'model ids to show the price of (as the logs name them)')
    .option('--cache-dir <dir>', cacheDirHelp)
    .option('--offline', offlineHelp)
    .option('--json', 'print JSON')
    .action(async (models: string[], flags: PricingFlags) => showPricing(io, models, flags));
  pricing
    .command('update')
    .description(
      'Download the newer price database (genai-prices) and store it in the cache folder, to be used ahead of the shipped one',
    )
    .option('--url <url>', 'where to download it from', defaultPricesUrl)
    .option('--cache-dir <dir>', cacheDirHelp)
    .option('--json', 'print JSON')
    .action(async (flags: UpdateFlags) => updatePricing(io, flags));
}

async function showPricing(io: Io, models: readonly string[], flags: PricingFlags): Promise<void> {
  const database = await loadPriceDatabase(flags, io);
  const book = new PriceBook(database);
  const shipped = database.origin.kind === 'shipped' ? database : await loadShippedPriceDatabase();
  const counts = countsOf(database);
  const prices = models.map((model) => {
    const match = book.find(model);
    return { model, matched: match?.id ?? null, pricing: match ? priceSetAt(match.pricing) : null };
  });
  const supplemented = Object.keys(supplementModels).filter(
    (id) => book.find(id)?.pricing === supplementModels[id],
  );
  if (flags.json) {
    writeJson(io, {
      ...database.origin,
      shipped: shipped.origin.source,
      ...counts,
      supplement: supplemented,
      models: prices,
    });
    return;
  }
  const { origin } = database;
  writeLine(
    io,
    origin.kind === 'shipped'
      ? `Prices: ${origin.source}, shipped with agentlog${flags.offline ? ' (--offline)' : ''}.`
      : `Prices: downloaded from ${terminalText(origin.source)} on ${origin.fetchedAt?.slice(0, 10)} (${origin.fetchedAt}), stored in ${terminalText(origin.file ?? '')}; used ahead of the shipped ${shipped.origin.source} (--offline to use those).`,
  );
  writeLine(
    io,
    `${formatNumber(counts.modelCount)} models of ${formatNumber(counts.providerCount)} providers${
      supplemented.length > 0
        ? `, and ${supplemented.length} it lacks kept by agentlog: ${supplemented.join(', ')}`
        : ''
    }.`,
  );
  for (const { model, matched, pricing } of prices)
    writeLine(
      io,
      pricing
        ? `${terminalText(model)}: ${terminalText(matched ?? '')}, input $${pricing.input}, output $${pricing.output}, cache write $${pricing.cacheWrite}${pricing.cacheWrite1h === undefined ? '' : ` (1 hour $${pricing.cacheWrite1h})`}, cache read $${pricing.cacheRead} per million tokens${pricing.longContext ? `; above ${formatNumber(pricing.longContext.threshold)} input tokens input $${pricing.longContext.input}, output $${pricing.longContext.output}` : ''}`
        : `${terminalText(model)}: no price (its tokens are counted, its cost is not; --pricing FILE can give one)`,
    );
}

function countsOf(database: PriceDatabase): { providerCount: number; modelCount: number } {
  const priced = database.providers.filter((p) => p.model_match !== undefined);
  return { providerCount: priced.length, modelCount: priced.reduce((sum, p) => sum + p.models.length, 0) };
}

async function updatePricing(io: Io, flags: UpdateFlags): Promise<void> {
  const cacheDir = resolveCacheDir(io.env, flags.cacheDir);
  if (cacheDir === undefined)
    throw new CliError(
      'No cache folder: set AGENTLOG_CACHE_DIR, XDG_CACHE_HOME or HOME, or pass --cache-dir.',
      {
        exitCode: exitCodes.usage,
      },
    );
  let url: URL;
  try {
    url = new URL(flags.url);
  } catch {
    url = new URL('invalid:');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new CliError(`Option --url must be an http or https URL, got ${quote(flags.url)}.`, {
      exitCode: exitCodes.usage,
    });
  let kept = 'no prices are stored, the shipped ones stay in use';
  try {
    const stored = readStoredPriceDatabase(cacheDir);
    if (stored) kept = `the prices downloaded on ${stored.origin.fetchedAt?.slice(0, 10)} are kept`;
  } catch {
    kept = 'the stored copy is left as it is';
  }
  const failed = (what: string) =>
    new CliError(`The price update from ${quote(url.href)} failed: ${what}; ${kept}.`);
  let response: Response;
  try {
    response = await fetch(url, {
      signal: AbortSignal.timeout(fetchTimeoutMs),
      headers: { accept: 'application/json' },
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const timedOut = (error as Error).name === 'TimeoutError';
    throw failed(
      timedOut
        ? `no answer within ${fetchTimeoutMs / 1000} s`
        : `the server cannot be reached (${cause?.code ?? cause?.message ?? (error as Error).message})`,
    );
  }
  if (!response.ok) throw failed(`the server answered ${response.status} ${response.statusText}`.trimEnd());
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw failed(`the download broke off (${(error as Error).message})`);
  }
  const providers = parsePriceDatabase(text);
  if (typeof providers === 'string') throw failed(providers);
  const fetchedAt = new Date().toISOString();
  const lastModified = response.headers.get('last-modified') ?? undefined;
  // The providers agentlog prices with (those that name their models), as the shipped data holds them.
  const priced = pricedProviders(providers);
  const file = writeStoredPriceDatabase(cacheDir, {
    url: url.href,
    fetchedAt,
    ...(lastModified === undefined ? {} : { lastModified }),
    providers: priced,
  });
  const counts = countsOf({ providers: priced, origin: { kind: 'downloaded', source: url.href } });
  if (flags.json)
    writeJson(io, { url: url.href, fetchedAt, lastModified: lastModified ?? null, file, ...counts });
  else
    writeLine(
      io,
      `Stored the prices from ${terminalText(url.href)} (${formatNumber(counts.modelCount)} models of ${formatNumber(counts.providerCount)} providers) in ${terminalText(file)}, dated ${fetchedAt.slice(0, 10)}; they are used ahead of the shipped ones unless --offline is given.`,
    );
}
