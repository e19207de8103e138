// Appends to a Claude Code session the records its main file got since the session was built, on the
// session as the index stores it (a report model: structure without text) and the file's resume state,
// so that an append costs what was appended. The result equals a build of the whole file; where it could
// not (see `NotAppendable`), the caller builds the unit again.

import type { Session } from '../../model/session.js';
import type { SessionChange } from '../../model/session-change.js';
import type { ToolCall } from '../../model/tool-call.js';
import { maxUsage, type UsageEntry } from '../../model/usage.js';
import { arr, baseName, isObject, obj, optional, str } from '../../schemas/common/value-access.js';
import type { AppendedPart } from '../record-file.js';
import { appendConversation, NotAppendable } from './append-conversation.js';
import { applyOrigin, applyTitle, metadataInputs, shorten } from './apply-metadata.js';
import { agentProgressUsage, type ProgressUsage } from './build-conversation.js';
import { type EarlierMessages, NeedsEarlierMessages } from './earlier-messages.js';
import { agentToolNames, type CallClaim, callClaimOf } from './link-subagents.js';
import type { UsageByKey } from './message-fold.js';
import { startFold } from './session-fold.js';
import {
  type ClaudeSessionResume,
  type ClaudeSubagentResume,
  emptyTextOf,
  type SessionResume,
} from './session-resume.js';

export type { AppendedPart } from '../record-file.js';
export { NotAppendable } from './append-conversation.js';
export {
  callsNamedBy,
  continuedMessages,
  type EarlierMessages,
  NeedsEarlierMessages,
  requestsNamedBy,
  streamedAgents,
  type UsageLeftInRows,
} from './earlier-messages.js';

/** What an append changed in the session, and the file's resume state after it. */
export interface SessionAppend extends SessionChange {
  resume: SessionResume;
}

/** A main file's append: also the subagent usage its new `agent_progress` records streamed, by agent id. */
export interface MainSessionAppend extends SessionAppend {
  resume: ClaudeSessionResume;
  streamed: Map<string, ProgressUsage>;
}

