import type { Pricer } from '../../analytics/usage-report.js';
import type { Session } from '../../model/session.js';

/** A full-text hit as the viewer needs it (the index's `SearchHit`). */
export interface ViewerSearchHit {
  sessionId: string;
  subSessionId: string;
  /** The file the text was read from: tells apart sessions that share an id. */
  file?: string;
  timestamp: string | null;
  source: string;
  kind: string;
  refId: string;
  snippet: string;
}

/** Where the viewer's data comes from (the CLI builds it over the index). */
export interface ViewerSource {
  /** Top-level sessions, newest first; the index's report models are enough. Called on every list request. */
  sessions(): Promise<Session[]>;
  /** The full session (texts, inputs, results) of a top-level session, or undefined. */
  session(id: string): Promise<Session | undefined>;
  /**
   * Full-text search in these sessions, `page.limit` hits from `page.offset`. Throws a
   * {@link ViewerSearchError} (its message for the user) on a query it will not run.
   */
  search(
    query: string,
    sessionIds: readonly string[],
    page: { offset: number; limit: number },
  ): Promise<ViewerSearchHit[]>;
  /** Marks around hits in snippets. */
  searchMarks: [string, string];
  price: Pricer;
  /** The time zone of the dashboard's days and of the list's date filters (IANA name; UTC unless given). */
  timeZone?: string;
}

/** A search the source will not run or could not finish: its message is for the user, with an HTTP status. */
export class ViewerSearchError extends Error {
  constructor(
    message: string,
    /** 400: a query beyond the bounds; 503: too expensive or too many at once. */
    readonly status: 400 | 503,
  ) {
    super(message);
    this.name = 'ViewerSearchError';
  }
}
