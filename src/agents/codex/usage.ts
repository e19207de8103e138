import type { TokenUsage } from '../../model/usage.js';
import { num, obj } from '../../schemas/common/value-access.js';

/** How Codex's usage maps to `TokenUsage` (the docs' usage note). */
export const codexUsageNote =
  'OpenAI usage of `event_msg` `token_count` (`info.last_token_usage`, or the difference of `total_token_usage`): `input_tokens` includes cached input, so uncached input = `input_tokens` - `cached_input_tokens` (- `cache_write_input_tokens`); cache reads = `cached_input_tokens`; reasoning = `reasoning_output_tokens` (part of `output_tokens`).';

/** One OpenAI token usage object (`last_token_usage`) as `TokenUsage`; the builder's tracker (`agents/codex/usage-tracker.ts`) applies the same rule to cumulative totals. */
export function usageFromOpenAi(value: unknown): TokenUsage | undefined {
  const u = obj(value);
  if (!u) return undefined;
  const input = num(u.input_tokens) ?? 0;
  const cached = num(u.cached_input_tokens) ?? 0;
  const cacheWrite = num(u.cache_write_input_tokens) ?? 0;
  return {
    inputTokens: Math.max(0, input - cached - cacheWrite),
    outputTokens: num(u.output_tokens) ?? 0,
    cacheWriteTokens: cacheWrite,
    cacheWrite1hTokens: 0,
    cacheReadTokens: cached,
    reasoningTokens: num(u.reasoning_output_tokens) ?? 0,
    webSearchRequests: 0,
  };
}
