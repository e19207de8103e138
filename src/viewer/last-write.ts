import { statSync } from 'node:fs';
import { allSessions } from '../analytics/all-calls.js';
import type { Session } from '../model/session.js';

/** The newest modification time of a session tree's files (ms since the epoch), or undefined when none can be read. */
export function lastWriteMs(session: Session): number | undefined {
  let latest: number | undefined;
  for (const s of allSessions([session]))
    for (const file of s.files) {
      try {
        const mtime = statSync(file).mtimeMs;
        if (latest === undefined || mtime > latest) latest = mtime;
      } catch {
        // Gone since it was read: the other files (or the records' times) decide.
      }
    }
  return latest;
}
