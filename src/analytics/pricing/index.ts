export { anthropicPricing } from './anthropic-pricing.js';
export {
  type CostBreakdown,
  type CostResult,
  computeCost,
  type PricedUsage,
  priceSetAt,
} from './compute-cost.js';
export { defaultPricing } from './default-pricing.js';
export { findModelPricing, modelIdCandidates, type PricingMatch } from './find-model-pricing.js';
export {
  type LoadPricingResult,
  loadPricingFile,
  type PricingFile,
  parsePricingFile,
  pricingFileSchema,
} from './load-pricing-file.js';
export { openaiPricing } from './openai-pricing.js';
export type {
  LongContextRates,
  PastPriceSet,
  PriceSet,
  Pricing,
  PricingTable,
  TokenRates,
} from './pricing-types.js';
