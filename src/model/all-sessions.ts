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
