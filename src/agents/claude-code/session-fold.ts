// The fold of new records into a stored Claude Code session, shared by the appends to a main file and to a
// subagent file (`append-claude-session.ts`): the session's stored messages, calls and usage per key as the
// conversation's fold state, and what a build does after the conversation (turns, usage entries and totals,
// times, counts, problems) done again on the session as it now is.

import { buildTurns } from '../../model/build-turns.js';
import { mergeCounts } from '../../model/merge-counts.js';
import type { Message } from '../../model/message.js';
import type { Session } from '../../model/session.js';
import type { SessionChange } from '../../model/session-change.js';
import type { ToolCall } from '../../model/tool-call.js';
import { countUsage, emptyUsage, sameUsageEntry, type UsageEntry } from '../../model/usage.js';
import { baseName, timeOf } from '../../schemas/common/value-access.js';
import type { AppendedPart, LocatedRecord } from '../record-file.js';
import type { ConversationAppend } from './append-conversation.js';
import { dedupeProblemTypes } from './build-conversation.js';
import { MergesFrom, type UsageLeftInRows } from './earlier-messages.js';
import type { MessageFoldState, UsageByKey } from './message-fold.js';
import { foldAggregates, type RecordAggregates } from './record-aggregates.js';
import { usageEntryOf } from './session-from.js';
import type { SessionResume } from './session-resume.js';

/**
 * The fold state of a stored session (its messages and calls as stored, its usage per key) and the steps
 * after the conversation took the new records: calls settled by the turns again, usage entries made as
 * `sessionFrom` makes them, times, counts and problems. `fromLastPrompt`: the session holds its messages
 * from its last prompt on (see `EarlierMessages`).
 */
