import type { Pricer } from '../analytics/usage-report.js';
import type { ColumnKind, RowColumn } from '../model/row-columns.js';
import type { Session } from '../model/session.js';

/** Column types, as DuckDB (and so Parquet) names them. `JSON`: nested values (objects in NDJSON, JSON text in CSV). */
export type ColumnType = 'VARCHAR' | 'BIGINT' | 'DOUBLE' | 'BOOLEAN' | 'TIMESTAMP' | 'JSON';

/** One column of an export dataset, documented in the README. */
export interface ExportColumn {
  name: string;
  type: ColumnType;
  description: string;
}

const duckdbTypes: Record<ColumnKind, ColumnType> = {
  text: 'VARCHAR',
  integer: 'BIGINT',
  real: 'DOUBLE',
  boolean: 'BOOLEAN',
  time: 'TIMESTAMP',
  json: 'JSON',
};

/**
 * Columns of the public rows (`model/row-columns.ts`) as the datasets declare them: times are UTC
 * timestamps, null when absent or not a time.
 */
export function exportColumns(...columns: RowColumn[]): ExportColumn[] {
  return columns.map((column) => ({
    name: column.name,
    type: duckdbTypes[column.kind],
    description: column.kind === 'time' ? `${column.description} (UTC)` : column.description,
  }));
}

/** What rows may use besides the session: prices for cost columns, what earlier sessions wrote. */
export interface RowContext {
  pricer?: Pricer;
  /**
   * Request keys (`UsageEntry.requestKey`) of the usage rows written so far in this export: a request
   * copied into a later session file (a checkpoint, a resumed session) is written again, not counted.
   */
  seenRequests?: Set<string>;
}

/** An export dataset: its columns and how a top-level session (with its subagents) becomes rows. */
export interface ExportDataset {
  name: ExportDatasetName;
  description: string;
  columns: ExportColumn[];
  /** Rows of one top-level session tree, subagent sessions included, each a value per column (null when absent). */
  rows(root: Session, context: RowContext): Iterable<Record<string, unknown>>;
}

export const exportDatasetNames = ['sessions', 'messages', 'tool_calls', 'usage'] as const;
export type ExportDatasetName = (typeof exportDatasetNames)[number];

/** `undefined` becomes `null`, so that every row has every column. */
export function orNull<T>(value: T | undefined): T | null {
  return value === undefined ? null : value;
}

/** A time as ISO 8601 UTC (`2026-01-31T12:00:00.000Z`), or null when absent or not a time. */
export function isoTime(value: string | undefined): string | null {
  if (value === undefined) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}
