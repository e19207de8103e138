/**
 * The data of the report commands (`report`, `ls`, `tools`, `errors`, `usage`, `blocks`): with the index cache, the
 * reports are SQL queries over the index rows (`index-report-data.ts`) and no session is built or decoded;
 * without it (`--no-cache`, `--demo`, no cache folder, an index that cannot be used) the sessions are read
 * and the analytics functions compute the same reports (`session-report-data.ts`). One interface for both,
 * so a command does not care which. A command may ask for an answer a run with the same inputs stored
 * (`cache/answers.ts`): then neither is loaded.
 */
import Database from 'better-sqlite3';
import type { CountedRequests } from '../analytics/counted-requests.js';
import type { ErrorReport } from '../analytics/error-report.js';
import type { SessionsOverview } from '../analytics/sessions-overview.js';
import type { InventoryOptions, ToolInventoryRow } from '../analytics/tool-inventory.js';
import type { Pricer, UsageOptions, UsageReport, UsageSplit } from '../analytics/usage-report.js';
import { answerMemo } from '../cache/answers.js';
import type { IndexDb } from '../cache/open-index.js';
import type { SessionListRow } from '../cache/queries/session-list-query.js';
import type { SessionFilter } from '../lifecycle/load-sessions.js';
import type { RateLimitSnapshot } from '../model/rate-limits.js';
import type { SessionFileRef, SkippedFile } from '../sources/index.js';
import { parseFilter } from './filter-options.js';
import { cacheDirFor, type DataFlags, refreshWithProgress, resolveData } from './load-data.js';
import { openOrWarn, warnNoCache } from './open-cache.js';
import type { Io } from './output.js';
import { packageVersion } from './package-version.js';
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
  /**
   * The answer asked for with `loadReportData`'s `answer`, as a run with the same inputs stored it (the index
   * is up to date with them and nothing changed since); undefined when it has to be computed. The query
   * methods are not to be called when it is given.
   */
  recalled: unknown;
  /** Stores the answer asked for, for the next runs with the same inputs (a no-op without the index). */
  remember(value: unknown): void;
  /** Ends the read snapshot the queries share (before work that takes long, or writes to the index). */
  endSnapshot(): void;
  close(): void;
}

/** An answer a report command would keep: its kind and every parameter it depends on besides the inputs. */
export interface AnswerRequest {
  kind: string;
  params: unknown;
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
  /** An answer to recall (see {@link ReportData.recalled}). */
  answer?: AnswerRequest,
): Promise<ReportData> {
  const filter = parseFilter(flags);
  const resolved = given ?? (await resolveData(paths, flags, io));
  onResolved?.(resolved);
  const cacheDir = cacheDirFor(flags, io, resolved.searched);
  if (cacheDir !== undefined) {
    const index = openOrWarn(cacheDir, io);
    if (index) {
      try {
        const { inputsHash } = await refreshWithProgress(index, resolved, io, false, pool, flags, false);
        const memo = answer && answerMemo(index.db, inputsHash, packageVersion());
        const recalled = answer && memo?.recall(answer.kind, answer.params);
        const data = recalled === undefined ? await queriesOf(index, resolved, filter) : answeredData(index);
        return Object.assign(data, {
          files: resolved.files,
          searched: resolved.searched,
          skipped: resolved.skipped,
          recalled,
          remember: (value: unknown) => {
            if (!answer || !memo) return;
            if (index.db.inTransaction) index.db.exec('ROLLBACK');
            memo.remember(answer.kind, answer.params, value);
          },
        });
      } catch (error) {
        index.db.close();
        // A locked or damaged index: this run reads without it (as `loadData` does).
        if (!(error instanceof Database.SqliteError)) throw error;
        warnNoCache(io, cacheDir, error);
      }
    }
  }
  return (await import('./session-report-data.js')).sessionReportData(resolved, filter, io);
}

/** The reports as queries over the index, in one read snapshot (whatever other processes commit meanwhile). */
async function queriesOf(
  index: IndexDb,
  resolved: ResolvedInputs,
  filter: SessionFilter,
): Promise<Omit<ReportData, 'files' | 'searched' | 'skipped' | 'recalled' | 'remember'>> {
  const [{ fromIndex, indexDescriber }, { selectTrees }] = await Promise.all([
    import('./index-report-data.js'),
    import('../cache/queries/select-trees.js'),
  ]);
  const describe = await indexDescriber(index.db);
  index.db.exec('BEGIN');
  return fromIndex(index, () => selectTrees(index.db, resolved.files, filter), describe);
}

/** The data of a run whose answer was recalled: no report is computed (a query is a mistake of the caller). */
function answeredData(
  index: IndexDb,
): Omit<ReportData, 'files' | 'searched' | 'skipped' | 'recalled' | 'remember'> {
  const recalled = (): never => {
    throw new Error('The answer was recalled: no report is computed.');
  };
  return {
    get sessionCount() {
      return recalled();
    },
    overview: recalled,
    tools: recalled,
    usage: recalled,
    errors: recalled,
    countedRequests: recalled,
    rateLimits: recalled,
    sessionList: recalled,
    usedFiles: recalled,
    get unreadableFiles() {
      return recalled();
    },
    get emptyFiles() {
      return recalled();
    },
    endSnapshot: () => undefined,
    close: () => {
      if (index.db.open) index.db.close();
    },
  };
}
