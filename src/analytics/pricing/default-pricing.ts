import { anthropicPricing } from './anthropic-pricing.js';
import { openaiPricing } from './openai-pricing.js';
import type { PricingTable } from './pricing-types.js';

/**
 * The built-in prices (USD per million tokens, standard tier), compiled from the providers' pricing pages and
 * open pricing data; each entry names its `source` and `asOf` date. Used when no `--pricing` file is given.
 */
export const defaultPricing: PricingTable = Object.freeze({ ...anthropicPricing, ...openaiPricing });
