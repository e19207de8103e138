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
}

export interface SearchOptions {
  /** Only texts of these top-level sessions. */
  rootSessionIds?: readonly string[];
  /** Only these sources (prompt, user, assistant, system, tool_input, tool_result). */
  sources?: readonly string[];
  limit?: number;
  /** Pass the query to FTS5 as written (operators, phrases, columns); default: words, all required. */
  raw?: boolean;
  /** `rank` (best first, the default) or `time` (newest first). */
  order?: 'rank' | 'time';
  /** Tokens around each hit in the snippet (default 12). */
  snippetTokens?: number;
}

/**
 * Full-text search over the index's `search` table. By default the query is taken as plain words that
 * must all occur (each quoted for FTS5, so punctuation is harmless; a trailing `*` keeps prefix search).
 */
export function searchIndex(db: Database.Database, query: string, options: SearchOptions = {}): SearchHit[] {
  const match = options.raw ? query.trim() : toFtsQuery(query);
  if (match === '') throw new QueryError('The search query has no words.');
  const where = ['search MATCH @match'];
  const params: Record<string, unknown> = {
    match,
    limit: options.limit ?? 20,
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
  const order = options.order === 'time' ? 'timestamp DESC, rank' : 'rank';
  const sql = `SELECT root_session_id AS sessionId, session_id AS subSessionId, timestamp, source, role, kind,
      ref_id AS refId, file, line, snippet(search, 0, '${hitStart}', '${hitEnd}', '…', @tokens) AS snippet,
      rank FROM search WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT @limit`;
  try {
    return db.prepare(sql).all(params) as SearchHit[];
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new QueryError(
      options.raw ? `The FTS5 query "${query}" is not valid: ${message}` : `The search failed: ${message}`,
    );
  }
}

/** Plain words to an FTS5 query: each word a quoted string (a trailing `*` stays a prefix match). */
export function toFtsQuery(query: string): string {
  return query
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .map((word) => {
      const prefix = word.length > 1 && word.endsWith('*');
      const body = prefix ? word.slice(0, -1) : word;
      return `"${body.replace(/"/g, '""')}"${prefix ? '*' : ''}`;
    })
    .join(' ');
}
