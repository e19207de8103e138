// Appends to a stored Codex session the records its rollout got since it was stored: the fold a build runs
// (`codex-fold.ts`), started from the stored session (a report model: structure without text) and the
// file's resume state, so that an append costs what was appended and gives what a build of the whole file
// gives. Where it could not (`CodexNotAppendable`), the caller builds the file again.
import { buildTurns } from '../../model/build-turns.js';
import { mergeCounts } from '../../model/merge-counts.js';
import type { Session } from '../../model/session.js';
import type { SessionChange } from '../../model/session-change.js';
import type { ToolCall } from '../../model/tool-call.js';
import { baseName, timeOf } from '../../schemas/common/value-access.js';
import type { AppendedPart } from '../record-file.js';
import { setTitleAndTimes } from './build-session.js';
import { type CodexFoldState, CodexNotAppendable, foldCodexRecord, orphanCallsOf } from './codex-fold.js';
import { type CodexResume, resumeOfFold } from './codex-resume.js';
import { decodeCodexLine } from './decode-record.js';
import { createUsageTracker } from './usage-tracker.js';

/** What an append changed in the session, and the file's resume state after it. */
export interface CodexAppend extends SessionChange {
  resume: CodexResume;
}

/**
 * Folds `part` into `session` (the stored session of one rollout, mutated: its messages, calls, usage,
 * counts, times, title...; the sub-agent threads linked under it are `appendCodexThread`'s). Throws
 * `CodexNotAppendable` when the result would differ from a build of the whole file: the rollout's first
 * `session_meta` or its first `response_item` message comes after the stored end (both decide how every
 * earlier record reads), or a call comes for a stored result that had none.
 */
export function appendCodexSession(session: Session, resume: CodexResume, part: AppendedPart): CodexAppend {
  if (session.agent !== 'codex' || session.files.length !== 1)
    throw new CodexNotAppendable('not the session of one rollout');
  const decoded = part.records.map((record, i) => ({
    record,
    line: decodeCodexLine(record.value, 'envelope', { lineIndex: resume.records + i }),
  }));
  for (const { line } of decoded) {
    if (line.type === 'session_meta' && !resume.hasMeta)
      throw new CodexNotAppendable('the first session_meta comes after the stored end');
    if (line.type === 'response_item' && line.subtype === 'message' && !resume.hasResponseMessages)
      throw new CodexNotAppendable('the first response_item message comes after the stored end');
  }

  const calls = new Map<string, ToolCall>();
  const storedOrphans: ToolCall[] = [];
  for (const call of session.toolCalls) {
    if (call.status === 'orphan_result') storedOrphans.push(call);
    else calls.set(call.id, call);
  }
  const before = new Map(session.toolCalls.map((c) => [c, outcomeOf(c)]));
  const state: CodexFoldState = {
    sessionId: session.id,
    meta: undefined,
    forkTime: resume.forkTime ?? undefined,
    hasResponseMessages: resume.hasResponseMessages,
    messages: session.messages,
    calls,
    pendingOutputs: new Map(),
    storedOrphans: new Set(storedOrphans.map((c) => c.id)),
    usage: createUsageTracker(session.id, {
      state: resume.usage,
      usage: session.usage,
      byModel: session.usageByModel,
      entries: session.usageEntries,
    }),
    cwds: [...session.cwds],
    models: new Set(session.models),
    model: resume.model ?? undefined,
    replaying: resume.replaying,
    promptTitle: resume.promptTitle ?? undefined,
    threadName: resume.threadName ?? undefined,
    rateLimits: session.rateLimits,
    first: timeOf(session.startTime),
    last: timeOf(session.endTime),
  };
  const messagesBefore = session.messages.length;
  const usageBefore = session.usageEntries.length;
  for (const { record, line } of decoded) foldCodexRecord(state, record, line);

  session.toolCalls = [...calls.values(), ...storedOrphans, ...orphanCallsOf(state)];
  session.turns = buildTurns(session.messages, session.toolCalls);
  const totals = state.usage.totals();
  session.usage = totals.usage;
  session.usageByModel = totals.byModel;
  session.usageEntries = totals.entries;
  session.models = [...state.models];
  session.cwds = state.cwds;
  const cwd = state.cwds[0];
  if (cwd !== undefined) {
    session.cwd = cwd;
    session.project = baseName(cwd);
  }
  if (state.rateLimits) session.rateLimits = state.rateLimits;
  if (state.usage.droppedReemissions > 0) session.meta.reemittedTokenCounts = state.usage.droppedReemissions;
  setTitleAndTimes(session, state);
  session.counts = mergeCounts([session.counts, part.counts]);
  session.problems = [...session.problems, ...part.problems];

  return {
    session,
    newMessages: session.messages.slice(messagesBefore),
    mergedInto: [],
    branchChanged: [],
    newCalls: session.toolCalls.filter((c) => !before.has(c)),
    changedCalls: session.toolCalls.filter((c) => {
      const was = before.get(c);
      return was !== undefined && was !== outcomeOf(c);
    }),
    changedUsage: [],
    newUsage: session.usageEntries.slice(usageBefore),
    newProblems: part.problems,
    resume: resumeOfFold(state, resume.hasMeta, resume.records + part.records.length),
  };
}

/**
 * What a stored call's row depends on that an append can change, to compare before and after: its status and
 * reason (an event, an aborted turn) and whether it has its result (the output came; a call with one is never
 * settled again). Not JSON: every stored call of a long rollout is compared on each append.
 */
function outcomeOf(call: ToolCall): string {
  return `${call.status}\u0000${call.statusReason ?? ''}\u0000${call.result === undefined ? 0 : 1}`;
}
