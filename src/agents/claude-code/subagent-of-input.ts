/**
 * The subagents of a Claude Code session before they are linked: a subagent file's conversation, a sidechain's
 * of the old layout, or one known only from the responses streamed into its parent (`agent_progress`), with the
 * streamed usage joined to its own.
 */
import { maxUsage } from '../../model/usage.js';
import { baseName, str } from '../../schemas/common/value-access.js';
import type { LocatedRecord, RecordFile } from '../record-file.js';
import { shorten } from './apply-metadata.js';
import type { Conversation, ProgressUsage } from './build-conversation.js';
import type { PendingSubagent } from './link-subagents.js';
import { sessionFrom } from './session-from.js';
import { emptyTextOf, setSessionResume } from './session-resume.js';

/**
 * A subagent file's conversation (or a sidechain's of the old layout) as a subagent waiting to be linked:
 * its usage joined by what was `streamed` of it into other conversations, counted where no conversation
 * before it (`counted`) counted a request; a file's session remembers its resume state.
 */
export function subagentOfInput(
  input: { records: readonly LocatedRecord[]; file?: RecordFile; agentId: string },
  conversation: Conversation,
  streamed: ProgressUsage | undefined,
  sessionId: string,
  counted: Set<string>,
): PendingSubagent {
  const streamedOnly = [...(streamed?.usageByKey.keys() ?? [])].filter(
    (k) => !conversation.usageByKey.has(k),
  );
  if (streamed) mergeUsage(conversation.usageByKey, streamed.usageByKey);
  const entry = subagentFrom(
    conversation,
    input.records,
    input.file ? [input.file] : [],
    input.agentId,
    sessionId,
    counted,
  );
  if (input.file?.meta?.toolUseId !== undefined) entry.metaToolUseId = input.file.meta.toolUseId;
  else if (streamed?.toolUseId !== undefined) entry.metaToolUseId = streamed.toolUseId;
  if (input.file?.meta?.agentType !== undefined) entry.agentType = input.file.meta.agentType;
  if (input.file)
    setSessionResume(entry.session, {
      v: 1,
      kind: 'subagent',
      agentId: input.agentId,
      conversation: conversation.resume,
      fileProblems: input.file.problems.length,
      emptyText: emptyTextOf(conversation.messages),
      usage: [...conversation.usageByKey].map(([key, u]) => [
        key,
        u.usage,
        u.model ?? null,
        u.messageId,
        u.timestamp ?? null,
      ]),
      streamedOnly,
    });
  return entry;
}

/** A subagent file's agent id: from its name (`agent-<id>.jsonl`), else its first record, else its file name. */
export function subagentFileAgentId(file: RecordFile): string {
  return file.agentId ?? str(file.records[0]?.value.agentId) ?? baseName(file.file).replace(/\.jsonl$/, '');
}

/**
 * A subagent known only from the responses streamed into its parent (its own file is missing): no files,
 * usage only, linked to the call named by `parentToolUseID`.
 */
export function streamedSubagent(
  agentId: string,
  streamed: ProgressUsage,
  sessionId: string,
  counted: Set<string>,
): PendingSubagent {
  const conversation = emptyConversation(streamed.usageByKey);
  const entry = subagentFrom(conversation, [], [], agentId, sessionId, counted);
  entry.session.meta.usageFrom = 'agent_progress records (the subagent file is missing)';
  if (streamed.toolUseId !== undefined) entry.metaToolUseId = streamed.toolUseId;
  return entry;
}

/** Streamed subagent usage of all conversations of a session, by subagent id (per-field max per key). */
export function collectProgressUsage(conversations: readonly Conversation[]): Map<string, ProgressUsage> {
  const all = new Map<string, ProgressUsage>();
  for (const conversation of conversations)
    for (const [agentId, streamed] of conversation.progressUsage) {
      const entry = all.get(agentId);
      if (!entry)
        all.set(agentId, { toolUseId: streamed.toolUseId, usageByKey: new Map(streamed.usageByKey) });
      else mergeUsage(entry.usageByKey, streamed.usageByKey);
    }
  return all;
}

/** Merges usage entries into `target`, per-field maximum for keys both have. */
function mergeUsage(target: Conversation['usageByKey'], source: Conversation['usageByKey']): void {
  for (const [key, entry] of source) {
    const existing = target.get(key);
    target.set(key, existing ? { ...existing, usage: maxUsage(existing.usage, entry.usage) } : entry);
  }
}

function emptyConversation(usageByKey: Conversation['usageByKey']): Conversation {
  return {
    messages: [],
    toolCalls: [],
    usageByKey,
    progressUsage: new Map(),
    firstPrompt: undefined,
    problems: [],
    duplicateRecords: 0,
    resume: {
      branch: { nodes: [], ends: [] },
      olderKeys: '',
      dangling: [],
      records: 0,
      cyclic: false,
      hookBlocked: [],
      merged: [],
      olderMerged: '',
      firstPrompt: null,
    },
  };
}

function subagentFrom(
  conversation: Conversation,
  records: readonly LocatedRecord[],
  files: readonly RecordFile[],
  agentId: string,
  parentSessionId: string,
  counted: Set<string>,
): PendingSubagent {
  const session = sessionFrom(
    conversation,
    records,
    files,
    { sessionId: agentId, isSubagent: true },
    counted,
  );
  session.parentSessionId = parentSessionId;
  session.agentId = agentId;
  session.title = conversation.firstPrompt ? shorten(conversation.firstPrompt) : `Subagent ${agentId}`;
  session.titleSource = 'first-prompt';
  return { agentId, session, conversation };
}
