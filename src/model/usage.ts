/**
 * Token usage in one agent-neutral shape.
 * - Claude: `inputTokens` excludes cache reads and writes (as the Anthropic API reports it).
 * - Codex/OpenAI: `inputTokens` is the API's `input_tokens` minus `cached_input_tokens`, and the cached part goes to
 *   `cacheReadTokens`, so that for both agents total input = input + cacheWrite + cacheRead.
 * `reasoningTokens` is part of `outputTokens`, and `cacheWrite1hTokens` part of `cacheWriteTokens`
 * (informational, never added again).
 */
export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
  cacheWriteTokens: number;
  /** Cache writes with the 1-hour lifetime (priced higher than the 5-minute default). */
  cacheWrite1hTokens: number;
  cacheReadTokens: number;
  reasoningTokens: number;
  webSearchRequests: number;
}

export function emptyUsage(): TokenUsage {
  return {
    inputTokens: 0,
    outputTokens: 0,
    cacheWriteTokens: 0,
    cacheWrite1hTokens: 0,
    cacheReadTokens: 0,
    reasoningTokens: 0,
    webSearchRequests: 0,
  };
}

export const usageFields = [
  'inputTokens',
  'outputTokens',
  'cacheWriteTokens',
  'cacheWrite1hTokens',
  'cacheReadTokens',
  'reasoningTokens',
  'webSearchRequests',
] as const satisfies readonly (keyof TokenUsage)[];

/** Adds `b` into `a` (mutates and returns `a`). */
export function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  // Field by field, not over `usageFields`: reports add tens of thousands of requests.
  a.inputTokens += b.inputTokens;
  a.outputTokens += b.outputTokens;
  a.cacheWriteTokens += b.cacheWriteTokens;
  a.cacheWrite1hTokens += b.cacheWrite1hTokens;
  a.cacheReadTokens += b.cacheReadTokens;
  a.reasoningTokens += b.reasoningTokens;
  a.webSearchRequests += b.webSearchRequests;
  return a;
}

/**
 * Per-field maximum of two copies of one request's usage: records split from one API response carry the
 * same usage, or a streaming placeholder with smaller numbers, and a request copied into several files may
 * be cut short in some of them; the maximum is the final usage.
 */
export function maxUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  const out = emptyUsage();
  for (const field of usageFields) out[field] = Math.max(a[field], b[field]);
  return out;
}

export function totalTokens(u: TokenUsage): number {
  return u.inputTokens + u.outputTokens + u.cacheWriteTokens + u.cacheReadTokens;
}

/** Adds `usage` into `byKey[key]`, creating the entry when missing. */
export function addUsageTo(byKey: Record<string, TokenUsage>, key: string, usage: TokenUsage): void {
  const entry = byKey[key];
  if (entry) addUsage(entry, usage);
  else byKey[key] = addUsage(emptyUsage(), usage);
}

/** A session's usage totals: over all its requests, and by model. */
export interface UsageTotals {
  usage: TokenUsage;
  usageByModel: Record<string, TokenUsage>;
}

/** Counts a request's usage in `totals`: in the whole, and under its model (`unknown` without one). */
export function countUsage(
  totals: UsageTotals,
  request: { usage: TokenUsage; model?: string | undefined },
): void {
  addUsage(totals.usage, request.usage);
  addUsageTo(totals.usageByModel, request.model ?? 'unknown', request.usage);
}

/** Usage of one API request (one deduplicated assistant message, or one Codex token_count), the unit reports add up. */
export interface UsageEntry {
  timestamp?: string;
  model?: string;
  usage: TokenUsage;
  /** The message that carries it, when there is one. */
  messageId?: string;
  /**
   * The API request it was billed under, where the log tells (Claude Code: `message.id` and `requestId`;
   * Codex: the thread id and the cumulative totals after the request): the same key in two session files
   * (a copy, a checkpoint, a resumed session) is one request.
   */
  requestKey?: string;
}

/**
 * Whether two usage entries hold the same values. Field by field, not as JSON: an append to a long session
 * compares every stored entry with the one its fold made (their JSON took a tenth of the fold).
 */
export function sameUsageEntry(a: UsageEntry, b: UsageEntry): boolean {
  return (
    a.messageId === b.messageId &&
    a.requestKey === b.requestKey &&
    a.model === b.model &&
    a.timestamp === b.timestamp &&
    usageFields.every((field) => a.usage[field] === b.usage[field])
  );
}
