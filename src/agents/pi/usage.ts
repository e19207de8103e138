import { emptyUsage, type TokenUsage } from '../../model/usage.js';
import { num, obj } from '../../schemas/common/value-access.js';

/**
 * An assistant message's `usage` in the agent-neutral shape. pi-ai already splits it as agentlog does
 * for every provider: `input` is uncached input (OpenAI's cached tokens subtracted), `cacheRead` and
 * `cacheWrite` apart, `output` with reasoning included; `reasoning` (newer builds) is the reasoning part of
 * `output`. The mapping is one to one. `cost.total` is pi's own dollar figure (see `piCost`).
 * Returns undefined when the message has no usage.
 */
export function piUsage(usage: unknown): TokenUsage | undefined {
  const u = obj(usage);
  if (!u) return undefined;
  const out = emptyUsage();
  out.inputTokens = num(u.input) ?? 0;
  out.outputTokens = num(u.output) ?? 0;
  out.cacheReadTokens = num(u.cacheRead) ?? 0;
  out.cacheWriteTokens = num(u.cacheWrite) ?? 0;
  out.reasoningTokens = num(u.reasoning) ?? 0;
  return out;
}

/** `usage.cost.total`: what pi priced the response at, in dollars, when it did. */
export function piCost(usage: unknown): number | undefined {
  return num(obj(obj(usage)?.cost)?.total);
}

export const piUsageNote =
  "Each assistant message's `usage` is one request, already split by pi-ai for every provider: `input` is uncached input, `cacheRead` and `cacheWrite` the cache reads and writes, `output` includes reasoning and `reasoning` (newer builds) is its reasoning part. The mapping is one to one; pi's own dollar figure (`cost.total`) is kept as the session's recorded cost.";
