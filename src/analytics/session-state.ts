import { allSessions } from '../model/all-sessions.js';
import type { Message } from '../model/message.js';
import type { Session } from '../model/session.js';
import type { ToolCall } from '../model/tool-call.js';

/**
 * Where a session stands:
 * - `active`: written to within {@link sessionStateWindows}`.activeMs` and its last turn is still open (a tool call
 *   without a result, or a prompt or tool result the agent has not answered yet);
 * - `idle`: its last turn is closed (the agent answered and waits for the user) and it was written to within
 *   `idleMs`;
 * - `abandoned`: its last turn was left open (calls `missing`, or an unanswered prompt) and nothing was written
 *   for `activeMs`: the agent crashed, was killed, or the user walked away mid-turn;
 * - `ended`: everything else (closed, and quiet for longer than `idleMs`).
 */
export type SessionState = 'active' | 'idle' | 'ended' | 'abandoned';

export const sessionStates = [
  'active',
  'idle',
  'ended',
  'abandoned',
] as const satisfies readonly SessionState[];

/** The time windows of {@link sessionState}, in milliseconds. */
export const sessionStateWindows = {
  /** A session written to this recently with an open turn is active (agents write every few seconds while working). */
  activeMs: 5 * 60_000,
  /** A closed session written to this recently is idle: the user may still answer. */
  idleMs: 60 * 60_000,
};

export interface SessionStateInput {
  /**
   * When the session's files were last written (the newest modification time), in ms since the epoch. The
   * session's last record time bounds it (copied or touched files keep their records' times); without it,
   * the last record time alone is used.
   */
  lastWriteMs?: number;
  /** The current time (default: `Date.now()`). */
  now?: number;
  windows?: Partial<typeof sessionStateWindows>;
}

/** Why a session has its state: the state, the open turn's reason, and the last write used. */
export interface SessionStateResult {
  state: SessionState;
  /** Why the last turn is open (`missing calls`, `unanswered prompt`...), or undefined when it is closed. */
  open?: string;
  lastWriteMs?: number;
}

/** Messages that say nothing about whose turn it is. */
const neutral = new Set<Message['kind']>(['meta', 'system', 'compact_boundary', 'compact_summary']);

/**
 * Is the session's last turn open, and why? Looks at the main conversation's last meaningful message on the
 * current branch: a prompt or tool results wait for the agent; an assistant message that made calls waits for
 * their results; an answer, an interruption or an API error hand the turn back to the user. Calls still
 * `missing` anywhere in the tree (subagents included) keep the turn open; `missingElsewhere`: such calls the
 * session objects do not hold (the index leaves some in its rows while it appends).
 */
export function openTurn(session: Session, missingElsewhere = 0): string | undefined {
  const missing = missingCalls(session) + missingElsewhere;
  if (missing > 0) return `${missing} call${missing === 1 ? '' : 's'} without a result`;
  const last = [...session.messages].reverse().find((m) => !m.offBranch && !neutral.has(m.kind));
  if (!last) return undefined;
  switch (last.kind) {
    case 'prompt':
      return 'a prompt not answered yet';
    case 'tool_results':
      return 'tool results not answered yet';
    case 'response':
      return last.parts.some((p) => p.type === 'tool_call') ? 'calls made, results pending' : undefined;
    default:
      return undefined;
  }
}

function missingCalls(session: Session): number {
  let n = 0;
  for (const s of allSessions([session]))
    n += s.toolCalls.filter((c: ToolCall) => c.status === 'missing').length;
  return n;
}

/** The time of the session's last record, when its files' modification time is not known. */
function lastRecordMs(session: Session): number | undefined {
  let latest: number | undefined;
  for (const s of allSessions([session])) {
    const ms = s.endTime === undefined ? Number.NaN : Date.parse(s.endTime);
    if (!Number.isNaN(ms) && (latest === undefined || ms > latest)) latest = ms;
  }
  return latest;
}

/** The state of a session (see {@link SessionState}); works on full sessions and on the index's report models. */
export function sessionState(session: Session, input: SessionStateInput = {}): SessionStateResult {
  const open = openTurn(session);
  const { state, lastWriteMs } = stateOfTurn(open !== undefined, lastRecordMs(session), input);
  return {
    state,
    ...(open === undefined ? {} : { open }),
    ...(lastWriteMs === undefined ? {} : { lastWriteMs }),
  };
}

/**
 * The rule of {@link sessionState}, given whether the last turn is open and the time of the last record (the
 * index's `ls` query has both without the session): the state and the last write it was judged by.
 */
export function stateOfTurn(
  open: boolean,
  recordMs: number | undefined,
  input: SessionStateInput = {},
): { state: SessionState; lastWriteMs: number | undefined } {
  const now = input.now ?? Date.now();
  const windows = { ...sessionStateWindows, ...input.windows };
  // A file's modification time says when it was last written, unless it was copied or touched since: the
  // time of its last record bounds it (an agent stamps every record it appends).
  const lastWriteMs =
    input.lastWriteMs === undefined
      ? recordMs
      : recordMs === undefined
        ? input.lastWriteMs
        : Math.min(input.lastWriteMs, recordMs);
  const age = lastWriteMs === undefined ? Number.POSITIVE_INFINITY : Math.max(0, now - lastWriteMs);
  const state: SessionState = open
    ? age <= windows.activeMs
      ? 'active'
      : 'abandoned'
    : age <= windows.idleMs
      ? 'idle'
      : 'ended';
  return { state, lastWriteMs };
}

/**
 * The last time at which a session in `state`, last written at `lastWriteMs`, still has that state: an active
 * session becomes abandoned, an idle one ended, once its quiet time passes the window; ended and abandoned
 * sessions stay as they are while nothing is written (Infinity). What `ls` prints holds until then.
 */
export function stateValidThrough(
  state: SessionState,
  lastWriteMs: number | undefined,
  windows: Partial<typeof sessionStateWindows> = {},
): number {
  if (lastWriteMs === undefined) return Number.POSITIVE_INFINITY;
  const { activeMs, idleMs } = { ...sessionStateWindows, ...windows };
  if (state === 'active') return lastWriteMs + activeMs;
  if (state === 'idle') return lastWriteMs + idleMs;
  return Number.POSITIVE_INFINITY;
}
