import { z } from 'zod';

/**
 * Data of the `session.*` records of a Copilot CLI `events.jsonl` (and of `abort`, `system.*`, `hook.*`).
 * Every object is loose: Copilot adds fields often, and they are kept. Shapes are taken from the real
 * files of test/data/corpus-more/copilot-cli (1.0.11 to 1.0.95-2).
 */

/** Where the session ran: the working directory (symlinks resolved), and git facts when in a repository. */
export const copilotContextSchema = z.looseObject({
  cwd: z.string().nullish(),
  gitRoot: z.string().nullish(),
  repository: z.string().nullish().describe('owner/name'),
  repositoryHost: z.string().nullish(),
  branch: z.string().nullish(),
  baseCommit: z.string().nullish(),
  headCommit: z.string().nullish(),
  hostType: z.string().nullish().describe('"cli", "github"...'),
});

/** `session.start`: the first record of every file. */
export const copilotSessionStartSchema = z.looseObject({
  sessionId: z.string(),
  version: z.number().nullish().describe('Format version (1)'),
  producer: z.string().nullish().describe('"copilot-agent"'),
  copilotVersion: z
    .string()
    .nullish()
    .describe('The CLI version, e.g. "1.0.95-2" (empty in reconstructed files)'),
  startTime: z.string().nullish(),
  selectedModel: z.string().nullish(),
  contextTier: z.string().nullish(),
  context: copilotContextSchema.nullish(),
  alreadyInUse: z.boolean().nullish(),
  remoteSteerable: z.boolean().nullish(),
});

/** `session.resume`: a later run appending to the same file (`copilot --resume`). */
export const copilotSessionResumeSchema = z.looseObject({
  resumeTime: z.string().nullish(),
  eventCount: z.number().nullish(),
  selectedModel: z.string().nullish(),
  context: copilotContextSchema.nullish(),
  alreadyInUse: z.boolean().nullish(),
  remoteSteerable: z.boolean().nullish(),
});

/** `session.model_change`: the model in use from here on (`agentId` set: a subagent's model). */
export const copilotModelChangeSchema = z.looseObject({
  newModel: z.string().nullish(),
  previousModel: z.string().nullish(),
  source: z.string().nullish().describe('"startup", "sdk", "agent"...'),
  contextTier: z.string().nullish(),
  reasoningEffort: z.string().nullish(),
});

/** `session.info`: a notice shown in the terminal (folder trust, MCP servers...). */
export const copilotSessionInfoSchema = z.looseObject({
  infoType: z.string().nullish(),
  message: z.string().nullish(),
});

/** `session.error`: a failed model request or another session-level error. */
export const copilotSessionErrorSchema = z.looseObject({
  errorType: z.string().nullish(),
  message: z.string().nullish(),
  statusCode: z.number().nullish(),
  providerCallId: z.string().nullish(),
  serviceRequestId: z.string().nullish(),
  stack: z.string().nullish(),
});

/** `session.truncation`: the conversation was cut to fit the context window. */
export const copilotTruncationSchema = z.looseObject({
  tokenLimit: z.number().nullish(),
  preTruncationTokensInMessages: z.number().nullish(),
  preTruncationMessagesLength: z.number().nullish(),
  postTruncationTokensInMessages: z.number().nullish(),
  postTruncationMessagesLength: z.number().nullish(),
  tokensRemovedDuringTruncation: z.number().nullish(),
  messagesRemovedDuringTruncation: z.number().nullish(),
  performedBy: z.string().nullish(),
});

/** `session.auto_mode_resolved`: the model the "auto" router chose for a request. */
export const copilotAutoModeResolvedSchema = z.looseObject({
  chosenModel: z.string().nullish(),
  reasoningBucket: z.string().nullish(),
  candidateModels: z.array(z.string()).nullish(),
  availableModels: z.array(z.string()).nullish(),
  routingMethod: z.string().nullish(),
  fallback: z.boolean().nullish(),
  categoryScores: z.record(z.string(), z.number()).nullish(),
  predictedLabel: z.string().nullish(),
  confidence: z.number().nullish(),
  stickyOverride: z.boolean().nullish(),
  routerLatencyMs: z.number().nullish(),
  endToEndLatencyMs: z.number().nullish(),
  chosenShortfall: z.number().nullish(),
  hasImage: z.boolean().nullish(),
});

/** Token counts by kind, as `session.shutdown.tokenDetails` writes them. */
const tokenCountSchema = z.looseObject({ tokenCount: z.number().nullish() });

/** `session.shutdown`: the end of a run, with session totals (not counted again: the usage records are). */
export const copilotShutdownSchema = z.looseObject({
  shutdownType: z.string().nullish(),
  sessionStartTime: z.number().nullish().describe('Milliseconds since the epoch'),
  totalApiDurationMs: z.number().nullish(),
  totalPremiumRequests: z.number().nullish(),
  totalNanoAiu: z.number().nullish(),
  currentModel: z.string().nullish(),
  currentTokens: z.number().nullish(),
  conversationTokens: z.number().nullish(),
  systemTokens: z.number().nullish(),
  toolDefinitionsTokens: z.number().nullish(),
  eventsFileSizeBytes: z.number().nullish(),
  codeChanges: z
    .looseObject({
      linesAdded: z.number().nullish(),
      linesRemoved: z.number().nullish(),
      filesModified: z.array(z.unknown()).nullish(),
    })
    .nullish(),
  modelMetrics: z
    .record(
      z.string(),
      z.looseObject({ requests: z.unknown().nullish(), usage: z.looseObject({}).nullish() }),
    )
    .nullish()
    .describe('Per model: requests and usage totals'),
  tokenDetails: z.record(z.string(), tokenCountSchema).nullish(),
});

/** `session.usage_checkpoint`: running credit totals and cache state (no token counts). */
export const copilotUsageCheckpointSchema = z.looseObject({
  totalNanoAiu: z.number().nullish(),
  totalPremiumRequests: z.number().nullish(),
  modelCacheState: z
    .array(
      z.looseObject({
        modelId: z.string().nullish(),
        cacheExpiresAt: z.string().nullish(),
        cacheTtlSeconds: z.number().nullish(),
      }),
    )
    .nullish(),
});

/** `abort`: the user interrupted the turn. */
export const copilotAbortSchema = z.looseObject({ reason: z.string().nullish() });

/** `system.message`: the system prompt sent with a turn. */
export const copilotSystemMessageSchema = z.looseObject({
  content: z.string().nullish(),
  role: z.string().nullish(),
  interactionId: z.string().nullish(),
});

/** `system.notification`: a notice shown in the terminal (a background agent finishing...). */
export const copilotSystemNotificationSchema = z.looseObject({
  content: z.string().nullish(),
  kind: z
    .looseObject({
      type: z.string().nullish().describe('"agent_completed"...'),
      agentId: z.string().nullish(),
      agentType: z.string().nullish(),
      status: z.string().nullish(),
      description: z.string().nullish(),
      prompt: z.string().nullish(),
    })
    .nullish(),
});

/** `hook.start` / `hook.end`: a user hook ran. */
export const copilotHookSchema = z.looseObject({
  hookInvocationId: z.string().nullish(),
  hookType: z.string().nullish(),
  input: z.unknown().optional(),
});
