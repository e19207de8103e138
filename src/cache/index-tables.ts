// Every table of the index, declared once: the public tables (`public-tables.ts`: `sessions`, `messages`,
// `tool_calls`, `usage_entries`, `problems`, `files`, ...) and the internal ones (`internal-tables.ts`,
// `_`-prefixed), with the descriptions `agentlog schema` and the docs print, the DDL made from them, and the
// schema version (a hash of the DDL) that tells an index of another layout.
import { textHash } from '../model/text-hash.js';
import { internalTables } from './internal-tables.js';
import { publicTables } from './public-tables.js';
import type { TableDoc } from './table-doc.js';

/** Every table of the index, public ones first. The DDL is generated from this list. */
export const indexTables: TableDoc[] = [...publicTables, ...internalTables];

/** The DDL of every table and index. */
export function indexDdl(): string[] {
  const statements: string[] = [];
  for (const table of indexTables) {
    if (table.kind === 'fts5') {
      const [first, ...rest] = table.columns;
      const columns = [first?.name ?? 'text', ...rest.map((c) => `${c.name} UNINDEXED`)];
      statements.push(
        `CREATE VIRTUAL TABLE ${table.name} USING fts5(${columns.join(', ')}, tokenize = 'unicode61 remove_diacritics 2')`,
      );
      continue;
    }
    const columns = table.columns.map((c) => `${c.name} ${c.type}${c.constraint ? ` ${c.constraint}` : ''}`);
    const unique = (table.unique ?? []).map((set) => `UNIQUE (${set.join(', ')})`);
    const key = table.withoutRowid ? [`PRIMARY KEY (${table.withoutRowid.join(', ')})`] : [];
    statements.push(
      `CREATE TABLE ${table.name} (${[...columns, ...unique, ...key].join(', ')})${table.withoutRowid ? ' WITHOUT ROWID' : ''}`,
    );
    for (const index of table.indexes ?? []) {
      const [columnsOf, where] = Array.isArray(index) ? [index, undefined] : [index.columns, index.where];
      statements.push(
        `CREATE INDEX ${table.name}_${columnsOf.join('_')}${where ? '_partial' : ''} ON ${table.name} (${columnsOf.join(', ')})${where ? ` WHERE ${where}` : ''}`,
      );
    }
  }
  return statements;
}

/**
 * Bump when what the index stores changes meaning without a DDL change: the skeleton projection, the
 * report model, the derived rows. The schema version hashes it with the DDL.
 */
export const indexFormatVersion = 9;

let version: number | undefined;

/** The schema version, computed when the bundles were built (`scripts/bundle-cli.mjs`). */
declare const __AGENTLOG_SCHEMA_VERSION__: number | undefined;

/**
 * `PRAGMA user_version` of a current index: a hash (`textHash`) of the DDL and {@link indexFormatVersion}. The
 * status line's bundle has it as a constant: hashing the DDL in a call's cold code took milliseconds.
 */
export function schemaVersion(): number {
  version ??=
    typeof __AGENTLOG_SCHEMA_VERSION__ === 'number'
      ? __AGENTLOG_SCHEMA_VERSION__
      : textHash(`${indexFormatVersion}\n${indexDdl().join(';\n')}`);
  return version;
}
