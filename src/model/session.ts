import type { Agent } from '../schemas/common/agent.js';
import type { Message } from './message.js';
import type { RateLimitSnapshot } from './rate-limits.js';
import type { LocatedProblem } from './source-location.js';
import type { ToolCall } from './tool-call.js';
import type { TokenUsage, UsageEntry } from './usage.js';

/** A user prompt and everything the agent did until the next prompt. */
export interface Turn {
  index: number;
  /** Id of the prompt message (absent for work before the first prompt). */
  promptId?: string;
  startTime?: string;
  endTime?: string;
  messageIds: string[];
  toolCallIds: string[];
}

/** How many input lines became what: the conservation counts of principle 1. */
export interface ReadCounts {
  lines: number;
  blankLines: number;
  records: number;
  errors: number;
  /** Records by wire type (`user`, `assistant`, `response_item:function_call`, ...). */
  recordsByType: Record<string, number>;
  unknownRecordTypes: Record<string, number>;
}

export interface Session {
  id: string;
  agent: Agent;
  /** Files the session was read from: the main file first, then subagent files. */
  files: string[];
  /** The working directory from the records (`cwd`), the first one seen. */
  cwd?: string;
  /** All working directories seen, in order (worktrees can change it). */
  cwds: string[];
  /** Short project name: the last path segment of `cwd`. */
  project?: string;
  gitBranch?: string;
  versions: string[];
  title?: string;
  titleSource?: 'custom-title' | 'ai-title' | 'summary' | 'first-prompt' | 'thread-name';
  startTime?: string;
  endTime?: string;
  durationMs?: number;
  models: string[];
  messages: Message[];
  turns: Turn[];
  toolCalls: ToolCall[];
  subagents: Subagent[];
  /** Usage of this session's own messages (subagents' usage is in their sessions). */
  usage: TokenUsage;
  /** Usage per model, same rule. */
  usageByModel: Record<string, TokenUsage>;
  /** The requests that make up `usage`, with time and model (for splits by day, model, month). */
  usageEntries: UsageEntry[];
  counts: ReadCounts;
  problems: LocatedProblem[];
  /** Agent-specific details worth keeping (originator, CLI version, entrypoint...). */
  meta: Record<string, unknown>;
  /** For subagent sessions: the parent session and the call that started it. */
  parentSessionId?: string;
  parentToolCallId?: string;
  agentId?: string;
  isSubagent: boolean;
  /** Set when the session was forked from another one (Codex `forked_from_id`, Claude Code `forkedFrom`). */
  forkedFromId?: string;
  /** The last rate limits the session's log recorded (Codex `token_count.rate_limits`), when it has any. */
  rateLimits?: RateLimitSnapshot;
}

/** A subagent run linked to the call that started it (if found). */
export interface Subagent {
  agentId: string;
  /** The Task/Agent (or Codex spawn) call that started it, when it could be linked. */
  toolCallId?: string;
  agentType?: string;
  description?: string;
  /** How the link was made: meta.json toolUseId, toolUseResult.agentId, the id in the result text, or a sidechain. */
  linkedBy?: 'meta-json' | 'tool-use-result' | 'result-text' | 'sidechain-prompt' | 'codex-parent-thread';
  session: Session;
}
