// Whether a `usage` run takes the usage-only pass of `usage-cold.ts`: apart from it, so that a warm `usage` or
// `report` (which imports `usage`'s printing) loads none of the pass's readers and builders.
import { cacheDirFor, type DataFlags } from './load-data.js';
import { openOrWarn } from './open-cache.js';
import type { Io } from './output.js';
import type { ResolvedInputs } from './resolve-inputs.js';

/**
 * True when this run can take the usage-only pass: it uses an index (not `--no-cache` or `--demo`), that
 * index holds none of its files, and none is read from the archive.
 */
export function isColdUsageRun(resolved: ResolvedInputs, flags: DataFlags, io: Io): boolean {
  if (resolved.files.some((f) => f.fromArchive)) return false;
  const cacheDir = cacheDirFor(flags, io, resolved.searched);
  if (cacheDir === undefined) return false;
  const index = openOrWarn(cacheDir, io);
  if (!index) return false;
  try {
    // By path (the table's key): a warm run stops at its first file, rather than reading every row.
    const stored = index.db.prepare('SELECT 1 FROM files WHERE path = ?').pluck();
    return !resolved.files.some((f) => stored.get(f.path) !== undefined);
  } finally {
    index.db.close();
  }
}
