/**
 * `computeToolInventory` (analytics/tool-inventory.ts) over the index's `tool_calls` rows of the selected
 * trees: the same rows, splits (`by`), MCP grouping, shares, error rates and duration percentiles.
 */

import { percentile } from '../../analytics/percentile.js';
import { dayKey } from '../../analytics/time-keys.js';
import type { InventoryOptions, InventorySplit, ToolInventoryRow } from '../../analytics/tool-inventory.js';
import { type ToolCallStatus, toolCallStatuses } from '../../model/tool-call.js';
import { type CallInOrder, callsInOrder } from './calls-in-order.js';
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

const statusKeys: Record<ToolCallStatus, keyof ToolInventoryRow> = {
  ok: 'ok',
  error: 'errors',
  denied: 'denied',
  interrupted: 'interrupted',
  hook_blocked: 'hookBlocked',
  missing: 'missing',
  orphan_result: 'orphanResults',
};

type Item = CallInOrder<CallRow>;

const kinds: readonly ToolInventoryRow['kind'][] = ['builtin', 'mcp', 'unknown'];
/** SQL for a call's kind as its index in {@link kinds} (the rows hold only these three). */
const kindCode = "CASE kind WHEN 'builtin' THEN 0 WHEN 'mcp' THEN 1 ELSE 2 END";
/** SQL for a call's status as its index in `toolCallStatuses`. */
const statusCode = `CASE status ${toolCallStatuses.map((s, i) => `WHEN '${s}' THEN ${i}`).join(' ')} ELSE -1 END`;

export function queryToolInventory(
  selection: TreeSelection,
  options: InventoryOptions = {},
): ToolInventoryRow[] {
  const groups = new Map<string, Map<string, { row: ToolInventoryRow; durations: number[] }>>();
  const subDurations = new Map<ToolInventoryRow, number[]>();
  // Narrow rows: statuses and kinds as small numbers, the canonical name only where it differs from the
  // name, and the model or start time only for the split that reads them (fewer strings to make).
  callsInOrder(
    selection,
    `tool, CASE WHEN canonical = tool THEN NULL ELSE canonical END, ${kindCode}, mcp_server, ${statusCode},
      duration_ms, ${options.by === 'model' ? 'model' : 'NULL'}, ${options.by === 'day' ? 'start_time' : 'NULL'}`,
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
    (item) => {
      const group = options.by ? groupOf(item, options.by) : '';
      const key =
        options.mcp && item.call.kind === 'mcp' ? `mcp__${item.call.mcpServer ?? '?'}` : item.call.name;
      let bucket = groups.get(group);
      if (!bucket) {
        bucket = new Map();
        groups.set(group, bucket);
      }
      const rowKey = `${item.session.agent}\u0000${key}`;
      let entry = bucket.get(rowKey);
      if (!entry) {
        entry = { row: emptyRow(item, key, options.by ? group : null, options), durations: [] };
        bucket.set(rowKey, entry);
      }
      count(entry, item);
      if (options.mcp && item.call.kind === 'mcp') {
        entry.row.tools ??= [];
        let toolEntry = entry.row.tools.find((t) => t.tool === item.call.name);
        if (!toolEntry) {
          toolEntry = emptyRow(item, item.call.name, options.by ? group : null, options);
          entry.row.tools.push(toolEntry);
        }
        let durations = subDurations.get(toolEntry);
        if (!durations) {
          durations = [];
          subDurations.set(toolEntry, durations);
        }
        count({ row: toolEntry, durations }, item);
      }
    },
  );
  const rows: ToolInventoryRow[] = [];
  for (const [, bucket] of [...groups.entries()].sort((a, b) => a[0].localeCompare(b[0]))) {
    const total = [...bucket.values()].reduce((n, e) => n + e.row.calls, 0);
    const groupRows = [...bucket.values()].map(({ row, durations }) => finish(row, durations, total));
    for (const row of groupRows) {
      for (const tool of row.tools ?? []) finish(tool, subDurations.get(tool) ?? [], row.calls);
      row.tools?.sort(byCalls);
    }
    rows.push(...groupRows.sort(byCalls));
  }
  return rows;
}

function byCalls(a: ToolInventoryRow, b: ToolInventoryRow): number {
  return b.calls - a.calls || a.tool.localeCompare(b.tool);
}

function emptyRow(
  item: Item,
  tool: string,
  group: string | null,
  options: InventoryOptions,
): ToolInventoryRow {
  const grouped = tool !== item.call.name;
  return {
    tool,
    agent: item.session.agent,
    canonical: grouped ? tool : item.call.canonical,
    kind: item.call.kind,
    mcpServer: item.call.mcpServer,
    group,
    description: grouped
      ? `MCP server "${item.call.mcpServer ?? '?'}"`
      : (options.describe?.(item.session.agent, item.call.name) ?? null),
    calls: 0,
    share: 0,
    ok: 0,
    errors: 0,
    errorRate: 0,
    denied: 0,
    interrupted: 0,
    hookBlocked: 0,
    missing: 0,
    orphanResults: 0,
    medianMs: null,
    p95Ms: null,
  };
}

function count(entry: { row: ToolInventoryRow; durations: number[] }, item: Item): void {
  entry.row.calls += 1;
  const key = statusKeys[item.call.status];
  (entry.row[key] as number) += 1;
  if (item.call.durationMs !== null) entry.durations.push(item.call.durationMs);
}

function finish(row: ToolInventoryRow, durations: number[], total: number): ToolInventoryRow {
  row.share = total === 0 ? 0 : row.calls / total;
  const answered = row.calls - row.missing;
  row.errorRate = answered === 0 ? 0 : row.errors / answered;
  if (durations.length > 0) {
    durations.sort((a, b) => a - b);
    row.medianMs = percentile(durations, 0.5) ?? null;
    row.p95Ms = percentile(durations, 0.95) ?? null;
  }
  return row;
}

function groupOf(item: Item, by: InventorySplit): string {
  switch (by) {
    case 'version':
      return item.session.lastVersion ?? 'unknown';
    case 'project':
      return item.root.project ?? 'unknown';
    case 'model':
      return item.call.model ?? 'unknown';
    case 'day':
      return dayKey(item.call.startTime ?? item.root.startTime ?? undefined);
    case 'agent':
      return item.session.agent;
    default:
      return by satisfies never;
  }
}
