import type { SourceLocation } from './source-location.js';
import type { TokenUsage } from './usage.js';

/** The parts of a message, agent-neutral. Tool calls and results refer to `Session.toolCalls` by id. */
export type MessagePart =
  | { type: 'text'; text: string }
  | { type: 'thinking'; text: string; redacted?: boolean }
  | { type: 'tool_call'; callId: string }
  | { type: 'tool_result'; callId: string }
  | { type: 'image'; mediaType?: string; data?: string; url?: string }
  | { type: 'document'; mediaType?: string; title?: string }
  | { type: 'other'; blockType: string; raw: unknown };

/**
 * What a message is, beyond its role.
 * `prompt`: typed by the user; `meta`: harness text (skill bodies, reminders, command caveats);
 * `tool_results`: a user record carrying tool results; `compact_summary`: summary injected after compaction;
 * `interrupt`: an interruption marker; `response`: assistant output; `api_error`: a synthetic assistant error;
 * `compact_boundary`: where compaction happened; `system`: other system records.
 */
export type MessageKind =
  | 'prompt'
  | 'meta'
  | 'tool_results'
  | 'compact_summary'
  | 'interrupt'
  | 'response'
  | 'api_error'
  | 'compact_boundary'
  | 'system';

export interface Message {
  /** Record uuid (Claude Code) or a synthetic stable id (Codex: `<file>:<line>`). */
  id: string;
  parentId?: string;
  role: 'user' | 'assistant' | 'system';
  kind: MessageKind;
  timestamp?: string;
  parts: MessagePart[];
  /** API message id for assistant messages (records split per block are merged into one message). */
  apiMessageId?: string;
  model?: string;
  /** Usage counted for this message (deduplicated; see README "Usage"). */
  usage?: TokenUsage;
  /** Subagent id when the message belongs to a subagent's conversation. */
  agentId?: string;
  /** True when the message is not on the conversation's current branch (rewinds, retries). */
  offBranch?: boolean;
  /** The system subtype (`compact_boundary`, `api_error`, ...) or other wire detail worth showing. */
  subtype?: string;
  location: SourceLocation;
}
