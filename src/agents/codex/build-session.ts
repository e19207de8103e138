import { buildTurns } from '../../model/build-turns.js';
import type { Session } from '../../model/session.js';
import { baseName, type JsonObject, obj, optional, str, timeOf } from '../../schemas/common/value-access.js';
import type { RecordFile } from '../record-file.js';
import { setResumeState } from '../resume-state.js';
import { addCwd, type CodexFoldState, foldCodexRecord, orphanCallsOf, titleOfFold } from './codex-fold.js';
import { resumeOfFold } from './codex-resume.js';
import { decodeCodexLine } from './decode-record.js';
import { createUsageTracker } from './usage-tracker.js';

/**
 * Builds a session from one Codex rollout (both eras). Messages come from `response_item`s (the model's
 * history); `event_msg` copies of the same text are not repeated, except in files that have no
 * `response_item` messages at all. Calls pair with outputs by `call_id`. Usage comes from `token_count`
 * events (see `createUsageTracker`), and so do the last rate limits recorded (`readCodexRateLimits`). In a
 * fork, the parent's replayed history is kept as off-branch messages but its calls, usage and rate limits
 * are not counted again. The records are folded one by one (`codex-fold.ts`); the fold's state at the end is
 * the session's resume state (`codex-resume.ts`), from which `appendCodexSession` goes on.
 */
export function buildCodexSession(file: RecordFile): Session {
  const decoded = file.records.map((record, lineIndex) => ({
    record,
    line: decodeCodexLine(record.value, 'envelope', { lineIndex }),
  }));
  const metas = decoded.filter((d) => d.line.type === 'session_meta').map((d) => d.line.payload);
  const meta = metas[0] ?? {};
  const sessionId = str(meta.id) ?? threadIdFromName(file.file) ?? baseName(file.file);
  const forkedFrom = str(meta.forked_from_id);
  const state: CodexFoldState = {
    sessionId,
    meta: metas[0],
    forkTime: timeOf(meta.timestamp),
    hasResponseMessages: decoded.some((d) => d.line.type === 'response_item' && d.line.subtype === 'message'),
    messages: [],
    calls: new Map(),
    pendingOutputs: new Map(),
    storedOrphans: new Set(),
    usage: createUsageTracker(sessionId),
    cwds: [],
    models: new Set(),
    model: undefined,
    replaying: forkedFrom !== undefined,
    promptTitle: undefined,
    threadName: undefined,
    rateLimits: undefined,
    first: undefined,
    last: undefined,
  };
  addCwd(state, str(meta.cwd));
  for (const { record, line } of decoded) foldCodexRecord(state, record, line);

  const toolCalls = [...state.calls.values(), ...orphanCallsOf(state)];
  const totals = state.usage.totals();
  const cwd = state.cwds[0];
  const git = obj(meta.git);
  const session: Session = {
    id: sessionId,
    agent: 'codex',
    files: [file.file],
    cwds: state.cwds,
    versions:
      metas.length > 0 && str(meta.cli_version) !== undefined ? [str(meta.cli_version) as string] : [],
    models: [...state.models],
    messages: state.messages,
    turns: buildTurns(state.messages, toolCalls),
    toolCalls,
    subagents: [],
    usage: totals.usage,
    usageByModel: totals.byModel,
    usageEntries: totals.entries,
    counts: file.counts,
    problems: [...file.problems],
    meta: {
      ...optional('originator', str(meta.originator)),
      ...optional('source', meta.source),
      ...optional('modelProvider', str(meta.model_provider)),
      ...(state.usage.droppedReemissions > 0 ? { reemittedTokenCounts: state.usage.droppedReemissions } : {}),
    },
    isSubagent: parentThreadId(meta) !== undefined,
    ...optional('cwd', cwd),
    ...optional('project', cwd === undefined ? undefined : baseName(cwd)),
    ...optional('gitBranch', str(git?.branch)),
    ...optional('forkedFromId', forkedFrom),
    ...optional('parentSessionId', parentThreadId(meta)),
    ...optional('rateLimits', state.rateLimits),
  };
  setTitleAndTimes(session, state);
  setResumeState(session, resumeOfFold(state, metas.length > 0, file.records.length));
  return session;
}

/** The title (the thread's name, else the first prompt) and the times of the records not replayed. */
export function setTitleAndTimes(session: Session, state: CodexFoldState): void {
  const title = titleOfFold(state);
  if (title) {
    session.title = title.title;
    session.titleSource = title.source;
  }
  const { first, last } = state;
  if (first !== undefined && last !== undefined) {
    session.startTime = new Date(first).toISOString();
    session.endTime = new Date(last).toISOString();
    session.durationMs = last - first;
  }
}

/** `session_meta.source.subagent.thread_spawn.parent_thread_id` (spec 4.4). */
export function parentThreadId(meta: JsonObject): string | undefined {
  return str(obj(obj(obj(meta.source)?.subagent)?.thread_spawn)?.parent_thread_id);
}

/** The thread id in a rollout file name: the last UUID (fork files carry two). */
function threadIdFromName(file: string): string | undefined {
  const matches = baseName(file).match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi);
  return matches?.[matches.length - 1];
}
