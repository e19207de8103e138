import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { DatabaseProvider, PriceDatabase } from './price-database.js';

/**
 * The price database shipped with agentlog: `@pydantic/genai-prices`'s bundled data. `npm run build` writes the
 * providers agentlog uses to `genai-prices.json` beside this module (`scripts/extract-prices.mjs`), a few
 * milliseconds to read; without it (running from the sources) the package itself is loaded (about 40 ms).
 */
export async function loadShippedPriceDatabase(): Promise<PriceDatabase> {
  try {
    const text = await readFile(new URL('./genai-prices.json', import.meta.url), 'utf8');
    const extracted = JSON.parse(text) as { version: string; providers: DatabaseProvider[] };
    return shipped(extracted.version, extracted.providers);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const { version, providers } = await readPackageData();
  return shipped(version, providers);
}

/** The package's version and its bundled providers (all of them). */
export async function readPackageData(): Promise<{ version: string; providers: DatabaseProvider[] }> {
  const specifier = '@pydantic/genai-prices';
  const main = pathToFileURL(createRequire(import.meta.url).resolve(specifier));
  const [pkg, module] = await Promise.all([
    readFile(new URL('../package.json', main), 'utf8'),
    import(specifier) as Promise<{ waitForUpdate(): Promise<DatabaseProvider[] | null> }>,
  ]);
  const providers = (await module.waitForUpdate()) ?? [];
  return { version: (JSON.parse(pkg) as { version: string }).version, providers };
}

function shipped(version: string, providers: DatabaseProvider[]): PriceDatabase {
  return { providers, origin: { kind: 'shipped', source: `@pydantic/genai-prices ${version}` } };
}
