import { z } from 'zod';
import { isObject } from '../../../schemas/common/is-object.js';

/**
 * The oldest Copilot CLI session file (`~/.copilot/history-session-state/<id>.json`, 2025): one JSON
 * document `{sessionId, startTime, chatMessages[], timeline[]}`. `chatMessages` is the model history in the
 * OpenAI chat shape; `timeline` is what the terminal showed, with a timestamp per entry and each tool call
 * with its result. No token usage, model or version is recorded.
 */

/** An OpenAI-style tool call of an assistant chat message; `arguments` is JSON text. */
export const copilotLegacyToolCallSchema = z.looseObject({
  id: z.string(),
  type: z.string().nullish(),
  function: z.looseObject({ name: z.string(), arguments: z.string().nullish() }),
});

/** One `chatMessages` entry: `user`, `assistant` (text or `tool_calls`), `tool` (a result) or `system`. */
export const copilotLegacyChatMessageSchema = z.looseObject({
  role: z.string().describe('"user", "assistant", "tool" or "system"'),
  content: z.unknown().optional(),
  tool_calls: z.array(copilotLegacyToolCallSchema).nullish(),
  tool_call_id: z.string().nullish(),
});

/** One `timeline` entry: `info`, `user`, `copilot` (assistant text) or `tool_call_completed`. */
export const copilotLegacyTimelineEntrySchema = z.looseObject({
  id: z.string().nullish(),
  timestamp: z.string().nullish(),
  type: z.string().describe('"info", "user", "copilot", "tool_call_completed"...'),
  text: z.string().nullish(),
  callId: z.string().nullish(),
  name: z.string().nullish(),
  toolTitle: z.string().nullish(),
  intentionSummary: z.string().nullish(),
  arguments: z.unknown().optional(),
  result: z.looseObject({ type: z.string().nullish(), log: z.string().nullish() }).nullish(),
});

export const copilotLegacySessionSchema = z.looseObject({
  sessionId: z.string(),
  startTime: z.string().nullish(),
  chatMessages: z.array(copilotLegacyChatMessageSchema),
  timeline: z.array(copilotLegacyTimelineEntrySchema).nullish(),
});
export type CopilotLegacySession = z.infer<typeof copilotLegacySessionSchema>;

/** The timeline entry types seen so far; others are kept and counted as unknown. */
export const knownLegacyTimelineTypes = ['info', 'user', 'copilot', 'tool_call_completed'] as const;
/** The chat roles seen or defined by the OpenAI shape. */
export const knownLegacyChatRoles = ['user', 'assistant', 'tool', 'system'] as const;

/** Whether a parsed JSON document is a legacy Copilot CLI session. */
export function looksLikeLegacyCopilotSession(value: unknown): value is Record<string, unknown> {
  return isObject(value) && typeof value.sessionId === 'string' && Array.isArray(value.chatMessages);
}
