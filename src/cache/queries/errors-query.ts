/**
 * `computeErrors` (analytics/error-report.ts) over the index's `tool_calls` rows of the selected trees:
 * failed calls by tool and grouped by normalized message, with the first call of each group (in
 * `sessionCalls` order) as its example. The message, its first line and the example location are stored
 * with each failed call (`error_*` columns), so no result text is read.
 */
import type { ErrorGroup, ErrorReport } from '../../analytics/error-report.js';
import type { ToolCallStatus } from '../../model/tool-call.js';
import { callsInOrder } from './calls-in-order.js';
import type { TreeSelection } from './select-trees.js';

interface FailedCall {
  id: string;
  name: string;
  status: ToolCallStatus;
  message: string;
  text: string;
  file: string;
  line: number;
}

export function queryErrors(selection: TreeSelection): ErrorReport {
  const groups = new Map<string, ErrorGroup & { sessionIds: Set<string> }>();
  const byTool = new Map<string, ErrorReport['byTool'][number]>();
  callsInOrder(
    selection,
    'id, tool, status, error_message, error_text, error_file, error_line',
    'error_message IS NOT NULL',
    (r): FailedCall => ({
      id: r[0] as string,
      name: r[1] as string,
      status: r[2] as ToolCallStatus,
      message: r[3] as string,
      text: r[4] as string,
      file: r[5] as string,
      line: r[6] as number,
    }),
    ({ call, root }) => {
      const tool = byTool.get(call.name) ?? {
        tool: call.name,
        failed: 0,
        error: 0,
        denied: 0,
        interrupted: 0,
        hookBlocked: 0,
      };
      byTool.set(call.name, tool);
      tool.failed += 1;
      if (call.status === 'error') tool.error += 1;
      else if (call.status === 'denied') tool.denied += 1;
      else if (call.status === 'interrupted') tool.interrupted += 1;
      else tool.hookBlocked += 1;
      const key = `${call.name}\u0000${call.status}\u0000${call.message}`;
      const group = groups.get(key);
      if (group) {
        group.count += 1;
        group.sessionIds.add(root.sessionId);
      } else
        groups.set(key, {
          tool: call.name,
          status: call.status,
          message: call.message,
          count: 1,
          sessions: 0,
          sessionIds: new Set([root.sessionId]),
          example: {
            sessionId: root.sessionId,
            callId: call.id,
            file: call.file,
            line: call.line,
            text: call.text,
          },
        });
    },
  );
  return {
    byTool: [...byTool.values()].sort((a, b) => b.failed - a.failed || a.tool.localeCompare(b.tool)),
    groups: [...groups.values()]
      .map(({ sessionIds, ...g }) => ({ ...g, sessions: sessionIds.size }))
      .sort(
        (a, b) => b.count - a.count || a.tool.localeCompare(b.tool) || a.message.localeCompare(b.message),
      ),
  };
}
