import type { Session } from '../model/session.js';

/**
 * The id a session is addressed by in the viewer's URLs: its session id, or `<id>@<n>` when several
 * sessions share that id (copies, checkpoints, resumed sessions), numbered by file path as `agentlog show`
 * numbers them. Keeps such sessions apart instead of opening the first one for all of them.
 */
export function sessionRouteIds(sessions: readonly Session[]): Map<Session, string> {
  const byId = new Map<string, Session[]>();
  for (const session of sessions) {
    const list = byId.get(session.id);
    if (list) list.push(session);
    else byId.set(session.id, [session]);
  }
  const ids = new Map<Session, string>();
  for (const [id, list] of byId) {
    if (list.length === 1) {
      ids.set(list[0] as Session, id);
      continue;
    }
    const sorted = [...list].sort((a, b) => (a.files[0] ?? '').localeCompare(b.files[0] ?? ''));
    sorted.forEach((session, i) => {
      ids.set(session, `${id}@${i + 1}`);
    });
  }
  return ids;
}

/** The session a route id names among `sessions` (see `sessionRouteIds`). */
export function findByRouteId(sessions: readonly Session[], routeId: string): Session | undefined {
  const ids = sessionRouteIds(sessions);
  for (const [session, id] of ids) if (id === routeId) return session;
  // A plain id still opens a session that shares it (the first by file path).
  const [first] = [...ids]
    .filter(([session]) => session.id === routeId)
    .sort((a, b) => a[1].localeCompare(b[1]));
  return first?.[0];
}

/**
 * The top-level session a text found by search belongs to: the one with id `sessionId` whose tree holds
 * `file` (the file the text was read from, a subagent file for a subagent's text), so that a hit in one of
 * several sessions sharing an id links to its own file's session. Without `file`, or when no tree holds
 * it, the first session with that id (as {@link findByRouteId} opens a plain id).
 */
export function sessionOfFile(
  sessions: readonly Session[],
  sessionId: string,
  file: string | undefined,
): Session | undefined {
  const sharing = sessions.filter((s) => s.id === sessionId);
  if (file !== undefined && sharing.length > 1) {
    for (const root of sharing) {
      const stack: Session[] = [root];
      for (let session = stack.pop(); session; session = stack.pop()) {
        if (session.files.includes(file)) return root;
        for (const sub of session.subagents) stack.push(sub.session);
      }
    }
  }
  return sharing.length > 1 ? findByRouteId(sessions, sessionId) : sharing[0];
}
