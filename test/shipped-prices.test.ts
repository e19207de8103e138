/**
 * The price data `npm run build` ships (`scripts/extract-prices.mjs` -> dist/analytics/pricing/genai-prices.json)
 * is the installed @pydantic/genai-prices data: the same version, and for every provider that names its models
 * (`model_match`), the same models with the same match rules and prices. The status line reads that file instead
 * of loading the package.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPackageData } from '../src/analytics/pricing/shipped-price-database.js';
import { builtCli } from './helpers/run-built-cli.js';

const repoRoot = path.resolve(import.meta.dirname, '..');

describe('the shipped price data', () => {
  it('is the installed package data, for the providers agentlog prices with', async () => {
    execFileSync(process.execPath, [path.join(repoRoot, 'scripts/extract-prices.mjs')], { cwd: repoRoot });
    const extracted = JSON.parse(
      readFileSync(path.join(repoRoot, 'dist/analytics/pricing/genai-prices.json'), 'utf8'),
    ) as { version: string; providers: { id: string; models: unknown[] }[] };
    const pkg = await readPackageData();
    const installed = JSON.parse(
      readFileSync(path.join(repoRoot, 'node_modules/@pydantic/genai-prices/package.json'), 'utf8'),
    ) as { version: string };
    expect(extracted.version).toBe(installed.version);
    expect(pkg.version).toBe(installed.version);
    const named = pkg.providers.filter((p) => p.model_match !== undefined);
    expect(extracted.providers.map((p) => p.id)).toEqual(named.map((p) => p.id));
    expect(extracted.providers.map((p) => p.id)).toEqual(
      expect.arrayContaining(['anthropic', 'openai', 'google']),
    );
    for (const [i, provider] of named.entries())
      expect(extracted.providers[i]?.models).toEqual(
        provider.models.map((m) => ({
          id: m.id,
          ...(m.name ? { name: m.name } : {}),
          match: m.match,
          prices: m.prices,
        })),
      );
  });

  it('is what the built CLI reads (not the package, 40 ms to load), as agentlog pricing says', () => {
    execFileSync(process.execPath, [path.join(repoRoot, 'scripts/extract-prices.mjs')], { cwd: repoRoot });
    const out = execFileSync(process.execPath, [builtCli, 'pricing', '--offline', '--json'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(JSON.parse(out)).toMatchObject({
      kind: 'shipped',
      file: path.join(repoRoot, 'dist/analytics/pricing/genai-prices.json'),
    });
  });

  it('names the package and its data URL as agentlog pricing update uses them', async () => {
    const { REMOTE_DATA_JSON_URL } = (await import('@pydantic/genai-prices')) as {
      REMOTE_DATA_JSON_URL: string;
    };
    const { defaultPricesUrl } = await import('../src/cli/commands/pricing-command.js');
    expect(defaultPricesUrl).toBe(REMOTE_DATA_JSON_URL);
  });
});
