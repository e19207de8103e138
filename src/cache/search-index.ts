// The full-text `search` table (FTS5): filled for `search` and `cache update`, queried with limits per
// session and in all, each hit with its place and a snippet.
import type Database from 'better-sqlite3';
import { QueryError } from './run-query.js';

/** Marks around a hit in {@link SearchHit.snippet}. */
export const hitStart = '\u0002';
export const hitEnd = '\u0003';

/** One full-text hit: where it is and a snippet with the matched words between {@link hitStart} and {@link hitEnd}. */
export interface SearchHit {
  /** The top-level session. */
  sessionId: string;
  /** The session holding the text (a subagent id for subagent texts). */
  subSessionId: string;
  timestamp: string | null;
  /** prompt, user, assistant, system, tool_input, tool_result. */
  source: string;
  role: string;
  /** Message kind, or the tool name for tool texts. */
  kind: string;
  /** Message id or tool call id. */
  refId: string;
  file: string;
  line: number;
  snippet: string;
  /** FTS5 bm25 rank: lower is better. */
  rank: number;
  /** The whole indexed text (long texts keep their head and tail); only with {@link SearchOptions.withText}. */
  text?: string;
}

/**
 * Bounds on what one plain-words query may cost (the viewer applies them: any web page can make a browser
 * send a query). A prefix term (`ab*`) expands to every indexed word it starts, so prefix terms cost most.
 */
export interface SearchLimits {
  /** Characters in the query. */
  maxLength: number;
  /** Words in the query. */
  maxTerms: number;
  /** Words ending in `*`. */
  maxPrefixTerms: number;
  /** Characters before the `*` of a prefix term. */
  minPrefixLength: number;
}

/** The viewer's bounds. */
export const defaultSearchLimits: SearchLimits = {
  maxLength: 500,
  maxTerms: 16,
  maxPrefixTerms: 4,
  minPrefixLength: 3,
};

export interface SearchOptions {
  /** Only texts of these top-level sessions. */
  rootSessionIds?: readonly string[];
  /** Only these sources (prompt, user, assistant, system, tool_input, tool_result). */
  sources?: readonly string[];
  limit?: number;
  /** Hits to skip (paging, with `limit`). */
  offset?: number;
  /** Pass the query to FTS5 as written (operators, phrases, columns); default: words, all required. */
  raw?: boolean;
  /** Bounds on a plain-words query (see {@link SearchLimits}); a query beyond them is a QueryError. */
  limits?: SearchLimits;
  /** `rank` (best first, the default) or `time` (newest first). */
  order?: 'rank' | 'time';
  /** Tokens around each hit in the snippet (default 12). */
  snippetTokens?: number;
  /** Also return each hit's whole text (to redact it before a snippet is cut from it). */
  withText?: boolean;
}

/** The SQL of a search and its parameters, to run on any connection to the index (`.all(params)`). */
export interface SearchStatement {
  sql: string;
  params: Record<string, unknown>;
}

/**
 * Full-text search over the index's `search` table. By default the query is taken as plain words that
 * must all occur (each quoted for FTS5, so punctuation is harmless; a trailing `*` keeps prefix search).
 */
export function searchIndex(db: Database.Database, query: string, options: SearchOptions = {}): SearchHit[] {
  const { sql, params } = searchStatement(query, options);
  try {
    return db.prepare(sql).all(params) as SearchHit[];
  } catch (error) {
    throw searchFailure(query, options, error);
  }
}

/** The error of a failed search statement, for the user. */
export function searchFailure(query: string, options: SearchOptions, error: unknown): QueryError {
  const message = error instanceof Error ? error.message : String(error);
  return new QueryError(
    options.raw ? `The FTS5 query "${query}" is not valid: ${message}` : `The search failed: ${message}`,
  );
}

/** The statement {@link searchIndex} runs; a QueryError when the query has no words or is beyond its limits. */
export function searchStatement(query: string, options: SearchOptions = {}): SearchStatement {
  const match = options.raw ? query.trim() : toFtsQuery(query, options.limits);
  if (match === '') throw new QueryError('The search query has no words.');
  const where = ['search MATCH @match'];
  const params: Record<string, unknown> = {
    match,
    limit: options.limit ?? 20,
    offset: options.offset ?? 0,
    tokens: Math.max(1, Math.min(64, options.snippetTokens ?? 12)),
  };
  if (options.rootSessionIds !== undefined) {
    where.push('root_session_id IN (SELECT value FROM json_each(@roots))');
    params.roots = JSON.stringify(options.rootSessionIds);
  }
  if (options.sources !== undefined) {
    where.push('source IN (SELECT value FROM json_each(@sources))');
    params.sources = JSON.stringify(options.sources);
  }
  // Ties broken by where the text is (not by rowid: processes sharing the index insert units in any order).
  const place = 'file, line, source, ref_id';
  const order = options.order === 'time' ? `timestamp DESC, rank, ${place}` : `rank, ${place}`;
  const sql = `SELECT root_session_id AS sessionId, session_id AS subSessionId, timestamp, source, role, kind,
      ref_id AS refId, file, line, snippet(search, 0, '${hitStart}', '${hitEnd}', '…', @tokens) AS snippet,
      rank${options.withText ? ', text' : ''} FROM search WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT @limit OFFSET @offset`;
  return { sql, params };
}

/**
 * Plain words to an FTS5 query: each word a quoted string (a trailing `*` stays a prefix match). With
 * `limits`, a query beyond them is a QueryError saying which bound and how to narrow it.
 */
export function toFtsQuery(query: string, limits?: SearchLimits): string {
  if (limits && query.length > limits.maxLength)
    throw new QueryError(
      `The search query has ${query.length} characters; at most ${limits.maxLength} are searched. Use fewer words.`,
    );
  const words = query.split(/\s+/).filter((word) => word.length > 0);
  const prefixes = words.filter((word) => word.length > 1 && word.endsWith('*'));
  if (limits) {
    if (words.length > limits.maxTerms)
      throw new QueryError(
        `The search query has ${words.length} words; at most ${limits.maxTerms} are searched. Use fewer words.`,
      );
    if (prefixes.length > limits.maxPrefixTerms)
      throw new QueryError(
        `The search query has ${prefixes.length} words ending in *; at most ${limits.maxPrefixTerms} are searched. Write more of the words out.`,
      );
    const short = prefixes.find((word) => [...word].length - 1 < limits.minPrefixLength);
    if (short !== undefined)
      throw new QueryError(
        `The prefix "${short}" is too short: a word ending in * needs at least ${limits.minPrefixLength} characters before the *.`,
      );
  }
  return words
    .map((word) => {
      const prefix = word.length > 1 && word.endsWith('*');
      const body = prefix ? word.slice(0, -1) : word;
      return `"${body.replace(/"/g, '""')}"${prefix ? '*' : ''}`;
    })
    .join(' ');
}
