import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import type { Command } from 'commander';
import { assertOutsideInputs, CacheLocationError, resolveCacheDir } from '../index/cache-location.js';
import { cachedFileFacts, type FactFile } from '../index/file-facts.js';
import { type IndexDb, openIndex } from '../index/open-index.js';
import {
  emptyCounts,
  FileUnreadableError,
  type RecordPart,
  type RecordSliceReader,
} from '../index/record-slice.js';
import { type RefreshStats, refreshIndex } from '../index/refresh-index.js';
import type { LocatedRecord } from '../lifecycle/claude-code/build-conversation.js';
import { listSessions, matchesFilter, recordTypeOf, type SessionFilter } from '../lifecycle/load-sessions.js';
import type { Session } from '../model/session.js';
import type { LocatedProblem } from '../model/source-location.js';
import { ReadError, readJsonl } from '../reader/index.js';
import { looksLikeCodexRollout } from '../schemas/codex/decode-line.js';
import type { Agent } from '../schemas/common/agent.js';
import type { SessionFileRef } from '../sources/index.js';
import { CliError, exitCodes } from './cli-error.js';
import { type FilterFlags, parseFilter } from './filter-options.js';
import { colorsFor, type Io } from './output.js';
import { packageVersion } from './package-version.js';
import { createProgress } from './progress.js';
import { nothingFound, resolveInputs } from './resolve-inputs.js';

/** The demo logs shipped in the package (`demo/`, written by `scripts/make-demo.mjs`). */
export function demoDir(): string {
  return fileURLToPath(new URL('../../demo', import.meta.url));
}

export interface DataFlags extends FilterFlags {
  demo?: boolean;
  /** False with `--no-cache`. */
  cache?: boolean;
  cacheDir?: string;
}

export interface LoadedData {
  sessions: Session[];
  files: SessionFileRef[];
  searched: string[];
}

/** Adds `--cache-dir DIR` and `--no-cache` to a data command. */
export function addCacheOptions(command: Command): Command {
  return command
    .option(
      '--cache-dir <dir>',
      'where the index cache lives (default: $AGENTLOG_CACHE_DIR, $XDG_CACHE_HOME/agentlog or ~/.cache/agentlog)',
    )
    .option('--no-cache', 'read every file again, without the index cache');
}

/**
 * Finds the inputs (PATHs, `--demo`, or the default folders), reads and filters the sessions, newest first.
 * With a cache folder (the default; see `resolveCacheDir`) sessions come through the index: only changed
 * files are read, and the sessions are report models (no message text, call inputs or result contents; the
 * report commands read none). `--no-cache`, or an environment without a home folder, reads every file.
 */
