/**
 * What the MCP server's tools read: the index (kept up to date by the command that starts the server),
 * the files of the run, prices, the redactor for text that leaves the server, and the project the server
 * is scoped to. The tools never open a path a client names: sessions come from the index alone.
 */
import type Database from 'better-sqlite3';
import type { Pricer } from '../analytics/usage-report.js';
import type { Redactor } from '../redaction/index.js';
import type { SessionFileRef } from '../sources/index.js';

/** One statement to run on a read-only connection of its own, with a time budget. */
export interface BoundedStatement {
  sql: string;
  params: Record<string, unknown>;
}

export interface McpContext {
  /** The index brought up to date (incrementally, at most every few seconds) and the run's session files. */
  current(): Promise<{ db: Database.Database; files: readonly SessionFileRef[] }>;
  /**
   * Runs a read-only statement in another process with a time budget, so that a costly query never
   * blocks the server. Rejects with an Error whose message is for the client.
   */
  runBounded(statement: BoundedStatement): Promise<unknown[]>;
  price: Pricer;
  /** Undefined with `--no-redact`. */
  redactor: Redactor | undefined;
  /** `--project`: every answer covers this project alone (a substring of the project path). */
  project: string | undefined;
  /** The current time (tests pin it). */
  now(): number;
  /** The time zone of dates and days (`--timezone`, else the system's); UTC when not given. */
  timeZone?: string;
}
