// Appends to a Claude Code session the records its main file got since the session was built, on the
// session as the index stores it (a report model: structure without text) and the file's resume state,
// so that an append costs what was appended. The result equals a build of the whole file; where it could
// not (see `NotAppendable`), the caller builds the unit again.
import type { Message } from '../../model/message.js';
import type { ReadCounts, Session } from '../../model/session.js';
import type { LocatedProblem } from '../../model/source-location.js';
import type { ToolCall } from '../../model/tool-call.js';
import { addUsage, addUsageTo, emptyUsage, type UsageEntry } from '../../model/usage.js';
import { buildTurns } from '../build-turns.js';
import { baseName, obj, optional, str, timeOf } from '../value-access.js';
import { appendConversation, NotAppendable } from './append-conversation.js';
import { applyOrigin, applyTitle, mergeCounts, metadataInputs } from './build-claude-code-session.js';
import type { LocatedRecord, MessageFoldState, UsageByKey } from './message-fold.js';
import { type ClaudeSessionResume, emptyTextOf } from './session-resume.js';

export { NotAppendable } from './append-conversation.js';

/** The records a file got since its stored end, as the reader gives them. */
export interface AppendedPart {
  records: LocatedRecord[];
  problems: LocatedProblem[];
  counts: ReadCounts;
}

/** What an append changed in the session, for the index to write only that. */
export interface SessionAppend {
  /** Messages added at the end (with their text: the stored ones have none). */
  newMessages: Message[];
  /** Stored messages with new parts (the stored text of the message grows by `addedText`). */
  mergedInto: { message: Message; addedText: string[] }[];
  /** Stored messages whose off-branch flag changed. */
  branchChanged: Message[];
  /** Calls added (with input and result). */
  newCalls: ToolCall[];
  /** Stored calls whose status or result changed. */
  changedCalls: ToolCall[];
  /** Usage entries: the stored ones that changed (by position) and the new ones at the end. */
  changedUsage: { index: number; entry: UsageEntry }[];
  newUsage: UsageEntry[];
  /** Problems of the new lines and of the new records. */
  newProblems: LocatedProblem[];
  resume: ClaudeSessionResume;
}

