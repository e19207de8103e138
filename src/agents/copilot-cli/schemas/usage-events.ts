import { z } from 'zod';

/**
 * `session.usage_record`: the usage of one model call (1.0.9x). In every record of the corpus
 * `inputTokens` = uncached input + `cacheReadTokens` + `cacheWriteTokens` (the `copilotUsage.tokenDetails`
 * `input` entry is the uncached part), and `outputTokens` equals the `output` entry (reasoning included).
 */

/** One billed token kind of a call (`input`, `cache_read`, `cache_write`, `output`). */
export const copilotTokenDetailSchema = z.looseObject({
  tokenType: z.string().nullish(),
  tokenCount: z.number().nullish(),
  batchSize: z.number().nullish(),
  costPerBatch: z.number().nullish(),
  model: z.string().nullish(),
});

/** The usage of one call. */
export const copilotCallUsageSchema = z.looseObject({
  model: z.string().nullish(),
  modelDisplayName: z.string().nullish(),
  provider: z
    .looseObject({ id: z.string().nullish(), kind: z.string().nullish(), label: z.string().nullish() })
    .nullish(),
  inputTokens: z.number().nullish().describe('All input tokens: uncached, cache reads and cache writes'),
  outputTokens: z.number().nullish().describe('Output tokens, reasoning included'),
  cacheReadTokens: z.number().nullish(),
  cacheWriteTokens: z.number().nullish(),
  reasoningTokens: z.number().nullish(),
  cost: z.number().nullish().describe('Premium requests charged'),
  duration: z.number().nullish().describe('Milliseconds'),
  initiator: z.string().nullish().describe('"user", "agent", "sub-agent"'),
  interactionType: z.string().nullish(),
  apiCallId: z.string().nullish().describe('The API call, shared with its assistant.message'),
  providerCallId: z.string().nullish(),
  serviceRequestId: z.string().nullish(),
  parentToolCallId: z.string().nullish().describe("A subagent's call: the task call that started it"),
  accounting: z
    .looseObject({
      sourceSessionId: z.string().nullish(),
      sequence: z.number().nullish(),
      usageId: z.string().nullish(),
    })
    .nullish(),
  copilotUsage: z
    .looseObject({
      tokenDetails: z.array(copilotTokenDetailSchema).nullish(),
      totalNanoAiu: z.number().nullish(),
    })
    .nullish(),
  reasoningEffort: z.string().nullish(),
  reasoningSummary: z.string().nullish(),
  timeToFirstTokenMs: z.number().nullish(),
  outputTtftMs: z.number().nullish(),
  interTokenLatencyMs: z.number().nullish(),
  cacheExpiresAt: z.string().nullish(),
  cacheTtlSeconds: z.number().nullish(),
  cacheDetailsReported: z.boolean().nullish(),
  aiCreditsStatus: z.string().nullish(),
  isByok: z.boolean().nullish().describe('Bring your own key'),
  isAuto: z.boolean().nullish().describe('Model chosen by the auto router'),
  maxPromptTokens: z.number().nullish(),
  maxOutputTokens: z.number().nullish(),
  transport: z.string().nullish().describe('"http" or "websocket"'),
  apiEndpoint: z.string().nullish(),
  requestBodyBytes: z.number().nullish(),
  availableToolCount: z.number().nullish(),
  toolTokenCount: z.number().nullish(),
  frontierSource: z.string().nullish(),
  contentFilterTriggered: z.boolean().nullish(),
  rte: z.boolean().nullish(),
  finishReason: z.string().nullish(),
  numToolCalls: z.number().nullish(),
  toolCounts: z.record(z.string(), z.number()).nullish(),
});

export const copilotUsageRecordSchema = z.looseObject({ usage: copilotCallUsageSchema });
