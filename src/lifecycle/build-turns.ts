/** Moved to `model/build-turns.ts` so that agent adapters (`src/agents/`) build turns too. */
export * from '../model/build-turns.js';
