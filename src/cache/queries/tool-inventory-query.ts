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
import { keepTreeParts, readTreeParts, rowsForParts } from '../tree-parts.js';
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
 * A group of alike calls of a session (same tool, kind, server and status; and model for the model split):
 * its session's rowid, name, canonical name (null when the name), kind and status (as indexes), MCP server,
 * model, number of calls and the durations of those that have one.
 */
type CallGroup = [
  number,
  string,
  string | null,
  number,
  string | null,
  number,
  string | null,
  number,
  number[],
];

/**
 * Counts the calls in groups of alike calls of a session, which SQL makes: a few thousand rows instead of one
 * per call. A tree's groups are kept as its part (`tree-parts.ts`): a report after a few sessions changed
 * groups only their calls. Each group is added at the place of its first call in `sessionCalls` order (a
 * session's calls, then its results without a call, each by rowid), so that rows appear, and take their first
 * call's names, as the calls one by one give them. False (nothing added) when a duration is not a whole
 * number of ms (its JSON text could round it): the caller then counts the calls one by one.
 */
function addGrouped(
  selection: TreeSelection,
  options: InventoryOptions,
  fold: ReturnType<typeof createInventoryFold>,
  inventoryCall: (root: TreeRow, session: SessionRow, call: CallRow) => Omit<InventoryCall, 'durationMs'>,
): boolean {
  const byModel = options.by === 'model';
  const kind = byModel ? 'tools by model' : 'tools';
  const stored = readTreeParts(selection, kind, noMore, isToolPart);
  const fresh = groupCalls(
    selection,
    selection.trees.filter((tree) => !stored.has(tree)),
    byModel,
  );
  keepTreeParts(selection, kind, fresh, noMore);
  // (A stored null says the tree has a duration that is not whole: not a missing part.)
  const parts = selection.trees.map((tree) => (stored.has(tree) ? stored.get(tree) : fresh.get(tree)));
  if (parts.some((part) => part === null)) return false;
  const sessions = loadSessionRows(selection);
  selection.trees.forEach((root, i) => {
    for (const [row, name, canonical, kind, mcpServer, status, model, calls, durations] of parts[i] ?? []) {
      const session = sessions.byRow.get(row);
      if (!session) continue;
      const call: CallRow = {
        name,
        canonical: canonical ?? name,
        kind: kinds[kind] as CallRow['kind'],
        mcpServer,
        status: toolCallStatuses[status] as ToolCallStatus,
        durationMs: null,
        model,
        startTime: null,
      };
      fold.addCalls(inventoryCall(root, session, call), calls, durations);
    }
  });
  return true;
}

/** A tool part holds for nothing but its unit's rows. */
const noMore = () => '';

/** Whether a stored value has the shape of a tool part: null, or groups of the length `CallGroup` has. */
function isToolPart(value: unknown): value is CallGroup[] | null {
  return (
    value === null ||
    (Array.isArray(value) &&
      value.every((group) => Array.isArray(group) && group.length === 9 && Array.isArray(group[8])))
  );
}

/**
 * The groups of each of `trees` in the order they are added, or null for a tree with a duration that is
 * not a whole number of ms.
 */
function groupCalls(
  selection: TreeSelection,
  trees: readonly TreeRow[],
  byModel: boolean,
): Map<TreeRow, CallGroup[] | null> {
  const out = new Map<TreeRow, CallGroup[] | null>();
  if (trees.length === 0) return out;
  const sql = (where: string) =>
    `SELECT session_row, status = 'orphan_result', min(rowid), count(*),
      json_group_array(duration_ms) FILTER (WHERE duration_ms IS NOT NULL),
      count(*) FILTER (WHERE typeof(duration_ms) = 'real'),
      tool, CASE WHEN canonical = tool THEN NULL ELSE canonical END, ${kindCode}, mcp_server, ${statusCode},
      ${byModel ? 'model' : 'NULL'}
      FROM tool_calls ${where}
      GROUP BY session_row, status, tool, canonical, kind, mcp_server${byModel ? ', model' : ''}`;
  const ofUnit = selection.db.prepare(sql('WHERE unit_id = ?')).raw();
  const rows = rowsForParts(
    trees,
    () => selection.db.prepare(sql('')).raw().all() as unknown[][],
    (unit) => ofUnit.all(unit) as unknown[][],
  );

  const sessions = loadSessionRows(selection);
  const bySession = new Map<number, unknown[][]>();
  for (const r of rows) {
    const row = r[0] as number;
    if (!sessions.byRow.has(row)) continue;
    const list = bySession.get(row);
    if (list) list.push(r);
    else bySession.set(row, [r]);
  }
  for (const tree of trees) {
    const groups: CallGroup[] = [];
    let whole = true;
    for (const session of sessions.callOrder(tree)) {
      const list = bySession.get(session.row) ?? [];
      // A session's calls before its orphan results, each by their first rowid.
      list.sort((a, b) => (a[1] as number) - (b[1] as number) || (a[2] as number) - (b[2] as number));
      for (const r of list) {
        if ((r[5] as number) > 0) whole = false;
        groups.push([
          session.row,
          r[6] as string,
          r[7] as string | null,
          r[8] as number,
          r[9] as string | null,
          r[10] as number,
          r[11] as string | null,
          r[3] as number,
          JSON.parse(r[4] as string) as number[],
        ]);
      }
    }
    out.set(tree, whole ? groups : null);
  }
  return out;
}
