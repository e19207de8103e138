import type { Session } from '../model/session.js';

/**
 * True when a session holds anything to list: a message, a tool call, usage, or a subagent. A file with
 * only metadata records (a Codex `session_meta` alone, Claude Code title or snapshot records) or another
 * agent's format read as JSON lines makes a session with none of them: it is not listed as an empty
 * session (`ls`, `report`, the viewer), while `validate` still accounts for every line of it.
 */
export function holdsConversation(session: Session): boolean {
  return (
    session.messages.length > 0 ||
    session.toolCalls.length > 0 ||
    session.usageEntries.length > 0 ||
    session.subagents.length > 0
  );
}
