// What the index needs to append to a stored session instead of building it again (Claude Code session
// and subagent files, Codex rollouts and their thread families; other agents' files are built again when
// they change).
import type { SessionResume } from '../agents/claude-code/session-resume.js';
import type { CodexResume } from '../agents/codex/codex-resume.js';
import { resumeStateOf } from '../agents/resume-state.js';
import type { Session } from '../model/session.js';

export {
  type AppendedPart,
  callsNamedBy,
  continuedMessages,
  type EarlierMessages,
  NeedsEarlierMessages,
  NotAppendable,
  requestsNamedBy,
  type SessionAppend,
  streamedAgents,
  type UsageLeftInRows,
} from '../agents/claude-code/append-claude-session.js';
export {
  appendClaudeUnit,
  type ClaudeUnitAppend,
  type ClaudeUnitChanges,
} from '../agents/claude-code/append-claude-unit.js';
export type { SessionResume } from '../agents/claude-code/session-resume.js';
export { appendCodexThread, type CodexThreadRead } from '../agents/codex/append-codex-thread.js';

/** A file's resume state as the index stores it: a Claude Code session or subagent file's, or a rollout's. */
export type StoredResume = SessionResume | CodexResume;

/** The resume state of a session built from a whole file, if it was built that way (and its agent keeps one). */
export function storedResumeOf(session: Session): StoredResume | undefined {
  return resumeStateOf(session) as StoredResume | undefined;
}
