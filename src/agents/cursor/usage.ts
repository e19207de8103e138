import type { TokenUsage } from '../../model/usage.js';

/**
 * Cursor's transcripts record no usage: no tokens, no model, no cost. There is nothing to normalise, so
 * this always answers undefined, and a Cursor session's usage is "no usage recorded", never zero.
 */
export function cursorUsage(_raw: unknown): TokenUsage | undefined {
  return undefined;
}

export const cursorUsageNote =
  'Cursor records no usage in its agent transcripts: no token counts, no model, no cost (the records are `{role, message}` only). Cursor sessions add nothing to usage totals and are shown as "no usage recorded", never as zero tokens or $0.';
