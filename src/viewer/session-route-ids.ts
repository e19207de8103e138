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
