import { stat } from 'node:fs/promises';

/** Whether a session file is an SQLite database (Cursor's `store.db`), by its name. */
export function isDatabaseName(name: string): boolean {
  return name.endsWith('.db');
}

/**
 * A database's facts with its write-ahead log's: an agent's writes go to `<file>-wal` until a checkpoint,
 * leaving the database file's size and modification time as they were. The size is the sum of both and the
 * time the later one, so a change to either is a change of the session file (the index reads it again).
 * Any other file, or a database without a log, as it is.
 */
export async function withWriteAheadLog<F extends { path: string; size: number; mtimeMs: number }>(
  file: F,
): Promise<F> {
  if (!isDatabaseName(file.path)) return file;
  try {
    const wal = await stat(`${file.path}-wal`);
    if (!wal.isFile()) return file;
    return { ...file, size: file.size + wal.size, mtimeMs: Math.max(file.mtimeMs, wal.mtimeMs) };
  } catch {
    return file;
  }
}
