/**
 * The data of the report commands (`report`, `ls`, `tools`, `errors`, `usage`, `blocks`): with the index cache, the
 * reports are SQL queries over the index rows (`src/cache/queries`) and no session is built or decoded;
 * without it (`--no-cache`, `--demo`, no cache folder, an index that cannot be used) the sessions are read
 * and the analytics functions compute the same reports. One interface for both, so a command does not
 * care which.
 */
import Database from 'better-sqlite3';
import { allSessions } from '../analytics/all-calls.js';
import { type CountedRequests, countedRequests } from '../analytics/counted-requests.js';
import { computeErrors, type ErrorReport } from '../analytics/error-report.js';
import { sessionRateLimits } from '../analytics/rate-limit-report.js';
import { sessionState } from '../analytics/session-state.js';
import { summarizeSession } from '../analytics/session-summary.js';
import { computeSessionsOverview, type SessionsOverview } from '../analytics/sessions-overview.js';
import {
  computeToolInventory,
  type InventoryOptions,
  type ToolInventoryRow,
} from '../analytics/tool-inventory.js';
import {
  computeUsage,
  type Pricer,
  type UsageOptions,
  type UsageReport,
  type UsageSplit,
} from '../analytics/usage-report.js';
import type { IndexDb } from '../cache/open-index.js';
import { queryErrors } from '../cache/queries/errors-query.js';
import { queryRateLimits } from '../cache/queries/rate-limits-query.js';
import { selectTrees, type TreeSelection } from '../cache/queries/select-trees.js';
import { sessionFiles } from '../cache/queries/session-files.js';
import { querySessionList, type SessionListRow } from '../cache/queries/session-list-query.js';
import { querySessionsOverview } from '../cache/queries/sessions-overview-query.js';
import { queryToolInventory } from '../cache/queries/tool-inventory-query.js';
import { queryCountedRequests, queryUsage } from '../cache/queries/usage-query.js';
import { type DescribeTool, saveToolDescriptions, storedToolDescriber } from '../cache/tool-descriptions.js';
import type { RateLimitSnapshot } from '../model/rate-limits.js';
import type { SessionFileRef, SkippedFile } from '../sources/index.js';
import { lastWriteMs } from '../viewer/last-write.js';
import { parseFilter } from './filter-options.js';
import { cacheDirFor, type DataFlags, readSessions, refreshWithProgress, resolveData } from './load-data.js';
import { openOrWarn, warnNoCache } from './open-cache.js';
import type { Io } from './output.js';
import type { ResolvedInputs } from './resolve-inputs.js';
import type { ScanPool } from './scan-pool.js';

/** The tool inventory's options, with `describe` asked for rather than given (see {@link ReportData.tools}). */
export type ToolsOptions = Omit<InventoryOptions, 'describe'> & { describe?: boolean };

/** The reports of one run's sessions (filtered), however they are computed. Call `close` when done. */
export interface ReportData {
  /** Sessions shown (top-level, holding a conversation, matching the filters). */
  sessionCount: number;
  overview(): SessionsOverview;
  /**
   * The tool inventory; `describe: true` fills each row's description from the agents' registries (through the
   * index, from the descriptions it keeps: a warm run loads no registry).
   */
  tools(options: ToolsOptions): ToolInventoryRow[];
  usage(by: UsageSplit, price: Pricer, options?: UsageOptions): UsageReport;
  errors(): ErrorReport;
  /** The requests usage counts, one by one (`blocks`). */
  countedRequests(): CountedRequests;
  /** The last rate limits each session recorded (Codex), for `latestRateLimits`. */
  rateLimits(): RateLimitSnapshot[];
  /** `ls`'s rows: each session's summary and state now. */
  sessionList(): SessionListRow[];
  /** The files of the sessions shown, subagent files included. */
  usedFiles(): Set<string>;
  unreadableFiles: number;
  emptyFiles: number;
  files: SessionFileRef[];
  searched: string[];
  skipped: SkippedFile[];
  close(): void;
}

/**
 * Like `loadData`, for the report commands: through the index when this run has a cache (the reports are
 * queries; sessions are not decoded), else from the sessions read (see {@link ReportData}).
 */
