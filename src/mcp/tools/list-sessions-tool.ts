import { z } from 'zod';
import { formatDuration } from '../../analytics/format-duration.js';
import { sessionStates } from '../../analytics/session-state.js';
import { querySessionList } from '../../cache/queries/session-list-query.js';
import { answer, cell, defineTool, markdownTable, moreHint, pageOf } from '../mcp-tool.js';
import { limitField, pageField, scopeFields, selectionFor } from '../session-scope.js';

/** `list_sessions`: sessions newest first, with filters and their state now. */
export const listSessionsTool = defineTool({
  name: 'list_sessions',
  title: 'List sessions',
  description:
    'Sessions of Claude Code and Codex, newest first: id, start, duration, state (active, idle, ended, abandoned), agent, project, title, messages, tool calls, failed calls, subagents. Use an id with get_session.',
  input: z.object({
    ...scopeFields,
    state: z.enum(sessionStates).optional().describe('only sessions in this state now'),
    page: pageField,
    limit: limitField(20, 100),
  }),
  async run(args, context) {
    const selection = await selectionFor(context, args);
    const all = querySessionList(selection, context.now()).filter(
      (s) => args.state === undefined || s.state === args.state,
    );
    const { rows, more } = pageOf(all, args.page, args.limit);
    return answer(
      {
        total: all.length,
        page: args.page,
        more,
        sessions: rows.map((s) => ({
          id: s.id,
          agent: s.agent,
          project: s.project,
          cwd: s.cwd,
          title: s.title,
          startTime: s.startTime,
          endTime: s.endTime,
          durationMs: s.durationMs,
          state: s.state,
          messages: s.messages,
          prompts: s.prompts,
          toolCalls: s.toolCalls,
          failedToolCalls: s.failedToolCalls,
          subagents: s.subagents,
          models: s.models,
        })),
      },
      (data) => {
        if (data.total === 0) return 'No sessions match.';
        const first = (data.page - 1) * args.limit + 1;
        return `${data.total} session${data.total === 1 ? '' : 's'}; ${first}-${first + data.sessions.length - 1} shown, newest first.\n\n${markdownTable(
          [
            'id',
            'started',
            'duration',
            'state',
            'agent',
            'project',
            'title',
            'msgs',
            'calls',
            'failed',
            'subagents',
          ],
          data.sessions.map((s) => [
            s.id,
            s.startTime?.slice(0, 16).replace('T', ' ') ?? '-',
            formatDuration(s.durationMs),
            s.state,
            s.agent,
            cell(s.project, 40),
            cell(s.title, 80),
            String(s.messages),
            String(s.toolCalls),
            String(s.failedToolCalls),
            String(s.subagents),
          ]),
        )}`;
      },
      moreHint(args.page, more),
    );
  },
});
