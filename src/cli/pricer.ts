import path from 'node:path';
import { computeCost } from '../analytics/pricing/compute-cost.js';
import { PriceBook } from '../analytics/pricing/price-book.js';
import type { PriceDatabase } from '../analytics/pricing/price-database.js';
import { loadShippedPriceDatabase } from '../analytics/pricing/shipped-price-database.js';
import type { Pricer } from '../analytics/usage-report.js';
import { resolveCacheDir } from '../cache/cache-location.js';
import { priceDatabaseFileName, readStoredPriceDatabase } from '../cache/price-database-file.js';
import { textHash } from '../model/text-hash.js';
import { CliError } from './cli-error.js';
import type { Io } from './output.js';
import { packageVersion } from './package-version.js';

/** The flags that choose the prices of a command that reports costs. */
export interface PricingFlags {
  pricing?: string;
  offline?: boolean;
  cacheDir?: string;
  demo?: boolean;
}

/** The help of `--offline`, on every command that reports costs. */
export const offlineHelp =
  'use the prices shipped with agentlog, not those "agentlog pricing update" downloaded';

/**
 * The price database in use: the copy `agentlog pricing update` stored in the cache folder, else (none, `--offline`,
 * `--demo`, or a damaged copy, said on stderr) the one shipped with agentlog.
 */
export async function loadPriceDatabase(flags: PricingFlags, io: Io): Promise<PriceDatabase> {
  const cacheDir = flags.offline || flags.demo ? undefined : resolveCacheDir(io.env, flags.cacheDir);
  if (cacheDir !== undefined) io.response?.watch.stat(path.join(cacheDir, priceDatabaseFileName));
  if (cacheDir !== undefined)
    try {
      const stored = readStoredPriceDatabase(cacheDir);
      if (stored) return stored;
    } catch (error) {
      io.stderr.write(`${(error as Error).message} Using the prices shipped with agentlog.\n`);
    }
  return loadShippedPriceDatabase();
}

/** The prices in use with `--pricing FILE` over them, if given. */
export async function loadPriceBook(flags: PricingFlags, io: Io): Promise<PriceBook> {
  const book = new PriceBook(await loadPriceDatabase(flags, io));
  if (flags.pricing === undefined) return book;
  // Its entries apply as of today: an output priced with them is not kept (`response-recorder.ts`).
  io.response?.watch.distrust();
  // The file's reader (with zod) is loaded only then: the status line prices without it.
  const { loadPricingFile } = await import('../analytics/pricing/load-pricing-file.js');
  const loaded = await loadPricingFile(flags.pricing, book);
  if (!loaded.ok) throw new CliError(loaded.error);
  return loaded.book;
}

/** A pricer over `loadPriceBook`'s prices (no price data is loaded before a command asks for one). */
export async function createPricer(flags: PricingFlags, io: Io): Promise<Pricer> {
  return pricerOf(await loadPriceBook(flags, io));
}

function pricerOf(book: PriceBook): Pricer {
  return (model, usage, at) => computeCost(model, usage, book, at).cost;
}

/** Prices with the key that names them (see {@link createKeyedPricer}). */
export interface KeyedPricer {
  price: Pricer;
  key: string;
}

/**
 * A pricer over `loadPriceBook`'s prices, with a key that names them: the agentlog version (its supplement
 * of prices is in its code), the price data's origin (the shipped package's version, or the download's
 * time) and a hash of a `--pricing` file's entries. Two pricers with one key price every request alike, so a
 * total priced by one holds for the other.
 */
export async function createKeyedPricer(flags: PricingFlags, io: Io): Promise<KeyedPricer> {
  const book = await loadPriceBook(flags, io);
  const { origin } = book.database;
  return {
    price: pricerOf(book),
    key: [
      packageVersion(),
      origin.kind,
      origin.source,
      origin.fetchedAt ?? '',
      book.overrides === undefined ? '' : textHash(JSON.stringify(book.overrides)),
    ].join(' '),
  };
}
