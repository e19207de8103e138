import type { TokenUsage } from '../../model/usage.js';
import { num, obj } from '../../schemas/common/value-access.js';

/** Anthropic `message.usage` to the agent-neutral shape. Null and absent fields count as 0. */
export function usageFromAnthropic(usage: unknown): TokenUsage | undefined {
  const u = obj(usage);
  if (!u) return undefined;
  const serverTools = obj(u.server_tool_use);
  const details = obj(u.output_tokens_details);
  return {
    inputTokens: num(u.input_tokens) ?? 0,
    outputTokens: num(u.output_tokens) ?? 0,
    cacheWriteTokens: num(u.cache_creation_input_tokens) ?? 0,
    cacheWrite1hTokens: num(obj(u.cache_creation)?.ephemeral_1h_input_tokens) ?? 0,
    cacheReadTokens: num(u.cache_read_input_tokens) ?? 0,
    reasoningTokens: num(details?.thinking_tokens) ?? 0,
    webSearchRequests: num(serverTools?.web_search_requests) ?? 0,
  };
}

/** How Claude Code's usage maps to `TokenUsage` (the docs' usage note). */
export const claudeCodeUsageNote =
  'Anthropic `message.usage`: `input_tokens` is uncached input; `cache_read_input_tokens` and `cache_creation_input_tokens` are cache reads and writes (1-hour writes from `cache_creation.ephemeral_1h_input_tokens`); `output_tokens` includes reasoning. One request per (message id, request id).';
