// The resume state a builder keeps of a session it built from a whole file: what its per-record fold holds at
// the end besides the session (each agent's own JSON shape, told apart by `kind`: Claude Code's
// `session-resume.ts`, Codex's `codex-resume.ts`). The index stores it with the file, so that the records
// the file gets later are folded on instead of the file being built again.
import type { Session } from '../model/session.js';

/** What every agent's resume state has. */
export interface ResumeState {
  v: 1;
  kind: string;
}

const states = new WeakMap<Session, ResumeState>();

/** Remembers the resume state of a session just built from a whole file. */
export function setResumeState(session: Session, state: ResumeState): void {
  states.set(session, state);
}

/** The resume state of a session built from a whole file, if it was built that way. */
export function resumeStateOf(session: Session): ResumeState | undefined {
  return states.get(session);
}

/** Forgets it (a session built from part of its records, or changed after the build). */
export function forgetResumeState(session: Session): void {
  states.delete(session);
}
