import { statSync } from 'node:fs';
import { allSessions } from '../model/all-sessions.js';
import type { Session } from '../model/session.js';

/**
 * The newest modification time of a session tree's files (ms since the epoch), or undefined when none can be
 * read. `known` gives the times of files gone from disk whose time is known otherwise (kept by the archive).
 */
export function lastWriteMs(session: Session, known?: ReadonlyMap<string, number>): number | undefined {
  let latest: number | undefined;
  for (const s of allSessions([session]))
    for (const file of s.files) {
      let mtime = known?.get(file);
      try {
        mtime ??= statSync(file).mtimeMs;
      } catch {
        // Gone since it was read: the other files (or the records' times) decide.
      }
      if (mtime !== undefined && (latest === undefined || mtime > latest)) latest = mtime;
    }
  return latest;
}
