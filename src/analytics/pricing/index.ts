export {
  type CostBreakdown,
  type CostResult,
  computeCost,
  type PricedUsage,
  priceSetAt,
} from './compute-cost.js';
export { databasePricing } from './database-pricing.js';
export { findModelPricing, modelIdCandidates, type PricingMatch } from './find-model-pricing.js';
export {
  type LoadPricingResult,
  loadPricingFile,
  type PricingFile,
  parsePricingFile,
  pricingFileSchema,
} from './load-pricing-file.js';
export { PriceBook } from './price-book.js';
export type {
  ConditionalPrices,
  DatabaseModel,
  DatabasePrices,
  DatabaseProvider,
  MatchLogic,
  PriceDatabase,
  PriceDatabaseOrigin,
  TieredRate,
} from './price-database.js';
export { supplementModels, supplementPatches } from './price-supplement.js';
export type {
  LongContextRates,
  PastPriceSet,
  PriceSet,
  Pricing,
  PricingTable,
  TokenRates,
} from './pricing-types.js';
export { loadShippedPriceDatabase, readPackageData } from './shipped-price-database.js';
