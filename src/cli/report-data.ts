/**
 * The data of the report commands (`report`, `ls`, `tools`, `errors`, `usage`, `blocks`): with the index cache, the
 * reports are SQL queries over the index rows (`index-report-data.ts`) and no session is built or decoded;
 * without it (`--no-cache`, `--demo`, no cache folder, an index that cannot be used) the sessions are read
 * and the analytics functions compute the same reports (`session-report-data.ts`). One interface for both,
 * so a command does not care which. A command may ask for an answer a run with the same inputs stored
 * (`cache/answers.ts`): then neither is loaded.
 */
import type { CountedRequests } from '../analytics/counted-requests.js';
import type { ErrorReport } from '../analytics/error-report.js';
import type { SessionsOverview } from '../analytics/sessions-overview.js';
import type { InventoryOptions, ToolInventoryRow } from '../analytics/tool-inventory.js';
import type { Pricer, UsageOptions, UsageReport, UsageSplit } from '../analytics/usage-report.js';
import type { SessionListRow } from '../cache/queries/session-list-query.js';
import type { RateLimitSnapshot } from '../model/rate-limits.js';
import type { SessionFileRef, SkippedFile } from '../sources/index.js';

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
  /**
   * The usage report; `pricing` names the prices of `price` (`KeyedPricer.key`), which lets the index keep
   * and reuse sums priced with them.
   */
  usage(by: UsageSplit, price: Pricer, options?: UsageOptions, pricing?: string): UsageReport;
  errors(): ErrorReport;
  /** The requests usage counts, one by one (`blocks`). */
  countedRequests(): CountedRequests;
  /** The last rate limits each session recorded (Codex), for `latestRateLimits`. */
  rateLimits(): RateLimitSnapshot[];
  /**
   * `ls`'s rows: each session's summary and state now; `validThrough`, when given, is told the last time at which
   * every state is still the same (with the index only: the rows say when each session was last written).
   */
  sessionList(validThrough?: (ms: number) => void): SessionListRow[];
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
  /**
   * Whether the data are those of the run's inputs through an index up to date with them (then the run's
   * output may be kept as a response memo, `response-recorder.ts`); false without the index.
   */
  current: boolean;
  /** Ends the read snapshot the queries share (before work that takes long, or writes to the index). */
  endSnapshot(): void;
  close(): void;
}

/** An answer a report command would keep: its kind and every parameter it depends on besides the inputs. */
export interface AnswerRequest {
  kind: string;
  params: unknown;
}
