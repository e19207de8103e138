/**
 * Loads the data of the report commands (`ReportData`, `report-data.ts`): through the index when this run has
 * one (an answer a run with the same inputs stored, else SQL over the rows, `index-report-data.ts`), else from
 * the sessions read (`session-report-data.ts`). Each of the two is loaded only when the run needs it.
 */
import Database from 'better-sqlite3';
import { answerMemo } from '../cache/answers.js';
import type { IndexDb } from '../cache/open-index.js';
import type { SessionFilter } from '../lifecycle/load-sessions.js';
import type { SessionFileRef } from '../sources/index.js';
import { parseFilter } from './filter-options.js';
import { cacheDirFor, type DataFlags, refreshWithProgress, resolveData } from './load-data.js';
import { openOrWarn, warnNoCache } from './open-cache.js';
import type { Io } from './output.js';
import { packageVersion } from './package-version.js';
import type { AnswerRequest, ReportData } from './report-data.js';
import type { ResolvedInputs } from './resolve-inputs.js';
import type { ScanPool } from './scan-pool.js';

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
        const { inputsHash, stats } = await refreshWithProgress(
          index,
          resolved,
          io,
          false,
          pool,
          flags,
          false,
        );
        pool?.release();
        const memo = answerMemo(index.db, inputsHash, packageVersion());
        const recalled = answer && memo?.recall(answer.kind, answer.params);
        if (recalled !== undefined) io.response?.answered();
        const data =
          recalled === undefined
            ? await queriesOf(index, resolved, filter, stats.bytesParsed > 0)
            : answeredData(index);
        return Object.assign(data, {
          files: resolved.files,
          searched: resolved.searched,
          skipped: resolved.skipped,
          recalled,
          current: memo !== undefined,
          remember: (value: unknown) => {
            if (!answer || !memo) return;
            data.endSnapshot();
            if (memo.remember(answer.kind, answer.params, value)) io.response?.answered();
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

/**
 * The answer `data` recalled, or the one `compute` gives, stored for the next runs with the same inputs (see
 * {@link ReportData.recalled}). Await it before closing `data`.
 */
export async function answerOf<T>(data: ReportData, compute: () => T | Promise<T>): Promise<T> {
  if (data.recalled !== undefined) return data.recalled as T;
  const value = await compute();
  data.remember(value);
  return value;
}

/** The reports as queries over the index, in one read snapshot (whatever other processes commit meanwhile). */
async function queriesOf(
  index: IndexDb,
  resolved: ResolvedInputs,
  filter: SessionFilter,
  readLogs: boolean,
): Promise<Omit<ReportData, 'files' | 'searched' | 'skipped' | 'recalled' | 'remember' | 'current'>> {
  const [{ fromIndex, indexDescriber }, { selectTrees }] = await Promise.all([
    import('./index-report-data.js'),
    import('../cache/queries/select-trees.js'),
  ]);
  const describe = await indexDescriber(index.db, readLogs);
  index.db.exec('BEGIN');
  return fromIndex(index, selectTrees(index.db, resolved.files, filter), describe);
}

/** The data of a run whose answer was recalled: no report is computed (a query is a mistake of the caller). */
function answeredData(
  index: IndexDb,
): Omit<ReportData, 'files' | 'searched' | 'skipped' | 'recalled' | 'remember' | 'current'> {
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
