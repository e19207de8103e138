/**
 * Test support: a real OpenCode SQLite store built from a published row dump (`{table, row}` per line, as
 * `test/data/corpus-more/opencode/.../tool-exercise.jsonl`): one table per `table`, its columns those of the
 * rows (schema per FORMATS.md section 2: `session_v2`, `session_message` with a JSON `data` column), rows
 * inserted in dump order. `wal` puts the database in WAL mode, as OpenCode does.
 */
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';

export const opencodeRowDump = new URL(
  '../../../test/data/corpus-more/opencode/specstoryai__getspecstory/specstory-cli/pkg/providers/opencode/testdata/tool-exercise.jsonl',
  import.meta.url,
).pathname;

export interface DumpRow {
  table: string;
  row: Record<string, unknown>;
}

export function readRowDump(file: string = opencodeRowDump): DumpRow[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as DumpRow);
}

/** Writes the rows to a new database at `file` (closed when done). */
export function writeOpencodeDatabase(
  file: string,
  rows: readonly DumpRow[],
  options: { wal?: boolean } = {},
): void {
  const db = new Database(file);
  if (options.wal) db.pragma('journal_mode = WAL');
  const columns = new Map<string, string[]>();
  for (const { table, row } of rows) {
    const known = columns.get(table) ?? [];
    for (const key of Object.keys(row)) if (!known.includes(key)) known.push(key);
    columns.set(table, known);
  }
  for (const [table, names] of columns)
    db.exec(
      `CREATE TABLE ${table} (${names.map((n) => (n === 'id' ? 'id TEXT PRIMARY KEY' : n)).join(', ')})`,
    );
  for (const { table, row } of rows) {
    const names = Object.keys(row);
    const values = names.map((n) => {
      const v = row[n];
      return v !== null && typeof v === 'object' ? JSON.stringify(v) : v;
    });
    db.prepare(`INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`).run(
      ...values,
    );
  }
  db.close();
}
