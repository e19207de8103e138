import { emptyUsage, type TokenUsage } from '../../model/usage.js';
import { num, obj } from '../../schemas/common/value-access.js';

/**
 * One assistant record's `usageMetadata` in the agent-neutral shape:
 * - `promptTokenCount` includes `cachedContentTokenCount` (Gemini convention), so uncached input =
 *   prompt - cached and cache reads = cached. Qwen Code records no cache writes (0).
 * - `thoughtsTokenCount` is reasoning. Whether `candidatesTokenCount` already counts it depends on the
 *   backend: Qwen Code's OpenAI converter copies `completion_tokens` (reasoning included) into
 *   `candidatesTokenCount` and `total_tokens` into `totalTokenCount` (= prompt + candidates); a Gemini
 *   backend reports candidates without thoughts and a total of prompt + candidates + thoughts. So output =
 *   candidates + thoughts only when the record's total says the thoughts were apart; otherwise (equal to
 *   prompt + candidates, or no total) output = candidates. `toolUsePromptTokenCount` is prompt input.
 * Returns undefined for a record without token counts (`{}`).
 */
export function qwenCodeUsage(usageMetadata: unknown): TokenUsage | undefined {
  const u = obj(usageMetadata);
  if (!u) return undefined;
  const prompt = num(u.promptTokenCount);
  const candidates = num(u.candidatesTokenCount);
  const thoughts = num(u.thoughtsTokenCount) ?? 0;
  const cached = num(u.cachedContentTokenCount) ?? 0;
  const toolUse = num(u.toolUsePromptTokenCount) ?? 0;
  const total = num(u.totalTokenCount);
  if (prompt === undefined && candidates === undefined && total === undefined) return undefined;
  const input = (prompt ?? 0) + toolUse;
  const thoughtsApart = thoughts > 0 && total !== undefined && total === input + (candidates ?? 0) + thoughts;
  const usage = emptyUsage();
  usage.inputTokens = Math.max(0, input - cached);
  usage.cacheReadTokens = cached;
  usage.outputTokens = (candidates ?? 0) + (thoughtsApart ? thoughts : 0);
  usage.reasoningTokens = thoughts;
  return usage;
}

export const qwenCodeUsageNote =
  "Each assistant record's `usageMetadata` (Gemini shape) is one request. `promptTokenCount` (plus `toolUsePromptTokenCount`) includes `cachedContentTokenCount`: uncached input is the difference, cache reads the cached count; no cache writes are recorded. `thoughtsTokenCount` is reasoning; output is `candidatesTokenCount`, plus the thoughts only when `totalTokenCount` shows they were counted apart (a Gemini backend) rather than inside the candidates (the OpenAI-compatible backends, whose `completion_tokens` Qwen Code copies into `candidatesTokenCount`). `ui_telemetry` api_response events repeat these counts and are not added.";
