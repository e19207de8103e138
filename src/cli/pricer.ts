import { computeCost, loadPricingFile } from '../analytics/pricing/index.js';
import type { Pricer } from '../analytics/usage-report.js';
import { CliError } from './cli-error.js';

/** The built-in prices, or those of `--pricing FILE` merged over them. */
export async function createPricer(pricingFile: string | undefined): Promise<Pricer> {
  if (pricingFile === undefined) return (model, usage, at) => computeCost(model, usage, undefined, at).cost;
  const loaded = await loadPricingFile(pricingFile);
  if (!loaded.ok) throw new CliError(loaded.error);
  return (model, usage, at) => computeCost(model, usage, loaded.table, at).cost;
}
