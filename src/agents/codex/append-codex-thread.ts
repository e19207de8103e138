// Appends to a stored Codex thread family (a rollout with the sub-agent rollouts linked under it, see
// `link-threads.ts`; a rollout alone is a family of one) what its rollouts got since they were stored. Each
// rollout's session takes its new records as a build's fold would (`appendCodexSession`); the family's links
// are then those a build makes: a sub-agent thread that no call of its parent named yet is linked to the
// first new or newly answered call that names it (its parent's `spawn_agent` output comes after the child's
// rollout starts). Links do not otherwise move: which thread is whose parent is in each rollout's first line,
// and a thread linked to a call stays linked to it (it is the first call that names it).
import { allSessions } from '../../model/all-sessions.js';
import type { Session } from '../../model/session.js';
import type { AppendedPart } from '../record-file.js';
import { appendCodexSession, type CodexAppend } from './append-codex-session.js';
import { CodexNotAppendable } from './codex-fold.js';
import type { CodexResume } from './codex-resume.js';
import { namesThread, threadProblemTypes } from './link-threads.js';

/** One rollout of the family that grew: its path, its stored resume state and its new records. */
export interface CodexThreadRead {
  path: string;
  resume: CodexResume;
  part: AppendedPart;
}

/** What an append to a thread family changed. */
export interface CodexThreadAppend {
  /** Each rollout's change, in the order of the reads. */
  changes: { path: string; change: CodexAppend }[];
  /** Sub-agent threads linked to a call by this append (their `parentToolCallId` and the call's `subagentId`). */
  linked: Session[];
}

/**
 * Folds each read into the session of its rollout in the family `root` (mutated), then links the sub-agent
 * threads that new calls name. Throws `CodexNotAppendable` when a rollout is not a session of the family, is
 * on a parent cycle or too deep (linking gave it a problem), or when `appendCodexSession` refuses one.
 */
export function appendCodexThread(root: Session, reads: readonly CodexThreadRead[]): CodexThreadAppend {
  const byFile = new Map<string, Session>();
  for (const session of allSessions([root])) {
    const file = session.files[0];
    if (file !== undefined) byFile.set(file, session);
  }
  const changes = reads.map(({ path, resume, part }) => {
    const session = byFile.get(path);
    if (session === undefined) throw new CodexNotAppendable('the rollout is not a session of its family');
    // A build puts the problems linking gives a thread after all of its rollout's own.
    if (session.problems.some((p) => threadProblemTypes.has(p.type)))
      throw new CodexNotAppendable('the thread has a problem from linking');
    return { path, change: appendCodexSession(session, resume, part) };
  });
  const linked: Session[] = [];
  for (const { change } of changes) {
    const fresh = new Set([...change.newCalls, ...change.changedCalls]);
    const session = change.session;
    for (const sub of session.subagents) {
      if (sub.linkedBy !== 'codex-parent-thread' || sub.toolCallId !== undefined) continue;
      // No stored call named the thread (else it would be linked): the first that does is a fresh one.
      const call = session.toolCalls.find((c) => fresh.has(c) && namesThread(c, sub.session.id));
      if (call === undefined) continue;
      call.subagentId = sub.session.id;
      sub.session.parentToolCallId = call.id;
      sub.toolCallId = call.id;
      linked.push(sub.session);
    }
  }
  return { changes, linked };
}
