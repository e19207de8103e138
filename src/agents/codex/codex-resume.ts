// The resume state of a Codex rollout: what the fold (`codex-fold.ts`) holds at the end of a file besides
// what its session holds, stored by the index with the file, so that the records the file gets later are
// folded on (`append-codex-session.ts`) instead of the file being built again.
import type { Session } from '../../model/session.js';
import { resumeStateOf } from '../resume-state.js';
import type { CodexFoldState } from './codex-fold.js';
import type { UsageTrackerState } from './usage-tracker.js';

export interface CodexResume {
  v: 1;
  kind: 'codex';
  /** Records folded: where the next record's place in the file starts (a rollout's first line is its header). */
  records: number;
  /** Whether the rollout has a `session_meta` (a first one after the stored end would change the session's fields). */
  hasMeta: boolean;
  /** Whether it has `response_item` messages (else its `event_msg` messages are its messages). */
  hasResponseMessages: boolean;
  forkTime: number | null;
  replaying: boolean;
  model: string | null;
  /** The first prompt's title form, once there is one. */
  promptTitle: string | null;
  threadName: string | null;
  usage: UsageTrackerState;
}

/** The fold's state at the end of a file of `records` records, as a resume state. */
export function resumeOfFold(state: CodexFoldState, hasMeta: boolean, records: number): CodexResume {
  return {
    v: 1,
    kind: 'codex',
    records,
    hasMeta,
    hasResponseMessages: state.hasResponseMessages,
    forkTime: state.forkTime ?? null,
    replaying: state.replaying,
    model: state.model ?? null,
    promptTitle: state.promptTitle ?? null,
    threadName: state.threadName ?? null,
    usage: state.usage.state(),
  };
}

/** The Codex resume state of a session built from a whole file, if it was built that way. */
export function codexResumeOf(session: Session): CodexResume | undefined {
  const state = resumeStateOf(session);
  return state?.kind === 'codex' ? (state as CodexResume) : undefined;
}
