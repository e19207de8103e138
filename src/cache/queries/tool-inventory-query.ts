/**
 * `computeToolInventory` (analytics/tool-inventory.ts) over the index's `tool_calls` rows of the selected
 * trees: the same rows, splits (`by`), MCP grouping, shares, error rates and duration percentiles.
 */

import {
  createInventoryFold,
  type InventoryCall,
  type InventoryOptions,
  inventoryGroup,
  type ToolInventoryRow,
  toolKindOf,
} from '../../analytics/tool-inventory.js';
import { type ToolCallStatus, toolCallStatuses } from '../../model/tool-call.js';
import { callsInOrder } from './calls-in-order.js';
import type { TreeRow, TreeSelection } from './select-trees.js';
import { loadSessionRows, type SessionRow } from './session-rows.js';

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
  const groupOf = (root: TreeRow, session: SessionRow, call: CallRow) =>
    options.by
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
          options.timeZone,
        )
      : '';
  const inventoryCall = (root: TreeRow, session: SessionRow, call: CallRow) => ({
    agent: session.agent,
    name: call.name,
    canonical: call.canonical,
    kind: call.kind,
    mcpServer: call.mcpServer,
    status: call.status,
    group: groupOf(root, session, call),
  });
  if (options.by !== 'day' && options.by !== 'week' && addGrouped(selection, options, fold, inventoryCall))
    return fold.finish();
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
      fold.addCalls(inventoryCall(root, session, call), 1, call.durationMs === null ? [] : [call.durationMs]),
  );
  return fold.finish();
}

/**
 * Counts the calls in groups of alike calls of a session (same tool, kind, server and status; and model for
 * the model split), which SQL makes: a few thousand rows instead of one per call. Each group is added at
 * the place of its first call in `sessionCalls` order (a session's calls, then its results without a call,
 * each by rowid), so that rows appear, and take their first call's names, as the calls one by one give
 * them. False (nothing added) when a duration is not a whole number of ms (its JSON text could round it):
 * the caller then counts the calls one by one.
 */
function addGrouped(
  selection: TreeSelection,
  options: InventoryOptions,
  fold: ReturnType<typeof createInventoryFold>,
  inventoryCall: (root: TreeRow, session: SessionRow, call: CallRow) => Omit<InventoryCall, 'durationMs'>,
): boolean {
  const byModel = options.by === 'model';
  const rows = selection.db
    .prepare(
      `SELECT session_row, status = 'orphan_result', min(rowid), count(*),
        json_group_array(duration_ms) FILTER (WHERE duration_ms IS NOT NULL),
        count(*) FILTER (WHERE typeof(duration_ms) = 'real'),
        tool, CASE WHEN canonical = tool THEN NULL ELSE canonical END, ${kindCode}, mcp_server, ${statusCode},
        ${byModel ? 'model' : 'NULL'}
        FROM tool_calls GROUP BY session_row, status, tool, canonical, kind, mcp_server${byModel ? ', model' : ''}`,
    )
    .raw()
    .all() as unknown[][];
  if (rows.some((r) => (r[5] as number) > 0)) return false;
  const sessions = loadSessionRows(selection);
  const bySession = new Map<number, unknown[][]>();
  for (const r of rows) {
    const row = r[0] as number;
    if (!sessions.byRow.has(row)) continue;
    const list = bySession.get(row);
    if (list) list.push(r);
    else bySession.set(row, [r]);
  }
  // A session's calls before its orphan results, each by their first rowid.
  for (const list of bySession.values())
    list.sort((a, b) => (a[1] as number) - (b[1] as number) || (a[2] as number) - (b[2] as number));
  for (const root of selection.trees)
    for (const session of sessions.callOrder(root))
      for (const r of bySession.get(session.row) ?? []) {
        const call: CallRow = {
          name: r[6] as string,
          canonical: (r[7] as string | null) ?? (r[6] as string),
          kind: kinds[r[8] as number] as CallRow['kind'],
          mcpServer: r[9] as string | null,
          status: toolCallStatuses[r[10] as number] as ToolCallStatus,
          durationMs: null,
          model: r[11] as string | null,
          startTime: null,
        };
        fold.addCalls(
          inventoryCall(root, session, call),
          r[3] as number,
          JSON.parse(r[4] as string) as number[],
        );
      }
  return true;
}
