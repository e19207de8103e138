/**
 * A write that is a saving, not a result (a stored total, a stored answer): it never waits for another
 * process's lock and never fails the run. A busy, read-only or full index is not written; the next run that
 * computes the same thing stores it.
 */
import type Database from 'better-sqlite3';

/** Runs `write` with no busy wait; what it returns, or false when SQLite refused the write. */
export function writeWithoutWaiting(db: Database.Database, write: () => boolean): boolean {
  const timeout = db.pragma('busy_timeout', { simple: true }) as number;
  db.pragma('busy_timeout = 0');
  try {
    return write();
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith('SQLITE_')) return false;
    throw error;
  } finally {
    db.pragma(`busy_timeout = ${timeout}`);
  }
}
