/**
 * The report commands' data as SQL over the index's rows (`src/cache/queries`): no session is built or
 * decoded. Loaded only when a report has to be computed (a recalled answer needs no query).
 */
import Database from 'better-sqlite3';
import type { IndexDb } from '../cache/open-index.js';
import { queryErrors } from '../cache/queries/errors-query.js';
import { queryRateLimits } from '../cache/queries/rate-limits-query.js';
import type { TreeSelection } from '../cache/queries/select-trees.js';
import { sessionFiles } from '../cache/queries/session-files.js';
import { querySessionList } from '../cache/queries/session-list-query.js';
import { querySessionsOverview } from '../cache/queries/sessions-overview-query.js';
import { queryToolInventory } from '../cache/queries/tool-inventory-query.js';
import { queryCountedRequests, queryUsage } from '../cache/queries/usage-query.js';
import { type DescribeTool, saveToolDescriptions, storedToolDescriber } from '../cache/tool-descriptions.js';
import { storePendingTreeParts } from '../cache/tree-parts.js';
import type { ReportData } from './report-data.js';

/**
 * The describer of the tools of the index: the descriptions it keeps when they cover its tools, else the
 * registries' (loaded now), which are then kept for the next runs. `readLogs`: the run's refresh read log
 * lines, so the registries are loaded already and are used as they are (telling whether the kept
 * descriptions cover every tool reads every call row: a run after a change need not).
 */
export async function indexDescriber(db: IndexDb['db'], readLogs = false): Promise<DescribeTool> {
  if (readLogs) return (await import('./describe-tool.js')).describeTool;
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

/** The reports as queries over the index's rows of `selection`, in the read snapshot the caller began. */
export function fromIndex(
  index: IndexDb,
  selection: TreeSelection,
  describeTool: DescribeTool,
): Omit<ReportData, 'files' | 'searched' | 'skipped' | 'recalled' | 'remember' | 'current'> {
  return {
    sessionCount: selection.trees.length,
    overview: () => querySessionsOverview(selection),
    tools: ({ describe, ...options }) =>
      queryToolInventory(selection, describe ? { ...options, describe: describeTool } : options),
    usage: (by, price, options, pricing) => queryUsage(selection, by, price, options, pricing),
    errors: () => queryErrors(selection),
    countedRequests: () => queryCountedRequests(selection),
    rateLimits: () => queryRateLimits(selection),
    sessionList: (validThrough) => querySessionList(selection, Date.now(), validThrough),
    usedFiles: () => sessionFiles(selection),
    unreadableFiles: selection.unreadableFiles,
    emptyFiles: selection.emptyFiles,
    endSnapshot: () => {
      if (index.db.open && index.db.inTransaction) index.db.exec('ROLLBACK');
      storePendingTreeParts(selection);
    },
    close: () => {
      if (!index.db.open) return;
      if (index.db.inTransaction) index.db.exec('ROLLBACK');
      storePendingTreeParts(selection);
      index.db.close();
    },
  };
}
