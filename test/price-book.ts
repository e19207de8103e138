import { PriceBook } from '../src/analytics/pricing/price-book.js';
import { loadShippedPriceDatabase } from '../src/analytics/pricing/shipped-price-database.js';

/** The prices shipped with agentlog (the installed @pydantic/genai-prices data and the supplement), for tests. */
export const shippedBook = new PriceBook(await loadShippedPriceDatabase());
