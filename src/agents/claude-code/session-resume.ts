import type { Message } from '../../model/message.js';
import type { Session } from '../../model/session.js';
import type { TokenUsage } from '../../model/usage.js';
import { resumeStateOf, setResumeState } from '../resume-state.js';
import type { ConversationResume } from './build-conversation.js';
import type { CallClaim, SubagentClaim } from './link-subagents.js';

/**
 * What appending records to a Claude Code session file needs beyond the session as the index stores it
 * (see `appendClaudeSession`): the main conversation's resume state and the metadata rules' inputs. JSON-safe.
 */
export interface ClaudeSessionResume {
  v: 1;
  kind: 'session';
  conversation: ConversationResume;
  /** Problems of the file itself (reader problems): they come before the conversation's in `problems`. */
  fileProblems: number;
  customTitle: string | null;
  aiTitle: string | null;
  /** `summary` records: the message they summarize up to (`leafUuid`) and their text. */
  summaries: [leafUuid: string | null, summary: string | null][];
  /**
   * Messages whose text parts are all empty, and how many they have: the index stores a message's text
   * parts joined, where an empty text cannot tell how many empty parts a later part is joined after.
   */
  emptyText: Record<string, number>;
  /**
   * What each subagent of the tree is claimed by (see `linkSubagents`), in the order they wait to be linked:
   * sidechains of the old layout, subagent files in input order, subagents known only from streamed usage.
   */
  claims: SubagentClaim[];
  /**
   * What the main session's Task/Agent calls claim by, in call order; absent in states written before it
   * was kept (then no append may link a subagent).
   */
  agentCalls?: CallClaim[];
  /**
   * The subagents whose responses the main file streamed (`agent_progress`), with the call its first copy
   * named (a subagent without a `.meta.json` is claimed by it); absent in states written before it was kept.
   */
  streamedAgents?: [agentId: string, toolUseId: string | null][];
}

/** The same for a subagent transcript file (`<session>/subagents/agent-<id>.jsonl`). JSON-safe. */
export interface ClaudeSubagentResume {
  v: 1;
  kind: 'subagent';
  agentId: string;
  conversation: ConversationResume;
  fileProblems: number;
  emptyText: Record<string, number>;
  /**
   * The conversation's usage per API message key, every key (a subagent counts only those no conversation
   * before it in the tree counted), with the usage streamed into the main session merged in.
   */
  usage: [
    key: string,
    usage: TokenUsage,
    model: string | null,
    messageId: string,
    timestamp: string | null,
  ][];
  /** Keys seen only in the usage streamed into the main session (they follow the subagent's own keys). */
  streamedOnly: string[];
}

export type SessionResume = ClaudeSessionResume | ClaudeSubagentResume;

/** Remembers the resume state of a session just built from a whole file. */
export function setSessionResume(session: Session, resume: SessionResume): void {
  setResumeState(session, resume);
}

/** The Claude Code resume state of a session built from a whole file, if it was built that way. */
export function sessionResumeOf(session: Session): SessionResume | undefined {
  const state = resumeStateOf(session);
  return state?.kind === 'session' || state?.kind === 'subagent' ? (state as SessionResume) : undefined;
}

/** The {@link ClaudeSessionResume.emptyText} entries of messages (built from their full parts). */
export function emptyTextOf(messages: readonly Message[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const message of messages) {
    let n = 0;
    let empty = true;
    for (const part of message.parts)
      if (part.type === 'text') {
        n += 1;
        if (part.text !== '') empty = false;
      }
    if (n > 0 && empty) counts[message.id] = n;
  }
  return counts;
}
