/**
 * Token usage in one agent-neutral shape.
 * - Claude: `inputTokens` excludes cache reads and writes (as the Anthropic API reports it).
 * - Codex/OpenAI: `inputTokens` is the API's `input_tokens` minus `cached_input_tokens`, and the cached part goes to
 *   `cacheReadTokens`, so that for both agents total input = input + cacheWrite + cacheRead.
 * `reasoningTokens` is part of `outputTokens` (informational, never added again).
 */
export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
  cacheWriteTokens: number;
  cacheReadTokens: number;
  reasoningTokens: number;
  webSearchRequests: number;
}

export function emptyUsage(): TokenUsage {
  return {
    inputTokens: 0,
    outputTokens: 0,
    cacheWriteTokens: 0,
    cacheReadTokens: 0,
    reasoningTokens: 0,
    webSearchRequests: 0,
  };
}

export const usageFields = [
  'inputTokens',
  'outputTokens',
  'cacheWriteTokens',
  'cacheReadTokens',
  'reasoningTokens',
  'webSearchRequests',
] as const satisfies readonly (keyof TokenUsage)[];

/** Adds `b` into `a` (mutates and returns `a`). */
export function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  for (const field of usageFields) a[field] += b[field];
  return a;
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
