/**
 * Deepest nesting of subagents kept under their parents (the main session is level 0). Real agents nest a
 * few levels at most; a chain of thousands of files naming each other as parents would otherwise make every
 * walk over the session tree (summaries, reports, the index, the viewer) run out of stack. A subagent beyond
 * the limit stays a session of its own (Codex) or an unlinked subagent of the main session (Claude Code),
 * with a located problem.
 */
export const MAX_SUBAGENT_DEPTH = 32;
