// `agentlog sql`: read-only queries over the index (a statement that would write is refused), with their
// column names.
import type Database from 'better-sqlite3';

/** A query that would change the index, or that SQLite rejects. */
export class QueryError extends Error {
  override readonly name = 'QueryError';
}

/** Rows of a read-only query, with the column names in order. */
export interface QueryResult {
  columns: string[];
  rows: Record<string, unknown>[];
}

/**
 * Runs one read-only statement (a `SELECT`, `WITH ... SELECT`, or a read-only `PRAGMA`/`EXPLAIN`) and
 * returns its rows. Statements that write are refused before they run, whatever the connection allows;
 * callers also open the database read-only.
 */
export function runReadOnlyQuery(db: Database.Database, sql: string): QueryResult {
  const statement = prepareReadOnly(db, sql);
  try {
    const columns = statement.columns().map((c) => c.name);
    const rows = statement.all() as Record<string, unknown>[];
    return { columns, rows };
  } catch (error) {
    throw new QueryError(`The query failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The statement of one read-only query that returns rows, prepared (not run); a QueryError for any other. */
export function prepareReadOnly(db: Database.Database, sql: string): Database.Statement {
  const text = sql.trim();
  if (text === '') throw new QueryError('The query is empty.');
  let statement: Database.Statement;
  try {
    statement = db.prepare(text);
  } catch (error) {
    throw new QueryError(
      `SQLite rejected the query: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (!statement.readonly)
    throw new QueryError(
      `Only read-only queries (SELECT) run on the index; "${firstWords(text)}" would change it.`,
    );
  if (!statement.reader)
    throw new QueryError(`The statement "${firstWords(text)}" returns no rows; use a SELECT.`);
  return statement;
}

function firstWords(text: string): string {
  const words = text.split(/\s+/).slice(0, 3).join(' ');
  return words.length > 40 ? `${words.slice(0, 39)}…` : words;
}
