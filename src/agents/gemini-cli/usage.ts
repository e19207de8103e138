import type { TokenUsage } from '../../model/usage.js';
import { num, obj } from '../../schemas/common/value-access.js';

/** How Gemini CLI's `tokens` map to `TokenUsage` (the docs' usage note). */
export const geminiUsageNote =
  "Per `gemini` message, `tokens` {input, output, cached, thoughts, tool, total} (Gemini `usageMetadata`): `input` (promptTokenCount) includes the cached part, so uncached input = `input` - `cached` + `tool` (toolUsePromptTokenCount); cache reads = `cached`; no cache writes are recorded; output = `output` + `thoughts` with reasoning = `thoughts` (part of output, as for the other agents). The four add up to Gemini's `total`. One request per message id (a JSONL file may append a message several times: the last copy counts).";

/** A `tokens` object as `TokenUsage`; undefined when it is not an object of counts. */
export function usageFromGemini(value: unknown): TokenUsage | undefined {
  const t = obj(value);
  if (!t) return undefined;
  const input = num(t.input);
  const output = num(t.output);
  if (input === undefined && output === undefined) return undefined;
  const cached = num(t.cached) ?? 0;
  const thoughts = num(t.thoughts) ?? 0;
  return {
    inputTokens: Math.max(0, (input ?? 0) - cached) + (num(t.tool) ?? 0),
    outputTokens: (output ?? 0) + thoughts,
    cacheWriteTokens: 0,
    cacheWrite1hTokens: 0,
    cacheReadTokens: cached,
    reasoningTokens: thoughts,
    webSearchRequests: 0,
  };
}
