import { z } from 'zod';
import { formatDuration } from '../../analytics/format-duration.js';
import { toolCallStatuses } from '../../model/tool-call.js';
import { answer, cell, defineTool, markdownTable, moreHint } from '../mcp-tool.js';
import { filterOf, limitField, pageField, scopeFields, selectionFor } from '../session-scope.js';

/** `tool_calls`: tool calls by tool, status, project and time, newest first, inputs summarised. */
export const toolCallsTool = defineTool({
  name: 'tool_calls',
  title: 'Find tool calls',
  description:
    "Tool calls of past sessions, newest first: time, session, tool, status (ok, error, denied, interrupted, hook_blocked, missing, orphan_result), duration, a one-line input summary (the command, path or pattern), exit code and the error of failed calls. Filter by tool, status, session, project, agent and time (since/until also bound the calls' own times).",
  input: z.object({
    tool: z
      .string()
      .min(1)
      .optional()
      .describe(
        'tool name as written or its canonical name (Bash, Edit, exec_command, mcp__server__tool...), any case',
      ),
    status: z.enum(toolCallStatuses).optional().describe('only calls with this status'),
    failed: z
      .boolean()
      .optional()
      .describe('true: only calls that did not succeed (error, denied, interrupted, hook_blocked)'),
    session: z
      .string()
      .min(1)
      .optional()
      .describe('only this session (id or id prefix; its subagents included)'),
    ...scopeFields,
    page: pageField,
    limit: limitField(20, 100),
  }),
  async run(args, context) {
    const filter = filterOf(args, context.timeZone);
    const selection = await selectionFor(context, args);
    const trees = selection.trees
      .filter((t) => args.session === undefined || t.sessionId.startsWith(args.session))
      .map((t) => t.id);
    const where = ['s.tree IN (SELECT value FROM json_each(@trees))'];
    const params: Record<string, unknown> = {
      trees: JSON.stringify(trees),
      limit: args.limit + 1,
      offset: (args.page - 1) * args.limit,
    };
    if (args.tool !== undefined) {
      where.push('(lower(c.tool) = lower(@tool) OR lower(c.canonical) = lower(@tool))');
      params.tool = args.tool;
    }
    if (args.status !== undefined) {
      where.push('c.status = @status');
      params.status = args.status;
    }
    if (args.failed === true) where.push("c.status IN ('error', 'denied', 'interrupted', 'hook_blocked')");
    if (filter.since !== undefined) {
      where.push('c.start_time >= @since');
      params.since = filter.since.toISOString();
    }
    if (filter.until !== undefined) {
      where.push('c.start_time <= @until');
      params.until = filter.until.toISOString();
    }
    const from = `FROM tool_calls c JOIN sessions s ON s.rowid = c.session_row WHERE ${where.join(' AND ')}`;
    const { limit: _limit, offset: _offset, ...countParams } = params;
    const total = (selection.db.prepare(`SELECT COUNT(*) ${from}`).pluck().get(countParams) as number) ?? 0;
    const rows = selection.db
      .prepare(
        `SELECT c.id, c.root_session_id AS sessionId, c.session_id AS subSessionId, c.tool, c.canonical, c.status,
          c.start_time AS startTime, c.duration_ms AS durationMs, c.exit_code AS exitCode,
          c.input_summary AS input, c.error_text AS error, c.file, c.line
          ${from} ORDER BY c.start_time IS NULL, c.start_time DESC, c.rowid DESC LIMIT @limit OFFSET @offset`,
      )
      .all(params) as {
      id: string;
      sessionId: string;
      subSessionId: string;
      tool: string;
      canonical: string | null;
      status: string;
      startTime: string | null;
      durationMs: number | null;
      exitCode: number | null;
      input: string | null;
      error: string | null;
      file: string;
      line: number;
    }[];
    const more = rows.length > args.limit;
    return answer(
      { total, page: args.page, more, calls: rows.slice(0, args.limit) },
      (data) => {
        if (data.total === 0) return 'No tool calls match.';
        const first = (data.page - 1) * args.limit + 1;
        return `${data.total} call${data.total === 1 ? '' : 's'} match; ${first}-${first + data.calls.length - 1} shown, newest first.\n\n${markdownTable(
          ['time', 'session', 'tool', 'status', 'duration', 'input', 'error'],
          data.calls.map((c) => [
            c.startTime?.slice(0, 19).replace('T', ' ') ?? '-',
            c.subSessionId === c.sessionId ? c.sessionId : `${c.sessionId} > ${c.subSessionId}`,
            cell(c.tool, 60),
            c.exitCode === null ? c.status : `${c.status} (exit ${c.exitCode})`,
            formatDuration(c.durationMs),
            cell(c.input, 160),
            cell(c.error, 160),
          ]),
        )}`;
      },
      moreHint(args.page, more),
    );
  },
});
