// What the index needs to append to a stored session instead of building it again (Claude Code session
// files today; other agents' files are built again when they change).
export {
  type AppendedPart,
  appendClaudeSession,
  NotAppendable,
  type SessionAppend,
} from './claude-code/append-claude-session.js';
export { type ClaudeSessionResume, sessionResumeOf } from './claude-code/session-resume.js';
