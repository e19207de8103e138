import type { Message } from '../../model/message.js';
import type { ToolCall } from '../../model/tool-call.js';
import type { UsageEntry } from '../../model/usage.js';
import { timeOf } from '../../schemas/common/value-access.js';
import { createCopilotUsageTracker } from './usage.js';

/**
 * What one conversation of a Copilot CLI file accumulates while its records are read: the session's own
 * (records without `agentId`) or one inline subagent's (records with that `agentId`).
 */
export interface CopilotConversation {
  agentId: string | undefined;
  messages: Message[];
  calls: ToolCall[];
  usage: ReturnType<typeof createCopilotUsageTracker>;
  models: Set<string>;
  /** The model in use (`session.model_change`, `subagent.configured`, the latest message's). */
  model: string | undefined;
  firstPrompt: string | undefined;
  first: number | undefined;
  last: number | undefined;
  /** Messages and usage entries by API call id, to hang a usage record on the response it billed. */
  messagesByApiCall: Map<string, Message>;
  usageByApiCall: Map<string, UsageEntry>;
}

export function createConversation(agentId: string | undefined): CopilotConversation {
  return {
    agentId,
    messages: [],
    calls: [],
    usage: createCopilotUsageTracker(),
    models: new Set(),
    model: undefined,
    firstPrompt: undefined,
    first: undefined,
    last: undefined,
    messagesByApiCall: new Map(),
    usageByApiCall: new Map(),
  };
}

/** Widens the conversation's time span with a record's timestamp (malformed ones are ignored). */
export function observeTime(conversation: CopilotConversation, timestamp: string | undefined): void {
  const t = timeOf(timestamp);
  if (t === undefined) return;
  if (conversation.first === undefined || t < conversation.first) conversation.first = t;
  if (conversation.last === undefined || t > conversation.last) conversation.last = t;
}
