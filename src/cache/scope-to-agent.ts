/**
 * `agentlog sql --agent NAME`: the query sees only that agent's rows. Each public table is shadowed by a
 * temporary view of the same name (SQLite resolves an unqualified name in `temp` before `main`), so a query
 * written for the whole index runs unchanged on one agent. `main.<table>` still names the whole table.
 */
import type Database from 'better-sqlite3';
import type { Agent } from '../schemas/common/agent.js';
import { indexTables } from './index-tables.js';

/**
 * Which rows of each public table belong to the agent: tables with an `agent` column by it, row tables by
 * their unit (a unit's files and sessions are one agent's), so subagent rows and problems of files that
 * built no session go with their agent too.
 */
function scopeOf(table: string, agent: string): string {
  const units = `SELECT unit_id FROM main.sessions WHERE agent = ${agent} UNION SELECT unit_id FROM main.files WHERE agent = ${agent}`;
  switch (table) {
    case 'sessions':
    case 'trees':
    case 'files':
      return `agent = ${agent}`;
    default:
      return `unit_id IN (${units})`;
  }
}

/**
 * Creates the temporary views on `db` (a connection of its own; a read-only one can: `temp` is private to
 * it). `agent` is one of the agents' names, checked by the caller; it is written as an SQL string literal.
 */
export function scopeToAgent(db: Database.Database, agent: Agent): void {
  const literal = `'${agent.replaceAll("'", "''")}'`;
  for (const table of indexTables) {
    if (table.internal) continue;
    const scope = scopeOf(table.name, literal);
    // An FTS5 table's hidden columns (the table's own name for MATCH and snippet(), rank) are not in `*`.
    const columns = table.kind === 'fts5' ? `*, ${table.name} AS ${table.name}, rank AS rank` : '*';
    db.exec(`CREATE TEMP VIEW ${table.name} AS SELECT ${columns} FROM main.${table.name} WHERE ${scope}`);
  }
}