const agentToolNames = new Set(['Task', 'Agent']);
const uuidName = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Folds `part` (the main file's records after its stored end) into `root` (the stored session tree,
 * mutated: its messages, calls, usage, counts, times, title...). Throws `NotAppendable` when the result
 * would differ from a build of the whole file: new sidechain records (the old layout's subagents), subagent
 * usage streamed in `agent_progress` records, a request already counted by a subagent, a Task call that
 * would claim a subagent, or a conversation change the fold cannot redo (see `appendConversation`).
 */
export function appendClaudeSession(
  root: Session,
  resume: ClaudeSessionResume,
  part: AppendedPart,
  file: string,
): SessionAppend {
  for (const { value } of part.records) {
    if (value.isSidechain === true) throw new NotAppendable('new sidechain records');
    const data = obj(value.data);
    if (
      value.type === 'progress' &&
      data?.type === 'agent_progress' &&
      obj(data.message)?.type === 'assistant'
    )
      throw new NotAppendable('new subagent responses streamed into the session');
  }
  // A file not named by its session id takes the last `sessionId` of its records (`claudeSessionIdOf`).
  if (!uuidName.test(baseName(file).replace(/\.jsonl$/, '')))
    for (let i = part.records.length - 1; i >= 0; i--) {
      const id = str(part.records[i]?.value.sessionId);
      if (id === undefined) continue;
      if (id !== root.id) throw new NotAppendable('the session id changes');
      break;
    }

  const messagesBefore = root.messages.length;
  const conversationProblems = root.problems.slice(resume.fileProblems);
  const calls = new Map<string, ToolCall>();
  const orphans: ToolCall[] = [];
  for (const call of root.toolCalls) {
    if (call.status === 'orphan_result') orphans.push(call);
    else calls.set(call.id, call);
  }
  const before = new Map(root.toolCalls.map((c) => [c, `${c.status}\u0000${c.statusReason ?? ''}`]));
  const byId = new Map(root.messages.map((m) => [m.id, m]));
  const merged = new Map<string, Message>();
  for (const [key, id] of resume.conversation.merged) {
    const message = byId.get(id);
    if (message) merged.set(key, message);
  }
  const usageByKey: UsageByKey = new Map();
  for (const entry of root.usageEntries)
    usageByKey.set(entry.requestKey ?? `uuid:${entry.messageId}`, {
      usage: entry.usage,
      model: entry.model,
      messageId: entry.messageId ?? '',
    });
  const usageBefore = root.usageEntries;
  const state: MessageFoldState = {
    messages: root.messages,
    calls,
    orphans,
    merged,
    usageByKey,
    firstPrompt: resume.conversation.firstPrompt ?? undefined,
    problems: conversationProblems,
  };
  const partsBefore = new Map([...merged.values()].map((m) => [m, m.parts.length]));
  const appended = appendConversation(state, resume.conversation, part.records, { sessionId: root.id });

  // A request counts once in the tree, in the first conversation that has it: the main one comes first,
  // so a new request a subagent already counted would move.
  const subagentKeys = new Set<string>();
  const pending = [...root.subagents];
  for (let sub = pending.pop(); sub; sub = pending.pop()) {
    for (const entry of sub.session.usageEntries) if (entry.requestKey) subagentKeys.add(entry.requestKey);
    pending.push(...sub.session.subagents);
  }
  for (const key of usageByKey.keys())
    if (subagentKeys.has(key)) throw new NotAppendable('a request a subagent counted comes to the session');

  root.toolCalls = [...calls.values(), ...orphans];
  const newCalls = root.toolCalls.filter((c) => !before.has(c));
  // A new call of the main session comes after its stored calls in the linking order: only subagents no
  // main-session call claimed are left for it. A stored call that got its result could claim any.
  const unclaimed = resume.claims.filter((c) => c[3] === 0);
  for (const call of newCalls)
    if (agentToolNames.has(call.name) && couldClaim(call, unclaimed))
      throw new NotAppendable('a new Task call could claim a subagent');
  for (const call of appended.closed)
    if (agentToolNames.has(call.name) && couldClaim(call, resume.claims))
      throw new NotAppendable('a Task call that got its result could claim a subagent');

  // Usage, as `sessionFrom` makes it from the conversation's usage.
  const messagesById = new Map(root.messages.map((m) => [m.id, m]));
  root.usageEntries = [];
  root.usage = emptyUsage();
  root.usageByModel = {};
  for (const [key, entry] of usageByKey) {
    addUsage(root.usage, entry.usage);
    addUsageTo(root.usageByModel, entry.model ?? 'unknown', entry.usage);
    const message = messagesById.get(entry.messageId);
    if (message) message.usage = entry.usage;
    root.usageEntries.push({
      usage: entry.usage,
      messageId: entry.messageId,
      ...optional('requestKey', key.startsWith('uuid:') ? undefined : key),
      ...optional('model', entry.model),
      ...optional('timestamp', message?.timestamp ?? entry.timestamp),
    });
  }
  const changedUsage: SessionAppend['changedUsage'] = [];
  usageBefore.forEach((old, index) => {
    const entry = root.usageEntries[index] as UsageEntry;
    if (JSON.stringify(old) !== JSON.stringify(entry)) changedUsage.push({ index, entry });
  });

  // Calls left without a result are settled by the turns again (interrupted or missing).
  root.turns = buildTurns(root.messages, root.toolCalls);
  const changedCalls = root.toolCalls.filter((c) => {
    const was = before.get(c);
    return was !== undefined && was !== `${c.status}\u0000${c.statusReason ?? ''}`;
  });
  for (const call of appended.closed) if (!changedCalls.includes(call)) changedCalls.push(call);

  applyAggregates(root, part.records);
  root.counts = mergeCounts([root.counts, part.counts]);
  const fileProblems = root.problems.slice(0, resume.fileProblems);
  root.problems = [...fileProblems, ...part.problems, ...state.problems];
  const newConversationProblems = state.problems.slice(conversationProblems.length);
  if (appended.duplicateRecords > 0)
    root.meta.duplicateRecords =
      ((root.meta.duplicateRecords as number | undefined) ?? 0) + appended.duplicateRecords;
  applyOrigin(root, part.records);
  const inputs = metadataInputs(part.records, resume);
  applyTitle(root, inputs, root.messages, state.firstPrompt);

  const newMessages = root.messages.slice(messagesBefore);
  return {
    newMessages,
    mergedInto: [...partsBefore]
      .filter(([message, n]) => message.parts.length > n)
      .map(([message, n]) => ({
        message,
        addedText: message.parts.slice(n).flatMap((p) => (p.type === 'text' ? [p.text] : [])),
      })),
    branchChanged: appended.branchChanged,
    newCalls,
    changedCalls,
    changedUsage,
    newUsage: root.usageEntries.slice(usageBefore.length),
    newProblems: [...part.problems, ...newConversationProblems],
    resume: {
      ...resume,
      ...inputs,
      conversation: appended.resume,
      fileProblems: resume.fileProblems + part.problems.length,
      // Stored messages that got parts are for the caller to settle (it knows their stored text).
      emptyText: { ...resume.emptyText, ...emptyTextOf(newMessages) },
    },
  };
}

/** Whether `linkSubagents` could link one of these subagents to this call. */
function couldClaim(call: ToolCall, claims: ClaudeSessionResume['claims']): boolean {
  const structuredId = str(obj(call.result?.structured)?.agentId);
  const textId = call.result ? /agentId: ([\w-]+)/.exec(call.result.text)?.[1] : undefined;
  const prompt = str(obj(call.input)?.prompt)?.trim();
  return claims.some(
    ([agentId, metaToolUseId, first]) =>
      metaToolUseId === call.id ||
      agentId === structuredId ||
      agentId === textId ||
      (prompt !== undefined && prompt !== '' && first === prompt),
  );
}

/** Versions, working directories, branch, models and times from new records (as `sessionFrom` does). */
function applyAggregates(session: Session, records: readonly LocatedRecord[]): void {
  const versions = new Set(session.versions);
  const models = new Set(session.models);
  let first = timeOf(session.startTime);
  let last = timeOf(session.endTime);
  for (const { value } of records) {
    const version = str(value.version);
    if (version !== undefined) versions.add(version);
    const cwd = str(value.cwd);
    if (cwd !== undefined && session.cwds[session.cwds.length - 1] !== cwd && !session.cwds.includes(cwd))
      session.cwds.push(cwd);
    const branch = str(value.gitBranch);
    if (branch) session.gitBranch = branch;
    const model = str(obj(value.message)?.model);
    if (value.type === 'assistant' && model !== undefined && model !== '<synthetic>') models.add(model);
    const t = timeOf(value.timestamp);
    if (t !== undefined) {
      if (first === undefined || t < first) first = t;
      if (last === undefined || t > last) last = t;
    }
  }
  session.versions = [...versions];
  session.models = [...models];
  const cwd = session.cwds[0];
  if (cwd !== undefined) {
    session.cwd = cwd;
    session.project = baseName(cwd);
  }
  if (first !== undefined && last !== undefined) {
    session.startTime = new Date(first).toISOString();
    session.endTime = new Date(last).toISOString();
    session.durationMs = last - first;
  }
}
