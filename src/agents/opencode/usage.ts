import { emptyUsage, type TokenUsage } from '../../model/usage.js';
import { num, obj } from '../../schemas/common/value-access.js';

/**
 * OpenCode's `tokens` of one model step in the agent-neutral shape: `input` is uncached input (OpenCode
 * subtracts cached tokens for providers that include them), `cache.read` and `cache.write` apart, `output`,
 * and `reasoning` as the reasoning part of output. Undefined when the object holds no count.
 */
export function opencodeUsage(tokens: unknown): TokenUsage | undefined {
  const t = obj(tokens);
  if (!t) return undefined;
  const cache = obj(t.cache);
  const out = emptyUsage();
  out.inputTokens = num(t.input) ?? 0;
  out.outputTokens = num(t.output) ?? 0;
  out.reasoningTokens = num(t.reasoning) ?? 0;
  out.cacheReadTokens = num(cache?.read) ?? 0;
  out.cacheWriteTokens = num(cache?.write) ?? 0;
  return out;
}

/** OpenCode's own dollar figure: a number, or (handwritten trees) `{usd}`. */
export function opencodeCost(cost: unknown): number | undefined {
  return num(cost) ?? num(obj(cost)?.usd);
}

export const opencodeUsageNote =
  "One request is one model step. In the SQLite v2 store each assistant row is one step and its `data.tokens` is counted; the session row's `tokens_*` are their sums (a check, never counted again). In the storage tree and the v1 store a message can hold several steps: each `step-finish` part's `tokens` is one request, and the message's own `tokens` (its last step) is counted only for a message without step-finish parts. `input` is uncached input, `cache.read` and `cache.write` the cache reads and writes, `output` the output and `reasoning` its reasoning part (all zero in the corpus, so whether OpenCode's `output` includes it is not confirmed). OpenCode's own `cost` is kept as the session's recorded cost; reports price the tokens from the price database.";