export async function loadReportData(
  paths: readonly string[],
  flags: DataFlags,
  io: Io,
  pool?: ScanPool,
  onResolved?: (resolved: { files: SessionFileRef[]; searched: string[] }) => void,
  /** The run's inputs when the caller resolved them already. */
  given?: ResolvedInputs,
): Promise<ReportData> {
  const filter = parseFilter(flags);
  const resolved = given ?? (await resolveData(paths, flags, io));
  onResolved?.(resolved);
  const cacheDir = cacheDirFor(flags, io, resolved.searched);
  if (cacheDir !== undefined) {
    const index = openOrWarn(cacheDir, io);
    if (index) {
      try {
        await refreshWithProgress(index, resolved, io, false, pool, flags, false);
        // One read snapshot for every query of this run, whatever other processes commit meanwhile.
        const describe = await indexDescriber(index.db);
        index.db.exec('BEGIN');
        const data = fromIndex(index, selectTrees(index.db, resolved.files, filter), describe);
        return { ...data, files: resolved.files, searched: resolved.searched, skipped: resolved.skipped };
      } catch (error) {
        index.db.close();
        // A locked or damaged index: this run reads without it (as `loadData` does).
        if (!(error instanceof Database.SqliteError)) throw error;
        warnNoCache(io, cacheDir, error);
      }
    }
  }
  const loaded = await readSessions(resolved, filter, io);
  const { sessions } = loaded;
  const { describeTool } = await import('./describe-tool.js');
  // Files read from the archive are gone from disk: their time is the one they had when archived.
  const archivedTimes = new Map(loaded.files.filter((f) => f.fromArchive).map((f) => [f.path, f.mtimeMs]));
  return {
    sessionCount: sessions.length,
    overview: () => computeSessionsOverview(sessions),
    tools: ({ describe, ...options }) =>
      computeToolInventory(sessions, describe ? { ...options, describe: describeTool } : options),
    usage: (by, price, options) => computeUsage(sessions, by, price, options),
    errors: () => computeErrors(sessions),
    countedRequests: () => countedRequests(sessions),
    rateLimits: () => sessionRateLimits(sessions),
    sessionList: () =>
      sessions.map((s) => {
        const write = lastWriteMs(s, archivedTimes);
        return {
          ...summarizeSession(s),
          state: sessionState(s, write === undefined ? {} : { lastWriteMs: write }).state,
        };
      }),
    usedFiles: () => new Set(sessions.flatMap((s) => [...allSessions([s])].flatMap((x) => x.files))),
    unreadableFiles: loaded.unreadableFiles,
    emptyFiles: loaded.emptyFiles,
    files: loaded.files,
    searched: loaded.searched,
    skipped: loaded.skipped,
    close: () => undefined,
  };
}

/**
 * The describer of the tools of the index: the descriptions it keeps when they cover its tools, else the
 * registries' (loaded now), which are then kept for the next runs.
 */
async function indexDescriber(db: IndexDb['db']): Promise<DescribeTool> {
  const stored = storedToolDescriber(db);
  if (stored) return stored;
  const { describeTool } = await import('./describe-tool.js');
  try {
    saveToolDescriptions(db, describeTool);
  } catch (error) {
    // Another process holds the write lock: the next run keeps them.
    if (!(error instanceof Database.SqliteError)) throw error;
  }
  return describeTool;
}

function fromIndex(
  index: IndexDb,
  selection: TreeSelection,
  describeTool: DescribeTool,
): Omit<ReportData, 'files' | 'searched' | 'skipped'> {
  return {
    sessionCount: selection.trees.length,
    overview: () => querySessionsOverview(selection),
    tools: ({ describe, ...options }) =>
      queryToolInventory(selection, describe ? { ...options, describe: describeTool } : options),
    usage: (by, price, options) => queryUsage(selection, by, price, options),
    errors: () => queryErrors(selection),
    countedRequests: () => queryCountedRequests(selection),
    rateLimits: () => queryRateLimits(selection),
    sessionList: () => querySessionList(selection),
    usedFiles: () => sessionFiles(selection),
    unreadableFiles: selection.unreadableFiles,
    emptyFiles: selection.emptyFiles,
    close: () => {
      if (!index.db.open) return;
      if (index.db.inTransaction) index.db.exec('ROLLBACK');
      index.db.close();
    },
  };
}
