/**
 * The report commands' data without the index (`--no-cache`, `--demo`, no cache folder, an index that cannot be
 * used): the sessions are read and the analytics functions compute the reports the index's queries give
 * (`index-report-data.ts`), byte for byte.
 */

import { countedRequests } from '../analytics/counted-requests.js';
import { computeErrors } from '../analytics/error-report.js';
import { sessionRateLimits } from '../analytics/rate-limit-report.js';
import { sessionState } from '../analytics/session-state.js';
import { summarizeSession } from '../analytics/session-summary.js';
import { computeSessionsOverview } from '../analytics/sessions-overview.js';
import { computeToolInventory } from '../analytics/tool-inventory.js';
import { computeUsage } from '../analytics/usage-report.js';
import type { SessionFilter } from '../lifecycle/load-sessions.js';
import { allSessions } from '../model/all-sessions.js';
import { lastWriteMs } from '../viewer/last-write.js';
import { readSessions } from './load-data.js';
import type { Io } from './output.js';
import type { ReportData } from './report-data.js';
import type { ResolvedInputs } from './resolve-inputs.js';

/** The reports of the sessions of `resolved` that pass `filter`, read now. */
export async function sessionReportData(
  resolved: ResolvedInputs,
  filter: SessionFilter,
  io: Io,
): Promise<ReportData> {
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
    recalled: undefined,
    remember: () => undefined,
    current: false,
    endSnapshot: () => undefined,
    close: () => undefined,
  };
}