const uuidName = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Folds `part` (the main file's records after its stored end) into `root` (the stored session tree,
 * mutated: its messages, calls, usage, counts, times, title...). The subagent usage streamed in new
 * `agent_progress` records is returned for the subagents' sessions (`appendClaudeUnit`), and the claims of
 * new Task calls and of those that got their result are kept in the state for it to link. Throws
 * `NotAppendable` when the result would differ from a build of the whole file: new sidechain records (the
 * old layout's subagents), a request already counted by a subagent, or a conversation change the fold
 * cannot redo (see `appendConversation`).
 */
export function appendClaudeSession(
  root: Session,
  resume: ClaudeSessionResume,
  part: AppendedPart,
  file: string,
  earlier?: EarlierMessages,
): MainSessionAppend {
  for (const { value } of part.records)
    if (value.isSidechain === true) throw new NotAppendable('new sidechain records');
  // A file not named by its session id takes the last `sessionId` of its records (`claudeSessionIdOf`).
  if (!uuidName.test(baseName(file).replace(/\.jsonl$/, '')))
    for (let i = part.records.length - 1; i >= 0; i--) {
      const id = str(part.records[i]?.value.sessionId);
      if (id === undefined) continue;
      if (id !== root.id) throw new NotAppendable('the session id changes');
      break;
    }
  // The main conversation counts first: every request of it is counted. A session decoded with only the
  // usage entries of the requests the new records name (`earlier.usage`) folds those.
  const left = earlier?.usage;
  const usage: UsageByKey = new Map();
  for (const entry of root.usageEntries)
    usage.set(usageKeyOf(entry), {
      usage: entry.usage,
      model: entry.model,
      messageId: entry.messageId ?? '',
      // (The time of its message, which a session decoded from its last prompt on may not hold.)
      ...optional('timestamp', entry.timestamp),
    });
  const fold = startFold(root, resume, usage, earlier !== undefined, left);
  // A new call with a stored call's id stays that call (a build keeps the first). One without its result
  // may have its status from an earlier turn, which the fold would settle again over the last ones.
  if (earlier)
    for (const { value } of part.records)
      for (const block of arr(obj(value.message)?.content)) {
        if (!isObject(block) || block.type !== 'tool_use') continue;
        const stored = fold.state.calls.get(str(block.id) ?? '');
        if (stored && !stored.result)
          throw new NeedsEarlierMessages('a new call has the id of an open stored one');
      }
  const appended = appendConversation(fold.state, resume.conversation, part.records, { sessionId: root.id });
  if (earlier && appended.branchChanged.length > 0)
    throw new NeedsEarlierMessages('the branch of stored messages changes');

  // A request counts once in the tree, in the first conversation that has it: the main one comes first,
  // so a new request a subagent already counted would move.
  if (left)
    for (const key of usage.keys())
      if (!left.asked.has(key)) throw new NeedsEarlierMessages('a request whose stored entry was not read');
  const others = left ? left.countedElsewhere : countedKeys(root, root);
  for (const key of usage.keys())
    if (others.has(key)) throw new NotAppendable('a request a subagent counted comes to the session');
  const newCalls = fold.settleCalls();
  const agentCalls = claimsAfter(resume, newCalls, appended.closed);

  const change = fold.finish(appended, part, () => true);
  applyOrigin(root, part.records);
  const inputs = metadataInputs(part.records, resume);
  const ids = new Set(root.messages.map((m) => m.id));
  if (earlier) {
    const leaves = inputs.summaries.flatMap(([leaf]) => (leaf === null || ids.has(leaf) ? [] : [leaf]));
    if (leaves.length > 0) for (const id of earlier.among(leaves)) ids.add(id);
  }
  applyTitle(root, inputs, (id) => ids.has(id), fold.state.firstPrompt);
  return {
    ...change,
    streamed: agentProgressUsage(part.records),
    resume: {
      ...resume,
      ...inputs,
      conversation: appended.resume,
      fileProblems: resume.fileProblems + part.problems.length,
      // Stored messages that got parts are for the caller to settle (it knows their stored text).
      emptyText: { ...resume.emptyText, ...emptyTextOf(change.newMessages) },
      ...(agentCalls === undefined ? {} : { agentCalls }),
    },
  };
}

/**
 * The main session's Task/Agent call claims after an append: new calls at the end, calls that got their
 * result with the ids it names. A state without them (written before they were kept) cannot say what a
 * new call claims: such an append is left to a build.
 */
function claimsAfter(
  resume: ClaudeSessionResume,
  newCalls: readonly ToolCall[],
  closed: readonly ToolCall[],
): CallClaim[] | undefined {
  const added = newCalls.filter((c) => agentToolNames.has(c.name));
  const settled = closed.filter((c) => agentToolNames.has(c.name));
  if (resume.agentCalls === undefined) {
    if (added.length > 0 || settled.length > 0)
      throw new NotAppendable('the stored state does not say what Task calls claim');
    return undefined;
  }
  const calls = resume.agentCalls.map((claim): CallClaim => [...claim]);
  const byId = new Map(calls.map((claim) => [claim[0], claim]));
  for (const call of settled) {
    const claim = byId.get(call.id);
    if (!claim) throw new NotAppendable('a Task call is not in the stored state');
    const [, structuredId, textId] = callClaimOf(call);
    claim[1] = structuredId;
    claim[2] = textId;
  }
  for (const call of added) calls.push(callClaimOf(call));
  return calls;
}

/**
 * Folds `part` (a subagent file's records after its stored end) and `streamed` (its responses the main
 * file's new `agent_progress` records streamed) into its session in the tree `root`. Throws `NotAppendable`
 * besides the main file's cases when a new request was counted by another conversation of the tree, when
 * the subagent gets its first prompt (what links it), a Task call of its own or streamed usage of its own
 * subagents.
 */
export function appendClaudeSubagent(
  root: Session,
  resume: ClaudeSubagentResume,
  part: AppendedPart,
  file: string,
  streamed?: ProgressUsage,
): SessionAppend {
  refuseStreamedUsage(part);
  const session = findSubagent(root, file);
  if (!session || session.agentId !== resume.agentId) throw new NotAppendable('the subagent is not stored');
  // Its own requests, in the order its conversation gave them, then those known only from streamed copies.
  const streamedKeys = new Set(resume.streamedOnly);
  const usage: UsageByKey = new Map();
  const streamedOnly: UsageByKey = new Map();
  for (const [key, u, model, messageId, timestamp] of resume.usage)
    (streamedKeys.has(key) ? streamedOnly : usage).set(key, {
      usage: u,
      model: model ?? undefined,
      messageId,
      ...(timestamp === null ? {} : { timestamp }),
    });
  const counted = new Set(session.usageEntries.map(usageKeyOf));
  const known = new Set(resume.usage.map(([key]) => key));
  const hadPrompt = session.messages.some((m) => m.role === 'user');
  const fold = startFold(session, resume, usage, false);
  const context = { sessionId: root.id, agentId: resume.agentId };
  const appended = appendConversation(fold.state, resume.conversation, part.records, context);
  if (!hadPrompt && session.messages.some((m) => m.role === 'user'))
    throw new NotAppendable('the subagent gets its first prompt');
  // Streamed copies join as a build joins them (`subagentOfInput`): an own request takes the maximum and
  // keeps its fields; one known only from copies keeps the first copy's.
  for (const [key, entry] of streamed?.usageByKey ?? []) {
    const before = streamedOnly.get(key);
    streamedOnly.set(key, before ? { ...before, usage: maxUsage(before.usage, entry.usage) } : entry);
  }
  for (const [key, entry] of streamedOnly) {
    const own = usage.get(key);
    if (!own) continue;
    usage.set(key, { ...own, usage: maxUsage(own.usage, entry.usage) });
    streamedOnly.delete(key);
  }
  for (const [key, entry] of streamedOnly) usage.set(key, entry);
  const others = countedKeys(root, session);
  for (const key of usage.keys()) {
    if (counted.has(key) || known.has(key)) continue;
    if (others.has(key)) throw new NotAppendable('a new request is counted by another conversation');
    counted.add(key);
  }
  const newCalls = fold.settleCalls();
  for (const call of [...newCalls, ...appended.closed])
    if (agentToolNames.has(call.name)) throw new NotAppendable('a Task call of a subagent');

  const change = fold.finish(appended, part, (key) => counted.has(key));
  const firstPrompt = fold.state.firstPrompt;
  session.title = firstPrompt ? shorten(firstPrompt) : `Subagent ${resume.agentId}`;
  return {
    ...change,
    resume: {
      ...resume,
      conversation: appended.resume,
      fileProblems: resume.fileProblems + part.problems.length,
      emptyText: { ...resume.emptyText, ...emptyTextOf(change.newMessages) },
      usage: [...usage].map(([key, u]) => [key, u.usage, u.model ?? null, u.messageId, u.timestamp ?? null]),
      streamedOnly: [...streamedOnly.keys()],
    },
  };
}

/** Usage of subagents streamed into a conversation goes to other sessions: left to a build. */
function refuseStreamedUsage(part: AppendedPart): void {
  for (const { value } of part.records) {
    const data = obj(value.data);
    if (
      value.type === 'progress' &&
      data?.type === 'agent_progress' &&
      obj(data.message)?.type === 'assistant'
    )
      throw new NotAppendable('new subagent responses streamed into a conversation');
  }
}

/** The subagent sessions of a tree, at every depth. */
export function subagentSessions(root: Session): Session[] {
  const sessions: Session[] = [];
  const pending = [...root.subagents];
  for (let sub = pending.shift(); sub; sub = pending.shift()) {
    sessions.push(sub.session);
    pending.push(...sub.session.subagents);
  }
  return sessions;
}

/** The key a stored usage entry was counted under (`apiMessageKey`'s). */
export function usageKeyOf(entry: UsageEntry): string {
  return entry.requestKey ?? `uuid:${entry.messageId}`;
}

/** The session of a subagent file in the tree. */
function findSubagent(root: Session, file: string): Session | undefined {
  return subagentSessions(root).find((session) => session.files[0] === file);
}

/** Request keys counted by the sessions of the tree other than `except`. */
function countedKeys(root: Session, except: Session): Set<string> {
  const keys = new Set<string>();
  for (const session of [root, ...subagentSessions(root)])
    if (session !== except) for (const entry of session.usageEntries) keys.add(usageKeyOf(entry));
  return keys;
}
