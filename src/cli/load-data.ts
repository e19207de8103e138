import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import type { Command } from 'commander';
import { assertOutsideInputs, CacheLocationError, resolveCacheDir } from '../cache/cache-location.js';
import { type IndexDb, openMemoryIndex } from '../cache/open-index.js';
import type { RefreshStats } from '../cache/refresh-index.js';
import { inputsHash, unchangedRefresh } from '../cache/unchanged-inputs.js';
import { holdsConversation } from '../lifecycle/holds-conversation.js';
import type { SessionFilter } from '../lifecycle/load-sessions.js';
import type { Session } from '../model/session.js';
import type { SessionFileRef, SkippedFile } from '../sources/index.js';
import { CliError, exitCodes } from './cli-error.js';
import { type FilterFlags, parseFilter } from './filter-options.js';
import { openOrWarn, warnNoCache, warnOnce } from './open-cache.js';
import { formatNumber, type Io, printSkipped } from './output.js';
import { packageVersion } from './package-version.js';
import { parseCount } from './parse-count.js';
import { createProgress } from './progress.js';
import { nothingFound, type ResolvedInputs, resolveInputs } from './resolve-inputs.js';
import { createScanPool, defaultJobs, type ScanPool } from './scan-pool.js';

/** The demo logs shipped in the package (`demo/`, written by `scripts/make-demo.mjs`). */
export function demoDir(): string {
  return fileURLToPath(new URL('../../demo', import.meta.url));
}

export interface DataFlags extends FilterFlags {
  demo?: boolean;
  /** False with `--no-cache`. */
  cache?: boolean;
  cacheDir?: string;
  /** `--jobs N`: worker threads for reading files (default: one per core; for the index, with more than two). */
  jobs?: string;
}

export interface LoadedData {
  sessions: Session[];
  /** Files of which not one line could be read (not sessions; see {@link isReadable}). */
  unreadableFiles: number;
  /** Files that were read but hold no conversation (metadata only): not sessions; see `holdsConversation`. */
  emptyFiles: number;
  files: SessionFileRef[];
  searched: string[];
  /** Files discovery saw but did not read, with the reason. */
  skipped: SkippedFile[];
}

/** Adds `--cache-dir DIR` and `--no-cache` to a data command. */
export function addCacheOptions(command: Command): Command {
  return command
    .option(
      '--cache-dir <dir>',
      'where the index cache lives (default: $AGENTLOG_CACHE_DIR, $XDG_CACHE_HOME/agentlog or ~/.cache/agentlog)',
    )
    .option('--no-cache', 'read every file again, without the index cache')
    .option(
      '--jobs <n>',
      'worker threads that read files in parallel (default: one per core; for the index, only with more than two cores)',
      (value) => {
        // Checked when given, also by a run that ends up reading on one thread.
        parseCount(value, '--jobs', 1, 64);
        return value;
      },
    );
}

/** Files to read (or validate) adding up to less than this are read in the main thread. */
const parallelMinBytes = 24 * 1024 * 1024;

/**
 * The scan pool for `--jobs` (default: one thread per core), or undefined for one job. By default threads
 * start only when a run has enough to read; an explicit `--jobs N` uses them whatever the size. The caller
 * closes the pool.
 */
export function scanPoolFor(flags: { jobs?: string }): ScanPool | undefined {
  if (flags.jobs === undefined) return createScanPool(defaultJobs(), parallelMinBytes);
  return createScanPool(parseCount(flags.jobs, '--jobs', 1, 64), 0);
}

/**
 * Finds the inputs (PATHs, `--demo`, or the default folders), reads and filters the sessions, newest first.
 * With a cache folder (the default; see `resolveCacheDir`) sessions come through the index: only changed
 * files are read, and the sessions are report models (no message text, call inputs or result contents; the
 * report commands read none). `--no-cache`, or an environment without a home folder, reads every file.
 */
export async function loadData(
  paths: readonly string[],
  flags: DataFlags,
  io: Io,
  pool?: ScanPool,
  onResolved?: (resolved: { files: SessionFileRef[]; searched: string[] }) => void,
): Promise<LoadedData> {
  const filter = parseFilter(flags);
  const resolved = await resolveData(paths, flags, io);
  onResolved?.(resolved);
  const cacheDir = cacheDirFor(flags, io, resolved.searched);
  if (cacheDir !== undefined) {
    const index = openOrWarn(cacheDir, io);
    if (index) {
      try {
        const { sessions } = await refreshWithProgress(index, resolved, io, false, pool, flags);
        return {
          sessions: await filterAndSort(sessions, filter),
          unreadableFiles: countUnreadable(sessions),
          emptyFiles: countEmpty(sessions),
          files: resolved.files,
          searched: resolved.searched,
          skipped: resolved.skipped,
        };
      } catch (error) {
        // A locked or damaged index (another agentlog writing too long, a full disk): what was committed
        // stays consistent; this run reads without it.
        if (!(error instanceof Database.SqliteError)) throw error;
        warnNoCache(io, cacheDir, error);
      } finally {
        index.db.close();
      }
    }
  }
  return readSessions(resolved, filter, io);
}

