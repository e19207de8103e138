// What the index needs to append to a stored session instead of building it again (Claude Code session
// and subagent files today; other agents' files are built again when they change).
export {
  type AppendedPart,
  NotAppendable,
  type SessionAppend,
} from '../agents/claude-code/append-claude-session.js';
export {
  appendClaudeUnit,
  type ClaudeUnitAppend,
  type ClaudeUnitChanges,
} from '../agents/claude-code/append-claude-unit.js';
export { type SessionResume, sessionResumeOf } from '../agents/claude-code/session-resume.js';
