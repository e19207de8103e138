import type { z } from 'zod';

/** JSON Schema keyword that marks a field no current agent version offers (kept to validate old logs). */
export const legacyKeyword = 'x-agentlog-legacy';

/**
 * Marks a tool-input field as legacy or internal: old transcripts carry it, so the registry accepts it, but
 * a tool definition for a model API (`toAnthropicTool`, `toOpenAITool`) leaves it out.
 */
export function legacyField<T extends z.ZodType>(schema: T, description: string): T {
  return schema.meta({ description, [legacyKeyword]: true }) as T;
}
