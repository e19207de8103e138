/**
 * `computeToolInventory` (analytics/tool-inventory.ts) over the index's `tool_calls` rows of the selected
 * trees: the same rows, splits (`by`), MCP grouping, shares, error rates and duration percentiles.
 */

import {
  createInventoryFold,
  type InventoryOptions,
  inventoryGroup,
  type ToolInventoryRow,
  toolKindOf,
} from '../../analytics/tool-inventory.js';
import { type ToolCallStatus, toolCallStatuses } from '../../model/tool-call.js';
import { callsInOrder } from './calls-in-order.js';
import type { TreeSelection } from './select-trees.js';

interface CallRow {
  name: string;
  canonical: string;
  kind: ToolInventoryRow['kind'];
  mcpServer: string | null;
  status: ToolCallStatus;
  durationMs: number | null;
  model: string | null;
  startTime: string | null;
}

const kinds: readonly ToolInventoryRow['kind'][] = ['builtin', 'mcp', 'unknown'];
/** SQL for a call's kind as its index in {@link kinds} (the rows hold only these three). */
const kindCode = "CASE kind WHEN 'builtin' THEN 0 WHEN 'mcp' THEN 1 ELSE 2 END";
/** SQL for a call's status as its index in `toolCallStatuses`. */
const statusCode = `CASE status ${toolCallStatuses.map((s, i) => `WHEN '${s}' THEN ${i}`).join(' ')} ELSE -1 END`;

export function queryToolInventory(
  selection: TreeSelection,
  options: InventoryOptions = {},
): ToolInventoryRow[] {
  const fold = createInventoryFold(options);
  // Narrow rows: statuses and kinds as small numbers, the canonical name only where it differs from the
  // name, and the model or start time only for the split that reads them (fewer strings to make).
  callsInOrder(
    selection,
    `tool, CASE WHEN canonical = tool THEN NULL ELSE canonical END, ${kindCode}, mcp_server, ${statusCode},
      duration_ms, ${options.by === 'model' ? 'model' : 'NULL'}, ${options.by === 'day' || options.by === 'week' ? 'start_time' : 'NULL'}`,
    '',
    (r): CallRow => ({
      name: r[0] as string,
      canonical: (r[1] as string | null) ?? (r[0] as string),
      kind: kinds[r[2] as number] as CallRow['kind'],
      mcpServer: r[3] as string | null,
      status: toolCallStatuses[r[4] as number] as ToolCallStatus,
      durationMs: r[5] as number | null,
      model: r[6] as string | null,
      startTime: r[7] as string | null,
    }),
    ({ root, session, call }) =>
      fold.add({
        agent: session.agent,
        name: call.name,
        canonical: call.canonical,
        kind: call.kind,
        mcpServer: call.mcpServer,
        status: call.status,
        durationMs: call.durationMs,
        group: options.by
          ? inventoryGroup(
              options.by,
              {
                version: session.lastVersion ?? undefined,
                project: root.project ?? undefined,
                model: call.model ?? undefined,
                time: call.startTime ?? root.startTime ?? undefined,
                agent: session.agent,
                toolKind: options.by === 'kind' ? toolKindOf(options, session.agent, call) : '',
              },
              options.weekStart,
            )
          : '',
      }),
  );
  return fold.finish();
}
