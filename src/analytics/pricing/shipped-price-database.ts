import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { DatabaseProvider, PriceDatabase } from './price-database.js';

/**
 * The price database shipped with agentlog: `@pydantic/genai-prices`'s bundled data. `npm run build` writes the
 * providers agentlog uses to `genai-prices.json` beside this module (`scripts/extract-prices.mjs`), a few
 * milliseconds to read; without it (running from the sources) the package itself is loaded (about 40 ms).
 */
export async function loadShippedPriceDatabase(): Promise<PriceDatabase> {
  const extractedFile = new URL('./genai-prices.json', import.meta.url);
  try {
    // Read synchronously: `node:fs/promises` is not otherwise loaded by a status line call.
    const text = readFileSync(extractedFile, 'utf8');
    const extracted = JSON.parse(text) as { version: string; providers: DatabaseProvider[] };
    return shipped(extracted.version, extracted.providers, fileURLToPath(extractedFile));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const { version, providers, file } = await readPackageData();
  return shipped(version, providers, file);
}

/** The package's version, its bundled providers (all of them) and the module that holds them. */
export async function readPackageData(): Promise<{
  version: string;
  providers: DatabaseProvider[];
  file: string;
}> {
  const specifier = '@pydantic/genai-prices';
  const resolved = createRequire(import.meta.url).resolve(specifier);
  const main = pathToFileURL(resolved);
  const [pkg, module] = await Promise.all([
    Promise.resolve(readFileSync(new URL('../package.json', main), 'utf8')),
    import(specifier) as Promise<{ waitForUpdate(): Promise<DatabaseProvider[] | null> }>,
  ]);
  const providers = (await module.waitForUpdate()) ?? [];
  return { version: (JSON.parse(pkg) as { version: string }).version, providers, file: resolved };
}

function shipped(version: string, providers: DatabaseProvider[], file: string): PriceDatabase {
  return { providers, origin: { kind: 'shipped', source: `@pydantic/genai-prices ${version}`, file } };
}
