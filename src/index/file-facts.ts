import type Database from 'better-sqlite3';

/** A file as discovery saw it: what decides whether a stored fact is still true. */
export interface FactFile {
  path: string;
  size: number;
  mtimeMs: number;
}

/**
 * Per-file facts computed elsewhere (e.g. a file's validation counts for the drift report), stored in the
 * index and computed again only for files whose size or modification time changed. `kind` names the fact
 * (and its version: bump it when `compute` changes what it returns); values must be JSON. Returns the
 * values in the order of `files`; `compute` runs one file at a time, in that order.
 */
export async function cachedFileFacts<T>(
  db: Database.Database,
  kind: string,
  files: readonly FactFile[],
  compute: (path: string) => Promise<T>,
): Promise<{ values: T[]; computed: number }> {
  const select = db.prepare('SELECT path, size, mtime_ms, value FROM _facts WHERE kind = ?');
  const upsert = db.prepare(
    'INSERT OR REPLACE INTO _facts (path, kind, size, mtime_ms, value) VALUES (?, ?, ?, ?, ?)',
  );
  const stored = new Map(
    (select.all(kind) as { path: string; size: number; mtime_ms: number; value: string }[]).map((r) => [
      r.path,
      r,
    ]),
  );
  const values: T[] = [];
  let computed = 0;
  let began = 0;
  try {
    for (const file of files) {
      const row = stored.get(file.path);
      if (row && row.size === file.size && row.mtime_ms === file.mtimeMs) {
        values.push(JSON.parse(row.value) as T);
        continue;
      }
      const value = await compute(file.path);
      const text = JSON.stringify(value);
      if (!db.inTransaction) {
        db.exec('BEGIN IMMEDIATE');
        began = Date.now();
      }
      upsert.run(file.path, kind, file.size, file.mtimeMs, text);
      if (Date.now() - began > 500) db.exec('COMMIT');
      // The stored form, so that a computed run and a cached run give equal values.
      values.push(JSON.parse(text) as T);
      computed += 1;
    }
    if (db.inTransaction) db.exec('COMMIT');
  } finally {
    if (db.inTransaction) db.exec('ROLLBACK');
  }
  return { values, computed };
}
