#!/usr/bin/env node
// Writes the price data of @pydantic/genai-prices that agentlog reads to dist/analytics/pricing/genai-prices.json
// (run by `npm run build`, after tsc): the providers that name their models (`model_match`), with each model's id,
// name, match and prices (`pricedProviders`). Reading this file takes a few milliseconds where loading the package takes about 40
// (the status line prices every call). src/analytics/pricing/shipped-price-database.ts reads it.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const specifier = '@pydantic/genai-prices';
const main = pathToFileURL(createRequire(import.meta.url).resolve(specifier));
const { version } = JSON.parse(readFileSync(new URL('../package.json', main), 'utf8'));
const { waitForUpdate } = await import(specifier);
// The same selection `agentlog pricing update` stores (tsc has built it when this runs).
const { pricedProviders } = await import('../dist/analytics/pricing/price-database.js');
const providers = pricedProviders((await waitForUpdate()) ?? []);
if (!providers.some((p) => p.id === 'anthropic') || !providers.some((p) => p.id === 'openai'))
  throw new Error(`${specifier} ${version} has no Anthropic or OpenAI prices.`);
const file = new URL('../dist/analytics/pricing/genai-prices.json', import.meta.url);
mkdirSync(new URL('.', file), { recursive: true });
const temp = new URL(`${file.href}.${process.pid}.tmp`);
writeFileSync(temp, `${JSON.stringify({ version, providers })}\n`);
renameSync(temp, file);
