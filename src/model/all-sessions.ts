import type { Session } from './session.js';

/** Every session of the trees (top-level and subagents), each before its subagents, depth first. */
export function* allSessions<S extends { subagents: readonly { session: S }[] } = Session>(
  sessions: readonly S[],
): Generator<S> {
  const stack = [...sessions].reverse();
  for (let session = stack.pop(); session; session = stack.pop()) {
    yield session;
    for (const sub of [...session.subagents].reverse()) stack.push(sub.session);
  }
}

/** The sessions of a tree by their own file (the first session of each; a sidechain's subagent has none). */
export function sessionsByFile(root: Session): Map<string, Session> {
  const byFile = new Map<string, Session>();
  for (const session of allSessions([root])) {
    const file = session.files[0];
    if (file !== undefined && !byFile.has(file)) byFile.set(file, session);
  }
  return byFile;
}
