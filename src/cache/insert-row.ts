/**
 * Inserts into a public table, with the columns its declaration in `public-tables.ts` lists: the DDL and the
 * writers share one list, so a column added to a table is written (a row without it fails at once with
 * "Missing named parameter") and never written to a column that does not exist.
 */
import type Database from 'better-sqlite3';
import { indexTables } from './index-tables.js';

/** A row as a value per column name. */
export type Row = Record<string, unknown>;

/**
 * `INSERT INTO table (every declared column) VALUES (@each)`, but an `INTEGER PRIMARY KEY` (the rowid, which
 * SQLite assigns); returns the new rowid.
 */
export function prepareInsert(db: Database.Database, table: string): (row: Row) => number {
  const names = insertedColumns(table);
  const statement = db.prepare(
    `INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
  );
  // Bound by position (a fifth less time than by name in better-sqlite3, for the ~135,000 rows a cold
  // benchmark run writes), with the check binding by name made: every column given.
  const values: unknown[] = new Array(names.length);
  return (row) => {
    for (let i = 0; i < names.length; i++) {
      const name = names[i] as string;
      // As binding by name: a column the row lacks fails; one it holds as undefined is NULL.
      if (!(name in row)) throw new Error(`Missing named parameter "${name}" for the ${table} table.`);
      values[i] = row[name];
    }
    return Number(statement.run(values).lastInsertRowid);
  };
}

/**
 * `UPDATE table SET column = @column, ... WHERE rowid = @rowid` (an `INTEGER PRIMARY KEY` is the rowid); the
 * columns are checked against the table's declaration.
 */
export function prepareUpdate(
  db: Database.Database,
  table: string,
  columns: readonly string[],
): (rowid: number, row: Row) => void {
  const declared = indexTables.find((t) => t.name === table);
  if (!declared) throw new Error(`No index table named "${table}".`);
  for (const name of columns)
    if (!declared.columns.some((c) => c.name === name))
      throw new Error(`The index table "${table}" has no column "${name}".`);
  const statement = db.prepare(
    `UPDATE ${table} SET ${columns.map((n) => `${n} = @${n}`).join(', ')} WHERE rowid = @rowid`,
  );
  return (rowid, row) => {
    statement.run({ ...row, rowid });
  };
}

/**
 * Moves a row of `table` after every other (a new rowid, every column as it was): for rows that a build
 * writes last and an append must keep last.
 */
export function prepareMoveToEnd(db: Database.Database, table: string): (rowid: number) => void {
  const names = insertedColumns(table).join(', ');
  const copy = db.prepare(`INSERT INTO ${table} (${names}) SELECT ${names} FROM ${table} WHERE rowid = ?`);
  const remove = db.prepare(`DELETE FROM ${table} WHERE rowid = ?`);
  return (rowid) => {
    copy.run(rowid);
    remove.run(rowid);
  };
}

/** The columns of a declared table that an insert gives (not an `INTEGER PRIMARY KEY`, the rowid). */
function insertedColumns(table: string): string[] {
  const declared = indexTables.find((t) => t.name === table);
  if (!declared) throw new Error(`No index table named "${table}".`);
  return declared.columns
    .filter((c) => !(c.type === 'INTEGER' && c.constraint?.startsWith('PRIMARY KEY')))
    .map((c) => c.name);
}
