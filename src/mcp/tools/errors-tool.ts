import { z } from 'zod';
import { queryErrors } from '../../cache/queries/errors-query.js';
import { answer, cell, defineTool, markdownTable, moreHint, pageOf } from '../mcp-tool.js';
import { limitField, pageField, scopeFields, selectionFor } from '../session-scope.js';

/** `errors`: failed calls grouped by tool and normalized message, each group with an example. */
export const errorsTool = defineTool({
  name: 'errors',
  title: 'Failed tool calls, grouped',
  description:
    'Failed tool calls (error, denied, interrupted, hook_blocked) grouped by tool and by normalized error message (numbers, paths, ids and quoted values replaced by placeholders), most frequent first, each group with its count, the sessions it occurred in and one example (session id, file:line, the error as written). Also the failures per tool.',
  input: z.object({
    tool: z.string().min(1).optional().describe('only this tool (name as shown in the groups), any case'),
    ...scopeFields,
    page: pageField,
    limit: limitField(20, 100),
  }),
  async run(args, context) {
    const report = queryErrors(await selectionFor(context, args));
    const wanted = (tool: string) =>
      args.tool === undefined || tool.toLowerCase() === args.tool.toLowerCase();
    const groups = report.groups.filter((g) => wanted(g.tool));
    const { rows, more } = pageOf(groups, args.page, args.limit);
    return answer(
      {
        byTool: report.byTool.filter((t) => wanted(t.tool)),
        totalGroups: groups.length,
        page: args.page,
        more,
        groups: rows,
      },
      (data) => {
        if (data.totalGroups === 0) return 'No failed tool calls.';
        const parts: string[] = [];
        if (data.page === 1)
          parts.push(
            markdownTable(
              ['tool', 'failed', 'error', 'denied', 'interrupted', 'hook blocked'],
              data.byTool.map((t) => [
                cell(t.tool, 60),
                String(t.failed),
                String(t.error),
                String(t.denied),
                String(t.interrupted),
                String(t.hookBlocked),
              ]),
            ),
          );
        const first = (data.page - 1) * args.limit + 1;
        parts.push(
          `${data.totalGroups} group${data.totalGroups === 1 ? '' : 's'} of failures; ${first}-${first + data.groups.length - 1} shown, most frequent first.`,
        );
        parts.push(
          data.groups
            .map(
              (g, i) =>
                `${first + i}. ${cell(g.tool, 60)} ${g.status}, ${g.count} call${g.count === 1 ? '' : 's'} in ${g.sessions} session${g.sessions === 1 ? '' : 's'}: ${cell(g.message, 200)}\n   e.g. session ${g.example.sessionId} at ${g.example.file}:${g.example.line}: ${cell(g.example.text, 300)}`,
            )
            .join('\n'),
        );
        return parts.join('\n\n');
      },
      moreHint(args.page, more),
    );
  },
});
