import { z } from 'zod';
import { prepareReadOnly, QueryError } from '../../cache/run-query.js';
import { answer, cell, defineTool, McpToolError, markdownTable, moreHint } from '../mcp-tool.js';
import { limitField, pageField } from '../session-scope.js';

/** `sql`: one read-only statement on the index, the guard of `agentlog sql`, in a process with a time budget. */
export const sqlTool = defineTool({
  name: 'sql',
  title: 'Read-only SQL on the index',
  description:
    "One read-only SQL statement (SELECT or WITH ... SELECT; SQLite) on agentlog's index: tables sessions, trees, messages, tool_calls, usage_entries, problems, files and search (FTS5). Statements that would change the index are refused; a query running past its time budget is stopped. Rows are paged. Example: SELECT tool, COUNT(*) AS calls FROM tool_calls GROUP BY tool ORDER BY calls DESC",
  input: z.object({
    query: z.string().min(1).describe('one SELECT statement'),
    page: pageField,
    limit: limitField(50, 200),
  }),
  unscoped: true,
  async run(args, context) {
    const { db } = await context.current();
    const text = args.query.trim().replace(/;\s*$/, '');
    let columns: string[];
    try {
      columns = prepareReadOnly(db, text)
        .columns()
        .map((c) => c.name);
    } catch (error) {
      if (error instanceof QueryError) throw new McpToolError(error.message);
      throw error;
    }
    const params = { limit: args.limit + 1, offset: (args.page - 1) * args.limit };
    // A query is paged in SQL where it can be wrapped (a SELECT, WITH or VALUES); a PRAGMA is run whole.
    const wrappable = /^(select|with|values)\b/i.test(text);
    const fetched = await context.runBounded(
      wrappable
        ? { sql: `SELECT * FROM (${text}\n) LIMIT @limit OFFSET @offset`, params }
        : { sql: text, params: {} },
    );
    const rows = (wrappable ? fetched : fetched.slice(params.offset, params.offset + params.limit)) as Record<
      string,
      unknown
    >[];
    const more = rows.length > args.limit;
    const shown = rows.slice(0, args.limit).map((row) => columns.map((c) => jsonValue(row[c])));
    return answer(
      { columns, page: args.page, more, rows: shown },
      (data) => {
        if (data.rows.length === 0) return data.page === 1 ? 'No rows.' : 'No more rows.';
        return `${markdownTable(
          data.columns.map((c) => cell(c, 60)),
          data.rows.map((row) => row.map((v) => cell(v === null ? 'NULL' : String(v), 200))),
        )}`;
      },
      moreHint(args.page, more),
    );
  },
});

/** Characters of one text value in an answer (a `search` text can be megabytes). */
const maxCellChars = 2000;

/** A value of a row as JSON carries it (a long text cut): a BLOB (a Buffer sent between processes) as its size. */
function jsonValue(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'string')
    return value.length <= maxCellChars
      ? value
      : `${value.slice(0, maxCellChars)}…[${value.length - maxCellChars} more characters]`;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'object' && (value as { type?: unknown }).type === 'Buffer')
    return `[blob, ${((value as { data?: unknown[] }).data ?? []).length} bytes]`;
  return String(value);
}
