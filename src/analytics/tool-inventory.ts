import type { Session } from '../model/session.js';
import type { ToolCallStatus } from '../model/tool-call.js';
import { type SessionCall, sessionCalls } from './all-calls.js';
import { percentile } from './percentile.js';
import { dayKey } from './time-keys.js';

export type InventorySplit = 'version' | 'project' | 'model' | 'day' | 'agent';

/** One row of the tool inventory: the stable `agentlog tools --json` shape. */
export interface ToolInventoryRow {
  /** The tool name as written in the logs (`Task` and `Agent` are separate rows); with `mcp`, `mcp__<server>`. */
  tool: string;
  agent: string;
  /** Newest name of the tool's lineage. */
  canonical: string;
  kind: 'builtin' | 'mcp' | 'unknown';
  mcpServer: string | null;
  /** The split value (`--by`), or null. */
  group: string | null;
  description: string | null;
  calls: number;
  /** Share of all calls in the same group (0..1). */
  share: number;
  ok: number;
  errors: number;
  /** errors / calls that have a result. */
  errorRate: number;
  denied: number;
  interrupted: number;
  hookBlocked: number;
  missing: number;
  orphanResults: number;
  medianMs: number | null;
  p95Ms: number | null;
  /** For `--mcp` server rows: the server's tools, same shape. */
  tools?: ToolInventoryRow[];
}

export interface InventoryOptions {
  by?: InventorySplit;
  /** Group MCP tools under one row per server (with the tools inside). */
  mcp?: boolean;
  /** What a tool does, from the agent's registry (the CLI passes it in; analytics sees no wire formats). */
  describe?: (agent: string, tool: string) => string | undefined;
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

/**
 * The tool inventory: one row per tool (and per group with `by`), sorted by calls, with status counts,
 * error rate and duration percentiles. Orphan results are counted on a `(result without its call)` row: their calls are
 * not in the logs, so their tool is unknown.
 */
export function computeToolInventory(
  sessions: readonly Session[],
  options: InventoryOptions = {},
): ToolInventoryRow[] {
  const groups = new Map<string, { rows: Map<string, { row: ToolInventoryRow; durations: number[] }> }>();
  const subDurations = new Map<ToolInventoryRow, number[]>();
  for (const item of sessionCalls(sessions)) {
    const group = options.by ? groupOf(item, options.by) : '';
    const key =
      options.mcp && item.call.kind === 'mcp' ? `mcp__${item.call.mcpServer ?? '?'}` : item.call.name;
    let bucket = groups.get(group);
    if (!bucket) {
      bucket = { rows: new Map() };
      groups.set(group, bucket);
    }
    const rowKey = `${item.session.agent}\u0000${key}`;
    let entry = bucket.rows.get(rowKey);
    if (!entry) {
      entry = { row: emptyRow(item, key, options.by ? group : null, options), durations: [] };
      bucket.rows.set(rowKey, entry);
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
  }
  const rows: ToolInventoryRow[] = [];
  for (const [, bucket] of [...groups.entries()].sort((a, b) => a[0].localeCompare(b[0]))) {
    const total = [...bucket.rows.values()].reduce((n, e) => n + e.row.calls, 0);
    const groupRows = [...bucket.rows.values()].map(({ row, durations }) => finish(row, durations, total));
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
  item: SessionCall,
  tool: string,
  group: string | null,
  options: InventoryOptions,
): ToolInventoryRow {
  const grouped = tool !== item.call.name;
  return {
    tool,
    agent: item.session.agent,
    canonical: grouped ? tool : item.call.canonicalName,
    kind: item.call.kind,
    mcpServer: item.call.mcpServer ?? null,
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

function count(entry: { row: ToolInventoryRow; durations: number[] }, item: SessionCall): void {
  entry.row.calls += 1;
  const key = statusKeys[item.call.status];
  (entry.row[key] as number) += 1;
  if (item.call.durationMs !== undefined) entry.durations.push(item.call.durationMs);
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

function groupOf(item: SessionCall, by: InventorySplit): string {
  switch (by) {
    case 'version':
      return item.session.versions[item.session.versions.length - 1] ?? 'unknown';
    case 'project':
      return item.root.project ?? 'unknown';
    case 'model':
      return item.call.model ?? 'unknown';
    case 'day':
      return dayKey(item.call.startTime ?? item.root.startTime);
    case 'agent':
      return item.session.agent;
    default:
      return by satisfies never;
  }
}
