/**
 * Per-file facts through the index (each file's validation counts for the drift report): stored for files
 * unchanged since they were computed, computed (on the scan pool's threads when there is enough) for the
 * others. `report` and `validate` use them.
 */
import Database from 'better-sqlite3';
import { cachedFileFacts, computeFacts, type FactFile, type FactOptions } from '../cache/file-facts.js';
import { validationFactKind } from '../cache/validation-facts.js';
import type { FileValidationFacts } from '../reader/validate-file.js';
import { cacheDirFor, type DataFlags } from './load-data.js';
import { openOrWarn, warnNoCache } from './open-cache.js';
import type { Io } from './output.js';
import type { ScanPool } from './scan-pool.js';

/** Validation facts of each file, through `pool` when there is enough to validate. */
export function validationParallel(
  pool: ScanPool | undefined,
):
  | { compute: (path: string) => Promise<FileValidationFacts>; concurrency: number; minBytes: number }
  | undefined {
  return (
    pool && { compute: (file) => pool.validate(file), concurrency: pool.size * 2, minBytes: pool.minBytes }
  );
}

/**
 * Per-file facts (e.g. each file's validation counts for the drift report) through the index cache when
 * this run has one: computed only for files that changed since they were stored. Without a cache (or when
 * it cannot be used) every value is computed. `kind` names the fact and its version.
 */
export async function loadFileFacts<T>(
  kind: string,
  files: readonly FactFile[],
  compute: (path: string) => Promise<T>,
  flags: DataFlags,
  io: Io,
  searched: readonly string[],
  options: FactOptions<T> = {},
): Promise<T[]> {
  const cacheDir = cacheDirFor(flags, io, searched);
  const index = cacheDir === undefined ? undefined : openOrWarn(cacheDir, io);
  if (index) {
    try {
      return (await cachedFileFacts(index.db, kind, files, compute, options)).values;
    } catch (error) {
      if (!(error instanceof Database.SqliteError)) throw error;
      warnNoCache(io, cacheDir as string, error);
    } finally {
      index.db.close();
    }
  }
  return computeFacts(files, compute, options);
}

/**
 * Full validation of each file (`validateFile`), from the index for files unchanged since they were
 * validated, through `pool` when there is enough to validate. In input order.
 */
export function loadValidations(
  files: readonly FactFile[],
  flags: DataFlags,
  io: Io,
  searched: readonly string[],
  pool: ScanPool | undefined,
  prefetched: ReadonlyMap<string, Promise<FileValidationFacts>> = new Map(),
): Promise<FileValidationFacts[]> {
  const parallel = validationParallel(pool);
  const started = (file: string) => prefetched.get(file);
  return loadFileFacts(
    validationFactKind,
    files,
    (file) => started(file) ?? validateSource(file),
    flags,
    io,
    searched,
    parallel ? { parallel: { ...parallel, compute: (file) => started(file) ?? parallel.compute(file) } } : {},
  );
}

/** The full validation of one file (`agents/validate-source.ts`, loaded with the schemas when a file needs it). */
async function validateSource(file: string): Promise<FileValidationFacts> {
  const validator = await import('../agents/validate-source.js');
  return validator.validateSource(file);
}

/**
 * Starts validating, on `pool`'s threads, every file of an unfiltered run whose validation is not stored
 * (a cold run), so that it overlaps reading the files for the index; nothing is written yet. Returns the
 * validations under way by path, for {@link loadValidations}. Empty when there is no pool or too little
 * to validate.
 */
export function prefetchValidations(
  files: readonly FactFile[],
  flags: DataFlags,
  io: Io,
  searched: readonly string[],
  pool: ScanPool | undefined,
): Map<string, Promise<FileValidationFacts>> {
  const started = new Map<string, Promise<FileValidationFacts>>();
  if (!pool || files.length < 2) return started;
  // With an index, the refresh validates what it reads, on the values it parses (see validation-facts.ts).
  if (cacheDirFor(flags, io, searched) !== undefined) return started;
  const missing = files;
  if (missing.reduce((sum, f) => sum + f.size, 0) < pool.minBytes) return started;
  for (const file of missing) {
    const promise = pool.validate(file.path);
    // Awaited later by loadValidations; a failure must not surface as an unhandled rejection meanwhile.
    promise.catch(() => undefined);
    started.set(file.path, promise);
  }
  return started;
}
