import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippedBook as book } from '../../../test/price-book.js';
import { emptyUsage } from '../../model/usage.js';
import { computeCost } from './compute-cost.js';
import { loadPricingFile, parsePricingFile } from './load-pricing-file.js';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'agentlog-pricing-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function write(name: string, content: unknown): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

/** The error of a file that must not load. */
function errorOf(models: unknown): string {
  const result = parsePricingFile(JSON.stringify({ models }), 'p.json', book);
  if (result.ok) throw new Error('Expected the file to be rejected');
  return result.error;
}

describe('loadPricingFile', () => {
  it('merges the file over the built-in prices', async () => {
    const file = await write('ok.json', {
      models: {
        'claude-sonnet-4-5': { output: 16 },
        'proxy/model-x': { input: 2, output: 8, aliases: ['model-x'] },
      },
    });
    await utimes(file, new Date('2026-05-06T12:00:00Z'), new Date('2026-05-06T12:00:00Z'));
    const result = await loadPricingFile(file, book);
    if (!result.ok) throw new Error(result.error);
    const sonnet = result.book.find('claude-sonnet-4-5')?.pricing ?? { source: '' };
    expect(sonnet).toMatchObject({
      input: 3,
      output: 16,
      cacheWrite: 3.75,
      cacheRead: 0.3,
      asOf: '2026-05-06',
    });
    expect(sonnet.source).toContain(`pricing file ${file}`);
    // A new model's cache rates default to its input rate.
    expect(result.book.overrides?.['proxy/model-x']).toMatchObject({
      provider: 'custom',
      input: 2,
      output: 8,
      cacheWrite: 2,
      cacheRead: 2,
    });
    // 1,000,000 x 2 + 100,000 x 8 + 500,000 x 2 = 2 + 0.8 + 1 = 3.8
    const usage = {
      ...emptyUsage(),
      inputTokens: 1_000_000,
      outputTokens: 100_000,
      cacheReadTokens: 500_000,
    };
    expect(computeCost('model-x', usage, result.book).cost).toBeCloseTo(3.8, 12);
    // Untouched models keep their built-in entry.
    expect(result.book.find('gpt-5.1-codex')).toEqual(book.find('gpt-5.1-codex'));
    // Every id of the overridden model takes the file's rates: 1,000,000 output tokens x 16.
    const output = { ...emptyUsage(), outputTokens: 1_000_000 };
    expect(computeCost('claude-sonnet-4-5-20250929', output, result.book).cost).toBeCloseTo(16, 12);
    expect(computeCost('claude-sonnet-4.5', output, result.book).cost).toBeCloseTo(16, 12);
  });

  it('gives a dated id its own entry based on the undated built-in one', () => {
    const result = parsePricingFile(
      JSON.stringify({ models: { 'claude-sonnet-4-5-20250929': { input: 2.5 } } }),
      'p.json',
      book,
    );
    if (!result.ok) throw new Error(result.error);
    expect(result.book.overrides?.['claude-sonnet-4-5-20250929']).toMatchObject({ input: 2.5, output: 15 });
    expect(result.book.find('claude-sonnet-4-5')).toEqual(book.find('claude-sonnet-4-5'));
    // 100,000 x 2.5 / 1e6 = 0.25
    const usage = { ...emptyUsage(), inputTokens: 100_000 };
    expect(computeCost('claude-sonnet-4-5-20250929', usage, result.book).cost).toBeCloseTo(0.25, 12);
  });

  it('applies file rates at all dates', () => {
    const result = parsePricingFile(
      JSON.stringify({ models: { 'gpt-5.6-luna': { input: 0.3 } } }),
      'p.json',
      book,
    );
    if (!result.ok) throw new Error(result.error);
    expect(result.book.overrides?.['gpt-5.6-luna']?.history).toBeUndefined();
    // 100,000 x 0.3 / 1e6 = 0.03, even before the built-in 2026-07-30 change
    const usage = { ...emptyUsage(), inputTokens: 100_000 };
    expect(computeCost('gpt-5.6-luna', usage, result.book, '2026-07-01T00:00:00Z').cost).toBeCloseTo(
      0.03,
      12,
    );
  });

  it('overrides a built-in model whatever the case of its id', () => {
    const result = parsePricingFile(JSON.stringify({ models: { 'GPT-5': { input: 1 } } }), 'p.json', book);
    if (!result.ok) throw new Error(result.error);
    expect(result.book.find('gpt-5')).toMatchObject({ id: 'GPT-5', pricing: { input: 1, output: 10 } });
  });

  it('fills long-context cache rates from the long-context input rate', () => {
    const result = parsePricingFile(
      JSON.stringify({
        models: { 'model-y': { input: 1, output: 2, longContext: { threshold: 1000, input: 3, output: 4 } } },
      }),
      'p.json',
      book,
    );
    if (!result.ok) throw new Error(result.error);
    expect(result.book.overrides?.['model-y']?.longContext).toEqual({
      threshold: 1000,
      input: 3,
      output: 4,
      cacheWrite: 3,
      cacheRead: 3,
    });
  });

  it('reports a file it cannot read', async () => {
    const missing = path.join(dir, 'missing.json');
    expect(await loadPricingFile(missing, book)).toEqual({
      ok: false,
      error: `Pricing file ${JSON.stringify(missing)} cannot be read (ENOENT).`,
    });
  });

  it('reports a file that is not JSON', async () => {
    const file = await write('bad.json', '{ "models": ');
    const result = await loadPricingFile(file, book);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/^Pricing file ".*bad\.json" is not valid JSON \(.+\)\.$/);
  });

  it.each([
    [{ x: { input: 'abc', output: 1 } }, 'Pricing file "p.json": model "x" field "input" must be a number.'],
    [{ x: { input: -1, output: 1 } }, 'Pricing file "p.json": model "x" field "input" must be 0 or more.'],
    [{ x: { inputt: 1 } }, 'Pricing file "p.json": model "x" has unknown field "inputt".'],
    [
      { x: { input: 1 } },
      'Pricing file "p.json": model "x" field "output" is required for a model without a built-in price.',
    ],
    [
      { x: { input: 1, output: 1, longContext: { threshold: 0, input: 1, output: 1 } } },
      'Pricing file "p.json": model "x" field "longContext.threshold" must be above 0.',
    ],
    [
      { x: { input: 1, output: 1, longContext: { threshold: 10, input: 1, output: 1, extra: 1 } } },
      'Pricing file "p.json": model "x" field "longContext" has unknown field "extra".',
    ],
    [
      { x: { input: 1, output: 1, asOf: 'May 2026' } },
      'Pricing file "p.json": model "x" field "asOf" must be a date as YYYY-MM-DD.',
    ],
    [
      { x: { input: 1, output: 1, aliases: 'y' } },
      'Pricing file "p.json": model "x" field "aliases" must be a list of model ids.',
    ],
    [{ x: 3 }, 'Pricing file "p.json": model "x" must be an object of rates.'],
  ])('rejects models %j', (models, message) => {
    expect(errorOf(models)).toBe(message);
  });

  it.each([
    [[], 'Pricing file "p.json": the file must hold a JSON object with a "models" object.'],
    [
      { prices: {} },
      'Pricing file "p.json": unknown top-level field "prices" (the prices go under "models").',
    ],
    [{ models: [] }, 'Pricing file "p.json": "models" must be an object of models.'],
  ])('rejects the file %j', (content, message) => {
    const result = parsePricingFile(JSON.stringify(content), 'p.json', book);
    expect(result).toEqual({ ok: false, error: message });
  });
});