/** Reads every file of the run (no index) and filters the sessions, newest first. */
export async function readSessions(
  resolved: ResolvedInputs,
  filter: SessionFilter,
  io: Io,
): Promise<LoadedData> {
  const progress = createProgress(io, 'Reading logs');
  try {
    const warnings: string[] = [];
    const { loadSessions } = await import('../lifecycle/load-sessions.js');
    const loaded = await loadSessions(resolved.files, {
      onProgress: progress.update,
      onSkip: (_path, message) => warnings.push(message),
    });
    progress.stop();
    printSkipped(io, warnings);
    return {
      sessions: await filterAndSort(loaded, filter),
      unreadableFiles: countUnreadable(loaded),
      emptyFiles: countEmpty(loaded),
      files: resolved.files,
      searched: resolved.searched,
      skipped: resolved.skipped,
    };
  } finally {
    progress.stop();
  }
}

/** Sessions loaded through the index, which stays open for queries: the caller closes `index.db`. */
export interface IndexedData extends LoadedData {
  index: IndexDb;
  stats: RefreshStats;
}

/**
 * Like {@link loadData}, but always through the index, with its full-text table filled (for `search` and
 * `cache update`): a CliError when the cache is turned off or there is no cache folder. With `sessions:
 * false` no session is decoded (`sessions` is empty): for callers that query the index alone.
 */
export async function loadIndexed(
  paths: readonly string[],
  flags: DataFlags,
  io: Io,
  pool?: ScanPool,
  sessions = true,
): Promise<IndexedData> {
  const filter = parseFilter(flags);
  const resolved = await resolveData(paths, flags, io);
  const cacheDir = cacheDirFor(flags, io, resolved.searched);
  if (cacheDir === undefined && !flags.demo)
    throw new CliError(
      flags.cache === false
        ? 'This command needs the index cache; drop --no-cache.'
        : 'No cache folder: set AGENTLOG_CACHE_DIR, XDG_CACHE_HOME or HOME, or pass --cache-dir.',
      { exitCode: exitCodes.usage },
    );
  // `--demo`, or a cache that cannot be used: a private index in memory for this run.
  const disk = cacheDir === undefined ? undefined : openOrWarn(cacheDir, io);
  if (disk) {
    try {
      return await indexedData(disk, resolved, filter, io, pool, flags, sessions);
    } catch (error) {
      disk.db.close();
      if (!(error instanceof Database.SqliteError)) throw error;
      warnNoCache(io, cacheDir as string, error);
    }
  }
  const memory = openMemoryIndex(packageVersion());
  try {
    return await indexedData(memory, resolved, filter, io, pool, flags, sessions);
  } catch (error) {
    memory.db.close();
    throw error;
  }
}

async function indexedData(
  index: IndexDb,
  resolved: { files: SessionFileRef[]; searched: string[]; skipped: SkippedFile[] },
  filter: SessionFilter,
  io: Io,
  pool: ScanPool | undefined,
  flags: DataFlags,
  withSessions: boolean,
): Promise<IndexedData> {
  const { sessions, stats } = await refreshWithProgress(index, resolved, io, true, pool, flags, withSessions);
  return {
    sessions: await filterAndSort(sessions, filter),
    unreadableFiles: countUnreadable(sessions),
    emptyFiles: countEmpty(sessions),
    files: resolved.files,
    searched: resolved.searched,
    skipped: resolved.skipped,
    index,
    stats,
  };
}

/**
 * The cache folder this run uses, or undefined for none (`--no-cache`; `--demo`, which never touches the
 * user's index); refuses one inside the inputs.
 */
export function cacheDirFor(flags: DataFlags, io: Io, searched: readonly string[]): string | undefined {
  if (flags.cache === false || flags.demo) return undefined;
  const dir = resolveCacheDir(io.env, flags.cacheDir);
  if (dir === undefined) return undefined;
  try {
    assertOutsideInputs(
      dir,
      searched.map((p) => path.resolve(io.cwd, p)),
    );
  } catch (error) {
    if (error instanceof CacheLocationError) throw new CliError(error.message, { exitCode: exitCodes.usage });
    throw error;
  }
  return dir;
}

