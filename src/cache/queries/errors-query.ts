/**
 * `computeErrors` (analytics/error-report.ts) over the index's `tool_calls` rows of the selected trees:
 * failed calls by tool and grouped by normalized message, with the first call of each group (in
 * `sessionCalls` order) as its example. The message, its first line and the example location are stored
 * with each failed call (`error_*` columns), so no result text is read.
 */
import { createErrorsFold, type ErrorReport } from '../../analytics/error-report.js';
import type { ToolCallStatus } from '../../model/tool-call.js';
import { callsInOrder } from './calls-in-order.js';
import type { TreeSelection } from './select-trees.js';

export function queryErrors(selection: TreeSelection): ErrorReport {
  const fold = createErrorsFold();
  callsInOrder(
    selection,
    'id, tool, status, error_message, error_text, error_file, error_line',
    'error_message IS NOT NULL',
    (r) => r,
    ({ call: r, root }) =>
      fold.add({
        id: r[0] as string,
        name: r[1] as string,
        status: r[2] as ToolCallStatus,
        message: r[3] as string,
        text: r[4] as string,
        file: r[5] as string,
        line: r[6] as number,
        sessionId: root.sessionId,
      }),
  );
  return fold.finish();
}
