import { z } from 'zod';
import { openEnum } from '../../../schemas/common/open-enum.js';

/** Token counts of one request or of the whole thread. */
export const codexTokenUsageSchema = z.looseObject({
  input_tokens: z.number(),
  cached_input_tokens: z.number(),
  cache_write_input_tokens: z.number().nullish().describe('Newest builds'),
  output_tokens: z.number(),
  reasoning_output_tokens: z.number(),
  total_tokens: z.number(),
});
export type CodexTokenUsage = z.infer<typeof codexTokenUsageSchema>;

/**
 * `token_count.info`. `total_token_usage` is cumulative over the thread (and a fork replays the parent's
 * totals), so sum `last_token_usage` or take deltas.
 */
export const codexTokenUsageInfoSchema = z.looseObject({
  total_token_usage: codexTokenUsageSchema,
  last_token_usage: codexTokenUsageSchema,
  model_context_window: z.number().nullish(),
});
export type CodexTokenUsageInfo = z.infer<typeof codexTokenUsageInfoSchema>;

/** One rate-limit window. Older builds wrote `resets_in_seconds`, newer ones `resets_at` (epoch seconds). */
export const codexRateLimitWindowSchema = z.looseObject({
  used_percent: z.number(),
  window_minutes: z.number().nullish(),
  resets_at: z.number().nullish(),
  resets_in_seconds: z.number().nullish(),
});
export type CodexRateLimitWindow = z.infer<typeof codexRateLimitWindowSchema>;

/**
 * `token_count.rate_limits`. The oldest builds wrote flat fields (`primary_used_percent`,
 * `primary_window_minutes`, ...), kept by the loose object.
 */
export const codexRateLimitsSchema = z.looseObject({
  limit_id: z.string().nullish(),
  limit_name: z.string().nullish(),
  primary: codexRateLimitWindowSchema.nullish(),
  secondary: codexRateLimitWindowSchema.nullish(),
  credits: z
    .looseObject({
      has_credits: z.boolean(),
      unlimited: z.boolean(),
      balance: z.string().nullish(),
    })
    .nullish(),
  plan_type: openEnum(['free', 'plus', 'pro', 'team', 'business', 'enterprise', 'edu']).nullish(),
  rate_limit_reached_type: z.string().nullish(),
  primary_used_percent: z.number().nullish().describe('Oldest flat form'),
  secondary_used_percent: z.number().nullish().describe('Oldest flat form'),
  primary_window_minutes: z.number().nullish().describe('Oldest flat form'),
  secondary_window_minutes: z.number().nullish().describe('Oldest flat form'),
});
export type CodexRateLimits = z.infer<typeof codexRateLimitsSchema>;

/** `event_msg` `token_count`: both fields may be `null` (and are absent in some writers). */
export const codexTokenCountEventSchema = z.looseObject({
  type: z.literal('token_count'),
  info: codexTokenUsageInfoSchema.nullish(),
  rate_limits: codexRateLimitsSchema.nullish(),
});
export type CodexTokenCountEvent = z.infer<typeof codexTokenCountEventSchema>;