export function startFold(
  session: Session,
  resume: SessionResume,
  usage: UsageByKey,
  fromLastPrompt: boolean,
  left?: UsageLeftInRows,
) {
  const messagesBefore = session.messages.length;
  const calls = new Map<string, ToolCall>();
  const orphans: ToolCall[] = [];
  for (const call of session.toolCalls) {
    if (call.status === 'orphan_result') orphans.push(call);
    else calls.set(call.id, call);
  }
  // Each stored call's status as stored.
  const before = new Map(
    session.toolCalls.map((c) => [c, { status: c.status, statusReason: c.statusReason }]),
  );
  const byId = new Map(session.messages.map((m) => [m.id, m]));
  const targets: [string, Message][] = [];
  const earlierKeys = new Set<string>();
  for (const [key, id] of resume.conversation.merged) {
    const message = byId.get(id);
    if (message) targets.push([key, message]);
    else if (fromLastPrompt) earlierKeys.add(key);
  }
  const merged = earlierKeys.size > 0 ? new MergesFrom(targets, earlierKeys) : new Map(targets);
  const partsBefore = new Map([...merged.values()].map((m) => [m, m.parts.length]));
  const conversationProblems = session.problems.slice(resume.fileProblems);
  // (The fold adds its problems to this list: those before it are the stored ones.)
  const storedProblems = conversationProblems.length;
  const state: MessageFoldState = {
    messages: session.messages,
    calls,
    orphans,
    merged,
    usageByKey: usage,
    firstPrompt: resume.conversation.firstPrompt ?? undefined,
    problems: conversationProblems,
  };
  const usageBefore = session.usageEntries;
  return {
    state,
    /** Puts the calls back in the session (calls, then results without a call); returns the new ones. */
    settleCalls(): ToolCall[] {
      session.toolCalls = [...calls.values(), ...orphans];
      return session.toolCalls.filter((c) => !before.has(c));
    },
    finish(
      appended: ConversationAppend,
      part: AppendedPart,
      counts: (key: string) => boolean,
    ): SessionChange {
      // Usage, as `sessionFrom` makes it from the conversation's usage.
      const messagesById = new Map(session.messages.map((m) => [m.id, m]));
      const storedTotals = { usage: session.usage, usageByModel: session.usageByModel };
      session.usageEntries = [];
      session.usage = emptyUsage();
      session.usageByModel = {};
      for (const [key, entry] of usage) {
        if (!counts(key)) continue;
        if (!left) countUsage(session, entry);
        const message = messagesById.get(entry.messageId);
        if (message) message.usage = entry.usage;
        session.usageEntries.push(usageEntryOf(key, entry, message));
      }
      const changedUsage: SessionChange['changedUsage'] = [];
      usageBefore.forEach((old, index) => {
        const entry = session.usageEntries[index] as UsageEntry;
        if (!sameUsageEntry(old, entry)) changedUsage.push({ index, entry });
      });
      if (left) {
        // The entries left in the rows are as stored: the stored totals take the new entries, in order, as
        // a build adds them after the stored ones; a stored entry that changed has them added up again.
        if (changedUsage.length > 0) Object.assign(session, left.totals(session.usageEntries));
        else {
          Object.assign(session, storedTotals);
          for (const entry of session.usageEntries.slice(usageBefore.length)) countUsage(session, entry);
        }
      }
      // Calls left without a result are settled by the turns again (interrupted or missing). The turns
      // before the last prompt of a session decoded from it on did not change: their calls keep their status.
      session.turns = buildTurns(session.messages, session.toolCalls);
      if (fromLastPrompt) {
        const inTurns = new Set(session.turns.flatMap((turn) => turn.toolCallIds));
        for (const call of session.toolCalls) {
          const was = before.get(call);
          if (was === undefined || call.result !== undefined || inTurns.has(call.id)) continue;
          call.status = was.status;
          if (was.statusReason === undefined) delete call.statusReason;
          else call.statusReason = was.statusReason;
        }
      }
      const changedCalls = session.toolCalls.filter((c) => {
        const was = before.get(c);
        return was !== undefined && (was.status !== c.status || was.statusReason !== c.statusReason);
      });
      for (const call of appended.closed) if (!changedCalls.includes(call)) changedCalls.push(call);
      applyAggregates(session, part.records);
      session.counts = mergeCounts([session.counts, part.counts]);
      // A build says first what its deduplication found (the stored, then the new), then the rest.
      const fileProblems = session.problems.slice(0, resume.fileProblems);
      const deduped = state.problems.findIndex((p) => !dedupeProblemTypes.has(p.type));
      const storedDedupe = deduped === -1 ? storedProblems : Math.min(deduped, storedProblems);
      session.problems = [
        ...fileProblems,
        ...part.problems,
        ...state.problems.slice(0, storedDedupe),
        ...appended.dedupeProblems,
        ...state.problems.slice(storedDedupe),
      ];
      if (appended.duplicateRecords > 0)
        session.meta.duplicateRecords =
          ((session.meta.duplicateRecords as number | undefined) ?? 0) + appended.duplicateRecords;
      return {
        session,
        newMessages: session.messages.slice(messagesBefore),
        mergedInto: [...partsBefore]
          .filter(([message, n]) => message.parts.length > n)
          .map(([message, n]) => ({
            message,
            addedText: message.parts.slice(n).flatMap((p) => (p.type === 'text' ? [p.text] : [])),
          })),
        branchChanged: appended.branchChanged,
        newCalls: session.toolCalls.filter((c) => !before.has(c)),
        changedCalls,
        changedUsage,
        newUsage: session.usageEntries.slice(usageBefore.length),
        newProblems: [...part.problems, ...appended.dedupeProblems, ...state.problems.slice(storedProblems)],
      };
    },
  };
}

/** Versions, working directories, branch, models and times from new records (as `sessionFrom` takes them). */
function applyAggregates(session: Session, records: readonly LocatedRecord[]): void {
  const aggregates: RecordAggregates = {
    versions: new Set(session.versions),
    models: new Set(session.models),
    cwds: session.cwds,
    gitBranch: session.gitBranch,
    first: timeOf(session.startTime),
    last: timeOf(session.endTime),
  };
  foldAggregates(aggregates, records);
  const { first, last, gitBranch } = aggregates;
  session.versions = [...aggregates.versions];
  session.models = [...aggregates.models];
  if (gitBranch !== undefined) session.gitBranch = gitBranch;
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
