/**
 * A warm run's shortcut. Each refresh that ends with every file read stores in `_meta` a hash of its
 * inputs: each discovered file as discovery saw it (path, layout, size, modification time, identity), the
 * roots searched and whether the full-text table was filled. A later run whose inputs hash the same finds the
 * index as that refresh left it (the files are those it read, and every refresh stores the hash of its own
 * inputs when it commits, so another process's refresh in between changes the stored hash): it reads no
 * file row, groups no unit and loads none of the readers (`refreshIndex` and the CLI check this first).
 */
import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { SessionFileRef } from '../sources/index.js';
import { fileIdentity } from './file-identity.js';
import type { IndexDb } from './open-index.js';
import type { RefreshStats } from './refresh-stats.js';

const metaKey = 'inputs_hash';

/** The inputs of a refresh, as {@link inputsHash} hashes them. */
export interface RefreshInputs {
  refs: readonly SessionFileRef[];
  roots: readonly string[];
  search?: boolean;
}

/** The hash of a refresh's inputs (see the module comment). */
export function inputsHash(inputs: RefreshInputs): string {
  const parts = [JSON.stringify([inputs.roots, inputs.search === true])];
  for (const ref of inputs.refs) parts.push(`\n${JSON.stringify(ref)}\u0000${fileIdentity(ref) ?? ''}`);
  // One update of the joined text (the same bytes as one update per file, which cost twice the time).
  return createHash('sha1').update(parts.join('')).digest('base64url');
}

/** What the last complete refresh stored: the hash of its inputs and how many units their files form. */
export function storedInputs(db: Database.Database): { hash: string; units: number } | undefined {
  const row = db.prepare('SELECT value FROM _meta WHERE key = ?').get(metaKey) as
    | { value: string }
    | undefined;
  const match = row === undefined ? null : /^(\S+) (\d+)$/.exec(row.value);
  return match ? { hash: match[1] as string, units: Number(match[2]) } : undefined;
}

/** The hash the last complete refresh stored, if any. */
export function storedInputsHash(db: Database.Database): string | undefined {
  return storedInputs(db)?.hash;
}

/**
 * Stores the hash of the inputs the index is now up to date with and how many units their files form, or
 * with undefined forgets it (the next refresh reads what changed).
 */
export function saveInputsHash(
  db: Database.Database,
  inputs: { hash: string; units: number } | undefined,
): void {
  if (inputs === undefined) db.prepare('DELETE FROM _meta WHERE key = ?').run(metaKey);
  else
    db.prepare('INSERT OR REPLACE INTO _meta (key, value) VALUES (?, ?)').run(
      metaKey,
      `${inputs.hash} ${inputs.units}`,
    );
}

/**
 * The result of a refresh of inputs the index is up to date with (nothing to read, nothing to write), or
 * undefined when they differ from those of the last complete refresh.
 */
export function unchangedRefresh(
  index: IndexDb,
  options: RefreshInputs & { onProgress?: (done: number, total: number) => void },
  inputs = inputsHash(options),
): { sessions: []; stats: RefreshStats } | undefined {
  const stored = storedInputs(index.db);
  if (stored?.hash !== inputs) return undefined;
  const files = options.refs.length;
  const stats: RefreshStats = {
    files,
    unchanged: files,
    appended: 0,
    reread: 0,
    added: 0,
    removed: 0,
    skipped: 0,
    bytesParsed: 0,
    unitsBuilt: 0,
    unitsAppended: 0,
    unitsAppendedFromLastPrompt: 0,
    unitsReused: stored.units,
    loadedBack: 0,
    sliceSteps: 0,
  };
  options.onProgress?.(files, files);
  return { sessions: [], stats };
}
