import { z } from 'zod';

/**
 * Data of the `subagent.*` records. A subagent runs inline in the parent's file: its records carry a
 * top-level `agentId`, and `subagent.started`/`completed` name the `task` call (`toolCallId`).
 */

/** `subagent.started`: the `task` call `toolCallId` started agent `agentName`. */
export const copilotSubagentStartedSchema = z.looseObject({
  toolCallId: z.string().nullish(),
  agentName: z.string().nullish(),
  agentDisplayName: z.string().nullish(),
  agentDescription: z.string().nullish(),
  agentType: z.string().nullish(),
  model: z.string().nullish(),
  executionMode: z.string().nullish().describe('"sync" or "async"'),
  modelSelectionSource: z.string().nullish(),
  taskModelSource: z.string().nullish(),
  resumable: z.boolean().nullish(),
});

/** `subagent.configured`: the subagent's model and reasoning effort. */
export const copilotSubagentConfiguredSchema = z.looseObject({
  model: z.string().nullish(),
  reasoningEffort: z.string().nullish(),
  multiTurn: z.boolean().nullish(),
});

/** `subagent.selected`: the agent definition chosen and its tools (MCP tools as `server/tool`). */
export const copilotSubagentSelectedSchema = z.looseObject({
  agentName: z.string().nullish(),
  agentDisplayName: z.string().nullish(),
  tools: z.array(z.string()).nullish(),
});

/** `subagent.completed` / `subagent.failed`: the end of a subagent run with its totals. */
export const copilotSubagentCompletedSchema = z.looseObject({
  toolCallId: z.string().nullish(),
  agentName: z.string().nullish(),
  agentDisplayName: z.string().nullish(),
  model: z.string().nullish(),
  firstDispatchedModel: z.string().nullish(),
  modelSelectionSource: z.string().nullish(),
  totalToolCalls: z.number().nullish(),
  totalTokens: z.number().nullish(),
  durationMs: z.number().nullish(),
  error: z.unknown().optional(),
});
