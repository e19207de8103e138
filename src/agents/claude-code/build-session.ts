import type { Session, Subagent } from '../../model/session.js';
import { baseName, optional, str } from '../../schemas/common/value-access.js';
import type { LocatedRecord, RecordFile } from '../record-file.js';
import { applyMetadata, metadataInputs } from './apply-metadata.js';
import { buildConversation, type Conversation } from './build-conversation.js';
import { groupSidechains } from './group-sidechains.js';
import {
  agentToolNames,
  callClaimOf,
  linkSubagents,
  type PendingSubagent,
  subagentClaimOf,
} from './link-subagents.js';
import { sessionFrom } from './session-from.js';
import { emptyTextOf, setSessionResume } from './session-resume.js';
import {
  collectProgressUsage,
  streamedSubagent,
  subagentFileAgentId,
  subagentOfInput,
} from './subagent-of-input.js';

/**
 * Builds a Claude Code session from its main file and its subagent files (both later layouts); sidechain
 * records inside the main file (the layout up to 2.0.27) become subagents too. Subagents are linked to the
 * calls that started them, nested subagents under their parent subagent's call.
 *
 * Usage rule: an API message (key `message.id` + `requestId`) counts once in the whole tree, with the
 * per-field maximum over its split records, in the first conversation that has it (the main file before
 * subagent files), so a subagent's replay of a parent message is not counted twice. Subagent responses
 * streamed into a parent as `agent_progress` records join their subagent's usage under the same key
 * (per-field maximum); when the subagent's file is missing they make a subagent of their own (no files,
 * usage only), linked to the call named by `parentToolUseID`.
 */
export function buildClaudeCodeSession(main: RecordFile, subagentFiles: readonly RecordFile[] = []): Session {
  const sessionId = claudeSessionIdOf(main);
  const mainRecords = main.records.filter((r) => r.value.isSidechain !== true);
  const sidechains = groupSidechains(main.records.filter((r) => r.value.isSidechain === true));
  const counted = new Set<string>();

  const mainConversation = buildConversation(mainRecords, { sessionId });
  const subagentInputs: { records: readonly LocatedRecord[]; file?: RecordFile; agentId: string }[] = [];
  for (const [key, records] of sidechains)
    subagentInputs.push({
      records,
      agentId: str(records[0]?.value.agentId) ?? `sidechain-${key.replace(/^root:/, '').slice(0, 8)}`,
    });
  for (const file of subagentFiles) {
    const agentId = subagentFileAgentId(file);
    subagentInputs.push({ records: file.records, file, agentId });
  }
  const subagentConversations = subagentInputs.map((input) =>
    buildConversation(input.records, { sessionId, agentId: input.agentId }),
  );
  const progress = collectProgressUsage([mainConversation, ...subagentConversations]);

  const session = sessionFrom(
    mainConversation,
    main.records,
    [main],
    { sessionId, isSubagent: false },
    counted,
  );
  applyMetadata(session, main.records, mainConversation);

  const pending: PendingSubagent[] = [];
  subagentInputs.forEach((input, i) => {
    const streamed = progress.get(input.agentId);
    progress.delete(input.agentId);
    pending.push(
      subagentOfInput(input, subagentConversations[i] as Conversation, streamed, sessionId, counted),
    );
  });
  // Subagents known only from the responses streamed into their parent (their own file is missing).
  for (const [agentId, streamed] of progress)
    pending.push(streamedSubagent(agentId, streamed, sessionId, counted));
  const unlinked = linkSubagents(session, pending);
  setSessionResume(session, {
    v: 1,
    kind: 'session',
    conversation: mainConversation.resume,
    fileProblems: main.problems.length,
    ...metadataInputs(main.records),
    emptyText: emptyTextOf(mainConversation.messages),
    claims: pending.map(subagentClaimOf),
    agentCalls: session.toolCalls.filter((c) => agentToolNames.has(c.name)).map(callClaimOf),
    streamedAgents: [...mainConversation.progressUsage].map(([agentId, p]) => [agentId, p.toolUseId ?? null]),
  });
  for (const entry of unlinked) {
    const subagent: Subagent = {
      agentId: entry.agentId,
      session: entry.session,
      ...optional('agentType', entry.agentType),
    };
    session.subagents.push(subagent);
  }
  return session;
}

/**
 * A session's id: the file name when it is a UUID (a resumed session's file starts with records copied
 * from the session it resumed, which carry the old `sessionId`), else the last `sessionId` in the records.
 */
export function claudeSessionIdOf(file: Pick<RecordFile, 'file' | 'records'>): string {
  const stem = baseName(file.file).replace(/\.jsonl$/, '');
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(stem)) return stem.toLowerCase();
  for (let i = file.records.length - 1; i >= 0; i--) {
    const id = str(file.records[i]?.value.sessionId);
    if (id !== undefined) return id;
  }
  return stem;
}
