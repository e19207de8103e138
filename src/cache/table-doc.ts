// What a table of the index is declared as (`index-tables.ts` lists them; the DDL and `agentlog sql --tables`
// are made from these declarations), and the columns the public tables share: `unit_id`, and those of
// `model/row-columns.ts` as SQLite types them.
import type { ColumnKind, RowColumn } from '../model/row-columns.js';

/** One column of an index table, documented for `agentlog sql --tables`. */
export interface ColumnDoc {
  name: string;
  type: 'TEXT' | 'INTEGER' | 'REAL' | 'BLOB';
  description: string;
  /** Extra DDL after the type (`PRIMARY KEY`, `NOT NULL`). */
  constraint?: string;
}

/** One table of the index. `internal` tables hold the cache itself; their layout may change any release. */
export interface TableDoc {
  name: string;
  description: string;
  columns: ColumnDoc[];
  internal?: boolean;
  /** `fts5`: a full-text table (columns after the first are stored, not indexed). */
  kind?: 'table' | 'fts5';
  /** Indexed column sets; with `where`, a partial index of the rows that match it. */
  indexes?: (string[] | { columns: string[]; where: string })[];
  /** Column sets that are unique together. */
  unique?: string[][];
  /**
   * Primary key of a `WITHOUT ROWID` table: the rows are stored in the key's b-tree, with no index beside
   * them (for small rows looked up by that key).
   */
  withoutRowid?: string[];
}

/** The `unit_id` column of the rows built from a unit. */
export const unitColumn: ColumnDoc = {
  name: 'unit_id',
  type: 'INTEGER',
  description: 'internal: the group of files the rows were built from',
  constraint: 'NOT NULL',
};

const sqliteTypes: Record<ColumnKind, ColumnDoc['type']> = {
  text: 'TEXT',
  integer: 'INTEGER',
  real: 'REAL',
  boolean: 'INTEGER',
  time: 'TEXT',
  json: 'TEXT',
};
/** How the index writes what SQLite has no type for. */
const sqliteForms: Partial<Record<ColumnKind, string>> = {
  boolean: '1 or 0',
  time: 'ISO time',
  json: 'JSON text',
};

/** Columns of the public rows (`model/row-columns.ts`) as the index declares them. */
export function sharedColumns(...columns: RowColumn[]): ColumnDoc[] {
  return columns.map((column) => {
    const form = sqliteForms[column.kind];
    return {
      name: column.name,
      type: sqliteTypes[column.kind],
      description: form ? `${column.description} (${form})` : column.description,
    };
  });
}
