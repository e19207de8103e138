import type { Command } from 'commander';
import { resolveCacheDir } from '../../cache/cache-location.js';
import { indexTables } from '../../cache/index-tables.js';
import { IndexUnavailableError, openIndexReadOnly } from '../../cache/open-index.js';
import { QueryError, runReadOnlyQuery } from '../../cache/run-query.js';
import { scopeToAgent } from '../../cache/scope-to-agent.js';
import { agents } from '../../schemas/common/agent.js';
import { CliError, exitCodes } from '../cli-error.js';
import { parseAgentOption } from '../filter-options.js';
import { colorsFor, type Io, renderTable, writeJson, writeLine } from '../output.js';
import { packageVersion } from '../package-version.js';

interface SqlFlags {
  cacheDir?: string;
  json?: boolean;
  tables?: boolean;
  internal?: boolean;
  agent?: string;
}

/** `agentlog sql "SELECT ..."`: read-only SQL on the index. */
export function registerSqlCommand(program: Command, io: Io): void {
  program
    .command('sql')
    .description(
      'Run a read-only SQL query on the index (sessions, messages, tool_calls, usage_entries, files, problems, search)',
    )
    .argument('[query]', 'one SELECT statement')
    .option('--tables', 'list the tables and their columns')
    .option('--internal', 'with --tables: include the tables that hold the cache itself')
    .option('--json', 'print the rows as a JSON array')
    .option(
      '--agent <agent>',
      `only this agent's rows (main.<table> still names the whole table): ${agents.join(', ')}`,
    )
    .option(
      '--cache-dir <dir>',
      'the cache folder (default: $AGENTLOG_CACHE_DIR, $XDG_CACHE_HOME/agentlog or ~/.cache/agentlog)',
    )
    .addHelpText(
      'after',
      `
The index is brought up to date by the data commands (report, tools, usage, errors, ls) and by
agentlog cache update. Examples:
  agentlog sql "SELECT tool, COUNT(*) AS calls FROM tool_calls GROUP BY tool ORDER BY calls DESC"
  agentlog sql "SELECT substr(timestamp, 1, 10) AS day, SUM(output_tokens) FROM usage_entries GROUP BY day"
  agentlog sql --agent gemini-cli "SELECT tool, COUNT(*) AS calls FROM tool_calls GROUP BY tool"`,
    )
    .action((query: string | undefined, flags: SqlFlags) => {
      const agent = flags.agent === undefined ? undefined : parseAgentOption(flags.agent);
      if (flags.tables) {
        printTables(io, flags);
        return;
      }
      if (query === undefined || query.trim() === '')
        throw new CliError('Give a query, e.g. agentlog sql "SELECT COUNT(*) FROM sessions", or --tables.', {
          exitCode: exitCodes.usage,
        });
      const dir = resolveCacheDir(io.env, flags.cacheDir);
      if (dir === undefined)
        throw new CliError(
          'No cache folder: set AGENTLOG_CACHE_DIR, XDG_CACHE_HOME or HOME, or pass --cache-dir.',
          {
            exitCode: exitCodes.usage,
          },
        );
      let index: ReturnType<typeof openIndexReadOnly>;
      try {
        index = openIndexReadOnly(dir, packageVersion());
      } catch (error) {
        if (error instanceof IndexUnavailableError) throw new CliError(error.message);
        throw error;
      }
      try {
        if (agent !== undefined) scopeToAgent(index.db, agent);
        const result = runReadOnlyQuery(index.db, query);
        if (flags.json) {
          writeJson(io, result.rows.map(jsonRow));
          return;
        }
        if (result.rows.length === 0) {
          writeLine(io, 'No rows.');
          return;
        }
        writeLine(
          io,
          renderTable(io, {
            head: result.columns,
            rows: result.rows.map((row) => result.columns.map((c) => cell(row[c]))),
            numeric: result.columns
              .map((c, i) => (result.rows.every((r) => typeof r[c] === 'number' || r[c] === null) ? i : -1))
              .filter((i) => i >= 0),
          }),
        );
        writeLine(io, colorsFor(io).dim(`${result.rows.length} row${result.rows.length === 1 ? '' : 's'}`));
      } catch (error) {
        if (error instanceof QueryError)
          throw new CliError(withTablesHint(error.message), { exitCode: exitCodes.usage });
        throw error;
      } finally {
        index.db.close();
      }
    });
}

function printTables(io: Io, flags: SqlFlags): void {
  const tables = indexTables.filter((t) => flags.internal || !t.internal);
  if (flags.json) {
    writeJson(
      io,
      tables.map((t) => ({
        name: t.name,
        description: t.description,
        internal: t.internal ?? false,
        fullText: t.kind === 'fts5',
        columns: t.columns.map((c) => ({ name: c.name, type: c.type, description: c.description })),
      })),
    );
    return;
  }
  const colors = colorsFor(io);
  for (const table of tables) {
    writeLine(io, `${colors.bold(table.name)}: ${table.description}`);
    const width = Math.max(...table.columns.map((c) => c.name.length));
    for (const column of table.columns)
      writeLine(io, `  ${column.name.padEnd(width)}  ${column.type.padEnd(7)}  ${column.description}`);
    writeLine(io);
  }
  writeLine(
    io,
    colors.dim("search is an FTS5 table: WHERE search MATCH 'words', snippet(search, 0, '[', ']', '…', 12)."),
  );
}

function cell(value: unknown): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return value.toString();
  if (Buffer.isBuffer(value)) return `<${value.length} bytes>`;
  return String(value);
}

function jsonRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row))
    out[key] = Buffer.isBuffer(value)
      ? { bytes: value.length }
      : typeof value === 'bigint'
        ? value.toString()
        : value;
  return out;
}

/** A query naming a table or column that does not exist ends with where to find the names. */
export function withTablesHint(message: string): string {
  if (!/no such (table|column)|has no column named/i.test(message)) return message;
  return `${message.replace(/\.?$/, '.')} Run agentlog sql --tables for the tables and their columns.`;
}