export async function loadData(paths: readonly string[], flags: DataFlags, io: Io): Promise<LoadedData> {
  const filter = parseFilter(flags);
  const resolved = await resolveData(paths, flags, io);
  const cacheDir = cacheDirFor(flags, io, resolved.searched);
  if (cacheDir !== undefined) {
    const index = openOrWarn(cacheDir, io);
    if (index) {
      try {
        const { sessions } = await refreshWithProgress(index, resolved, io, false);
        return {
          sessions: filterAndSort(sessions, filter),
          files: resolved.files,
          searched: resolved.searched,
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
  const progress = createProgress(io, 'Reading logs');
  try {
    const { sessions, warnings } = await listSessions({
      ...filter,
      files: resolved.files,
      onProgress: progress.update,
    });
    progress.stop();
    printSkipped(io, warnings);
    return { sessions, files: resolved.files, searched: resolved.searched };
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
 * `cache update`): a CliError when the cache is turned off or there is no cache folder.
 */
export async function loadIndexed(paths: readonly string[], flags: DataFlags, io: Io): Promise<IndexedData> {
  const filter = parseFilter(flags);
  const resolved = await resolveData(paths, flags, io);
  const cacheDir = cacheDirFor(flags, io, resolved.searched);
  if (cacheDir === undefined)
    throw new CliError(
      flags.cache === false
        ? 'This command needs the index cache; drop --no-cache.'
        : 'No cache folder: set AGENTLOG_CACHE_DIR, XDG_CACHE_HOME or HOME, or pass --cache-dir.',
      { exitCode: exitCodes.usage },
    );
  const index = openIndex({ cacheDir, agentlogVersion: packageVersion() });
  try {
    const { sessions, stats } = await refreshWithProgress(index, resolved, io, true);
    return {
      sessions: filterAndSort(sessions, filter),
      files: resolved.files,
      searched: resolved.searched,
      index,
      stats,
    };
  } catch (error) {
    index.db.close();
    throw error;
  }
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
): Promise<T[]> {
  const cacheDir = cacheDirFor(flags, io, searched);
  const index = cacheDir === undefined ? undefined : openOrWarn(cacheDir, io);
  if (index) {
    try {
      return (await cachedFileFacts(index.db, kind, files, compute)).values;
    } catch (error) {
      if (!(error instanceof Database.SqliteError)) throw error;
      warnNoCache(io, cacheDir as string, error);
    } finally {
      index.db.close();
    }
  }
  const values: T[] = [];
  for (const file of files) values.push(await compute(file.path));
  return values;
}

/** The cache folder this run uses, or undefined for none; refuses one inside the inputs. */
export function cacheDirFor(flags: DataFlags, io: Io, searched: readonly string[]): string | undefined {
  if (flags.cache === false) return undefined;
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

async function resolveData(
  paths: readonly string[],
  flags: DataFlags,
  io: Io,
): Promise<{ files: SessionFileRef[]; searched: string[] }> {
  let inputs = paths;
  if (flags.demo) {
    if (paths.length > 0) throw new CliError('Use either --demo or PATHs, not both.', { exitCode: 2 });
    const dir = demoDir();
    if (!existsSync(dir))
      throw new CliError(`The demo data is missing from this installation (expected "${dir}").`);
    inputs = [dir];
  }
  const resolved = await resolveInputs(inputs, io);
  if (resolved.files.length === 0) throw nothingFound(resolved.searched);
  return resolved;
}

/** Opens the index; a cache that cannot be opened (read-only disk, locked too long) is a warning, not a failure. */
function openOrWarn(cacheDir: string, io: Io): IndexDb | undefined {
  try {
    return openIndex({ cacheDir, agentlogVersion: packageVersion() });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | null)?.code;
    if (!(error instanceof Database.SqliteError) && !(typeof code === 'string' && /^E[A-Z]+$/.test(code)))
      throw error;
    warnNoCache(io, cacheDir, error);
    return undefined;
  }
}

function warnNoCache(io: Io, cacheDir: string, error: unknown): void {
  const colors = colorsFor(io, 'stderr');
  const reason = error instanceof Error ? error.message : String(error);
  io.stderr.write(
    `${colors.yellow('warning')}: The index cache in "${cacheDir}" cannot be used (${reason}); reading without it.\n`,
  );
}

async function refreshWithProgress(
  index: IndexDb,
  resolved: { files: SessionFileRef[]; searched: string[] },
  io: Io,
  search: boolean,
): Promise<{ sessions: Session[]; stats: RefreshStats }> {
  const progress = createProgress(io, 'Reading logs');
  const warnings: string[] = [];
  try {
    const result = await refreshIndex(index, {
      refs: resolved.files,
      roots: resolved.searched.map((p) => path.resolve(io.cwd, p)),
      readSlice: readRecordSlice,
      search,
      onProgress: progress.update,
      onSkip: (_path, message) => warnings.push(message),
    });
    progress.stop();
    printSkipped(io, warnings);
    return result;
  } finally {
    progress.stop();
  }
}

/** `listSessions`' filter and order: newest first by start time. */
function filterAndSort(sessions: Session[], filter: SessionFilter): Session[] {
  const kept = sessions.filter((s) => matchesFilter(s, filter));
  kept.sort((a, b) => (b.startTime ?? '').localeCompare(a.startTime ?? ''));
  return kept;
}

function printSkipped(io: Io, warnings: readonly string[]): void {
  const colors = colorsFor(io, 'stderr');
  for (const warning of warnings) io.stderr.write(`${colors.yellow('warning')}: ${warning} Skipped.\n`);
}

/**
 * Reads a file from a resume point for the index, with lifecycle's `readRecordFile` rules (agent from the
 * first record, records counted by type) and the unterminated last line kept apart.
 * Interim home: it belongs in lifecycle/ next to `readRecordFile` (the index may not import reader/).
 */
export const readRecordSlice: RecordSliceReader = async (file, options = {}) => {
  const start = options.start ?? { byteOffset: 0, line: 1, records: 0, agent: undefined };
  const project = options.project;
  const body: RecordPart = { records: [], problems: [], counts: emptyCounts() };
  let agent: Agent | undefined = start.agent;
  let index = start.records;
  let last:
    | {
        byteOffset: number;
        record?: LocatedRecord;
        problem?: LocatedProblem;
        type?: RecordType;
        agent: Agent | undefined;
      }
    | undefined;
  const reader = readJsonl(file, { start: { byteOffset: start.byteOffset, line: start.line } });
  try {
    for await (const result of reader) {
      const location = { file, line: result.location.line };
      if (!result.ok) {
        const problem = { location, type: result.error.type, message: result.error.message };
        body.problems.push(problem);
        last = { byteOffset: result.location.byteOffset, problem, agent };
        continue;
      }
      const before = agent;
      agent ??= looksLikeCodexRollout(result.value) ? 'codex' : 'claude-code';
      const type = recordTypeOf(agent, result.value, index++);
      countType(body, type, 1);
      const record = { value: project ? project(result.value) : result.value, location };
      body.records.push(record);
      last = { byteOffset: result.location.byteOffset, record, type, agent: before };
    }
  } catch (error) {
    if (error instanceof ReadError) throw new FileUnreadableError(error.message, { cause: error });
    throw error;
  }
  const stats = reader.stats;
  body.counts.lines = stats.physicalLines;
  body.counts.blankLines = stats.blankLines;
  body.counts.records = stats.decoded;
  body.counts.errors = stats.errors;
  const fileAgent = agent;
  let tail: RecordPart | undefined;
  if (stats.endOffset < start.byteOffset + stats.bytesRead) {
    tail = { records: [], problems: [], counts: emptyCounts() };
    tail.counts.lines = 1;
    body.counts.lines -= 1;
    if (last !== undefined && last.byteOffset >= stats.endOffset) {
      if (last.record !== undefined && last.type !== undefined) {
        tail.records.push(body.records.pop() as LocatedRecord);
        countType(body, last.type, -1);
        countType(tail, last.type, 1);
        body.counts.records -= 1;
        tail.counts.records = 1;
        index -= 1;
        agent = last.agent;
      } else {
        tail.problems.push(body.problems.pop() as LocatedProblem);
        body.counts.errors -= 1;
        tail.counts.errors = 1;
      }
    } else {
      body.counts.blankLines -= 1;
      tail.counts.blankLines = 1;
    }
  }
  return {
    body,
    tail,
    end: { byteOffset: stats.endOffset, line: stats.endLine, records: index, agent },
    agent: fileAgent,
    bytesRead: stats.bytesRead,
  };
};

type RecordType = ReturnType<typeof recordTypeOf>;

function countType(part: RecordPart, type: RecordType, delta: number): void {
  const bump = (counts: Record<string, number>) => {
    const value = (counts[type.name] ?? 0) + delta;
    if (value === 0) delete counts[type.name];
    else counts[type.name] = value;
  };
  bump(part.counts.recordsByType);
  if (!type.known) bump(part.counts.unknownRecordTypes);
}