export async function resolveData(
  paths: readonly string[],
  flags: DataFlags,
  io: Io,
): Promise<ResolvedInputs> {
  // A bad filter is a bad command line (exit 2) before any folder is searched.
  parseFilter(flags);
  let inputs = paths;
  if (flags.demo) {
    if (paths.length > 0) throw new CliError('Use either --demo or PATHs, not both.', { exitCode: 2 });
    const dir = demoDir();
    if (!existsSync(dir))
      throw new CliError(`The demo data is missing from this installation (expected "${dir}").`);
    inputs = [dir];
  }
  const resolved = await resolveInputs(inputs, io, flags.demo ? { archive: false } : flags);
  if (resolved.files.length === 0) throw nothingFound(resolved.searched);
  return resolved;
}

/** Refreshes the index for the run's files with a progress line; `sessions: false` returns none (SQL reports). */
export async function refreshWithProgress(
  index: IndexDb,
  resolved: { files: SessionFileRef[]; searched: string[] },
  io: Io,
  search: boolean,
  given: ScanPool | undefined,
  flags: DataFlags,
  sessions = true,
): Promise<{ sessions: Session[]; stats: RefreshStats; inputsHash: string }> {
  // A command without a pool of its own gets one for this refresh only when `--jobs` asks for it, and a
  // command's pool (`report`, `validate`: they validate files on it without an index) reads for the index by
  // default only with more than two cores. On two, a cold refresh took as long with worker threads as
  // without (the benchmark's report: 6.4-7.0 s with two, 6.6-7.0 s with none; V8's own helper threads
  // already take much of the second core, and a unit handed over is copied) and 60-130 MiB more memory.
  const own = given === undefined && flags.jobs !== undefined ? scanPoolFor(flags) : undefined;
  const pool = given === undefined ? own : flags.jobs !== undefined || defaultJobs() > 2 ? given : undefined;
  const progress = createProgress(io, 'Reading logs');
  const warnings: string[] = [];
  try {
    const inputs = {
      refs: resolved.files,
      roots: resolved.searched.map((p) => path.resolve(io.cwd, p)),
      search,
    };
    const hash = inputsHash(inputs);
    // Nothing changed since the last refresh of these inputs: the readers and schemas are not even loaded.
    const current = sessions ? undefined : unchangedRefresh(index, inputs, hash);
    if (current) return { ...current, inputsHash: hash };
    const [{ refreshIndex }, { readRecordSlice }, { memoryReleaser }] = await Promise.all([
      import('../cache/refresh-index.js'),
      import('../lifecycle/read-record-slice.js'),
      import('./release-memory.js'),
    ]);
    const result = await refreshIndex(index, {
      ...inputs,
      inputsHash: hash,
      readSlice: readRecordSlice,
      ...(pool
        ? {
            parallel: {
              readSlice: pool.readSlice,
              concurrency: pool.size * 2,
              minBytes: pool.minBytes,
              maxFileBytes: 32 * 1024 * 1024,
              readUnit: pool.readUnit,
            },
          }
        : {}),
      sessions,
      onProgress: progress.update,
      onSkip: (_path, message) => warnings.push(message),
      onWarning: (message) => warnOnce(io, message),
      release: memoryReleaser(),
    });
    progress.stop();
    printSkipped(io, warnings);
    return { ...result, inputsHash: hash };
  } finally {
    progress.stop();
    await own?.close();
  }
}

/**
 * False for a "session" of which not one line could be read (a binary or garbage file named `.jsonl`):
 * it is not a session but an unreadable file, which `report` counts (and `validate` locates).
 */
export function isReadable(session: Session): boolean {
  return !(session.counts.records === 0 && session.counts.errors > 0 && session.subagents.length === 0);
}

function countUnreadable(sessions: readonly Session[]): number {
  return sessions.reduce((n, s) => n + (isReadable(s) ? 0 : 1), 0);
}

function countEmpty(sessions: readonly Session[]): number {
  return sessions.reduce((n, s) => n + (isReadable(s) && !holdsConversation(s) ? 1 : 0), 0);
}

/**
 * The line `ls` and `report` print for files that hold no conversation (nothing when there is none);
 * `export` says "exported" instead of "listed".
 */
export function emptyFilesLine(count: number, left: 'listed' | 'exported' = 'listed'): string | undefined {
  if (count === 0) return undefined;
  return count === 1
    ? `1 file holds no conversation (metadata only), so it is not ${left}: agentlog validate shows its lines.`
    : `${formatNumber(count)} files hold no conversation (metadata only), so they are not ${left}: agentlog validate shows their lines.`;
}

/** `listSessions`' filter and order: newest first by start time. */
async function filterAndSort(sessions: Session[], filter: SessionFilter): Promise<Session[]> {
  const { matchesFilter } = await import('../lifecycle/load-sessions.js');
  const kept = sessions.filter((s) => holdsConversation(s) && matchesFilter(s, filter));
  kept.sort((a, b) => (b.startTime ?? '').localeCompare(a.startTime ?? ''));
  return kept;
}
