import { z } from 'zod';

/** A token count; transcripts can write `null` for any of them. */
const tokenCount = z.number().nullable().optional();

/** `usage.cache_creation`: cache writes split by TTL. */
export const cacheCreationSchema = z.looseObject({
  ephemeral_5m_input_tokens: tokenCount,
  ephemeral_1h_input_tokens: tokenCount,
});
export type CacheCreation = z.infer<typeof cacheCreationSchema>;

/** `usage.server_tool_use`: server-side tool requests billed with the response. */
export const serverToolUseUsageSchema = z.looseObject({
  web_search_requests: tokenCount,
  web_fetch_requests: tokenCount,
});
export type ServerToolUseUsage = z.infer<typeof serverToolUseUsageSchema>;

const tokenShape = {
  input_tokens: tokenCount,
  output_tokens: tokenCount,
  cache_creation_input_tokens: tokenCount,
  cache_read_input_tokens: tokenCount,
  cache_creation: cacheCreationSchema.nullable().optional(),
};

/**
 * One entry of `usage.iterations` (one sampling iteration of the response; `type: "fallback_message"`
 * with the fallback `model` after a safeguard model fallback).
 */
export const usageIterationSchema = z.looseObject({
  /** `message`, `advisor_message`, `fallback_message`. */
  type: z.string().optional(),
  model: z.string().nullable().optional(),
  ...tokenShape,
});
export type UsageIteration = z.infer<typeof usageIterationSchema>;

/**
 * `message.usage` of an assistant record (Anthropic Messages usage). Every field may be absent or
 * `null`; per-block records of one response may repeat or under-count it (dedupe by `message.id`).
 */
export const usageSchema = z.looseObject({
  ...tokenShape,
  /** `standard`, `priority`, `batch`, or newer values. */
  service_tier: z.string().nullable().optional(),
  server_tool_use: serverToolUseUsageSchema.nullable().optional(),
  inference_geo: z.string().nullable().optional(),
  speed: z.string().nullable().optional(),
  iterations: z.array(usageIterationSchema).nullable().optional(),
  output_tokens_details: z.looseObject({ thinking_tokens: tokenCount }).nullable().optional(),
  /** Outcome of a fallback-credit token the request presented. */
  fallback_credit: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type Usage = z.infer<typeof usageSchema>;
