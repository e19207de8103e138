/** The value readers moved to `schemas/common/value-access.ts` so that agent adapters (`src/agents/`) share them. */
export * from '../schemas/common/value-access.js';
