import type { Session } from '../model/session.js';
import type { ToolCallStatus } from '../model/tool-call.js';
import { sessionCalls } from './all-calls.js';
import { percentile } from './percentile.js';
import { dayKey, type WeekStart, weekKeyFor } from './time-keys.js';

export type InventorySplit = 'version' | 'project' | 'model' | 'day' | 'week' | 'agent' | 'kind';

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
  /** With `by: "week"`: weeks start on Monday (ISO weeks, the default) or Sunday (see `weekKeyFor`). */
  weekStart?: WeekStart;
  /** With `by: "day"` or `"week"`: the time zone of the days (IANA name; UTC unless given). */
  timeZone?: string;
  /** Group MCP tools under one row per server (with the tools inside). */
  mcp?: boolean;
  /** What a tool does, from the agent's registry (the CLI passes it in; analytics sees no wire formats). */
  describe?: (agent: string, tool: string) => string | undefined;
  /**
   * With `by: "kind"`: the canonical kind of an agent's tool (shell, read, edit, ..., `schemas/common/tool-kind.ts`)
   * from its registry (the CLI passes it in). MCP calls are `mcp`, tools no registry knows `unknown`.
   */
  kindOf?: (agent: string, tool: string) => string | undefined;
}

/** A call's canonical tool kind for `by: "kind"` (see `InventoryOptions.kindOf`). */
export function toolKindOf(
  options: InventoryOptions,
  agent: string,
  call: { name: string; kind: ToolInventoryRow['kind'] },
): string {
  if (call.kind === 'mcp') return 'mcp';
  if (call.kind === 'unknown') return 'unknown';
  return options.kindOf?.(agent, call.name) ?? 'unclassified';
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
  const fold = createInventoryFold(options);
  for (const { root, session, call } of sessionCalls(sessions)) {
    fold.add({
      agent: session.agent,
      name: call.name,
      canonical: call.canonicalName,
      kind: call.kind,
      mcpServer: call.mcpServer ?? null,
      status: call.status,
      durationMs: call.durationMs ?? null,
      group: options.by
        ? inventoryGroup(
            options.by,
            {
              version: session.versions[session.versions.length - 1],
              project: root.project,
              model: call.model,
              time: call.startTime ?? root.startTime,
              agent: session.agent,
              toolKind: options.by === 'kind' ? toolKindOf(options, session.agent, call) : '',
            },
            options.weekStart,
            options.timeZone,
          )
        : '',
    });
  }
  return fold.finish();
}

/** A call as the inventory counts it, with its split value (`group`, empty without a split). */
export interface InventoryCall {
  agent: string;
  name: string;
  canonical: string;
  kind: ToolInventoryRow['kind'];
  mcpServer: string | null;
  status: ToolCallStatus;
  durationMs: number | null;
  group: string;
}

/**
 * The inventory's rows, from calls added in the order the sessions are walked: shared by
 * `computeToolInventory` and the index's tool query, so that both give the same rows.
 */
export function createInventoryFold(options: InventoryOptions) {
  const groups = new Map<string, Map<string, { row: ToolInventoryRow; durations: number[] }>>();
  const subDurations = new Map<ToolInventoryRow, number[]>();
  const fold = {
    add(call: InventoryCall): void {
      fold.addCalls(call, 1, call.durationMs === null ? [] : [call.durationMs]);
    },
    /**
     * `calls` calls alike (`call` without its duration) at once, as many `add`s in a row would count them,
     * with the durations of those that have one (the index's tool query adds its grouped rows this way).
     */
    addCalls(call: Omit<InventoryCall, 'durationMs'>, calls: number, durations: readonly number[]): void {
      const group = options.by ? call.group : '';
      const key = options.mcp && call.kind === 'mcp' ? `mcp__${call.mcpServer ?? '?'}` : call.name;
      let bucket = groups.get(group);
      if (!bucket) {
        bucket = new Map();
        groups.set(group, bucket);
      }
      const rowKey = `${call.agent}\u0000${key}`;
      let entry = bucket.get(rowKey);
      if (!entry) {
        entry = { row: emptyRow(call, key, options.by ? group : null, options), durations: [] };
        bucket.set(rowKey, entry);
      }
      count(entry, call.status, calls, durations);
      if (options.mcp && call.kind === 'mcp') {
        entry.row.tools ??= [];
        let toolEntry = entry.row.tools.find((t) => t.tool === call.name);
        if (!toolEntry) {
          toolEntry = emptyRow(call, call.name, options.by ? group : null, options);
          entry.row.tools.push(toolEntry);
        }
        if (!subDurations.has(toolEntry)) subDurations.set(toolEntry, []);
        count(
          { row: toolEntry, durations: subDurations.get(toolEntry) ?? [] },
          call.status,
          calls,
          durations,
        );
      }
    },
    finish(): ToolInventoryRow[] {
      const rows: ToolInventoryRow[] = [];
      for (const [, bucket] of [...groups.entries()].sort((a, b) => a[0].localeCompare(b[0]))) {
        const total = [...bucket.values()].reduce((n, e) => n + e.row.calls, 0);
        const groupRows = [...bucket.values()].map(({ row, durations }) => finishRow(row, durations, total));
        for (const row of groupRows) {
          for (const tool of row.tools ?? []) finishRow(tool, subDurations.get(tool) ?? [], row.calls);
          row.tools?.sort(byCalls);
        }
        rows.push(...groupRows.sort(byCalls));
      }
      return rows;
    },
  };
  return fold;
}

function byCalls(a: ToolInventoryRow, b: ToolInventoryRow): number {
  return b.calls - a.calls || a.tool.localeCompare(b.tool);
}

function emptyRow(
  call: Omit<InventoryCall, 'durationMs'>,
  tool: string,
  group: string | null,
  options: InventoryOptions,
): ToolInventoryRow {
  const grouped = tool !== call.name;
  return {
    tool,
    agent: call.agent,
    canonical: grouped ? tool : call.canonical,
    kind: call.kind,
    mcpServer: call.mcpServer,
    group,
    description: grouped
      ? `MCP server "${call.mcpServer ?? '?'}"`
      : (options.describe?.(call.agent, call.name) ?? null),
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

function count(
  entry: { row: ToolInventoryRow; durations: number[] },
  status: ToolCallStatus,
  calls: number,
  durations: readonly number[],
): void {
  entry.row.calls += calls;
  const key = statusKeys[status];
  (entry.row[key] as number) += calls;
  for (const duration of durations) entry.durations.push(duration);
}

function finishRow(row: ToolInventoryRow, durations: number[], total: number): ToolInventoryRow {
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

/**
 * A call's split value: the session's last agent version, the project, the model, the day or week in `zone`
 * (weeks starting on `weekStart`), the agent, the tool's canonical kind.
 */
export function inventoryGroup(
  by: InventorySplit,
  call: {
    version: string | undefined;
    project: string | undefined;
    model: string | undefined;
    time: string | undefined;
    agent: string;
    /** The call's canonical tool kind (see {@link toolKindOf}); read by the `kind` split only. */
    toolKind: string;
  },
  weekStart: WeekStart = 'monday',
  zone = 'UTC',
): string {
  switch (by) {
    case 'version':
      return call.version ?? 'unknown';
    case 'project':
      return call.project ?? 'unknown';
    case 'model':
      return call.model ?? 'unknown';
    case 'day':
      return dayKey(call.time, zone);
    case 'week':
      return weekKeyFor(call.time, weekStart, zone);
    case 'agent':
      return call.agent;
    case 'kind':
      return call.toolKind;
    default:
      return by satisfies never;
  }
}
