import type { Command } from 'commander';
import { clip } from '../../analytics/summarize-tool-input.js';
import { terminalText } from '../../analytics/terminal-text.js';
import type { InventorySplit, ToolInventoryRow } from '../../analytics/tool-inventory.js';
import { CliError, exitCodes } from '../cli-error.js';
import { addFilterOptions, parseFilter } from '../filter-options.js';
import { addCacheOptions, type DataFlags } from '../load-data.js';
import { answerOf, loadReportData } from '../load-report-data.js';
import {
  formatDuration,
  formatPercent,
  type Io,
  plural,
  renderTable,
  writeJson,
  writeLine,
} from '../output.js';
import { parseTimeZone } from '../time-zone-option.js';
import { addWeekStartOption, parseWeekStart } from '../week-start-option.js';

const splits = ['version', 'project', 'model', 'day', 'week', 'agent', 'kind'] as const;

export interface ToolsFlags extends DataFlags {
  json?: boolean;
  format?: string;
  by?: string;
  weekStart?: string;
  mcp?: boolean;
}

export function registerToolsCommand(program: Command, io: Io): void {
  addCacheOptions(
    addFilterOptions(
      addWeekStartOption(
        program
          .command('tools')
          .description(
            'The tool inventory: every tool with calls, errors, denials, durations and what it does',
          )
          .argument('[paths...]', 'files or folders (default: the log folders of every agent)')
          .option('--by <split>', `one table per ${splits.join(', ')}`)
          .option('--mcp', 'group MCP tools under their server')
          .option('--format <format>', 'table (default) or md (a markdown table)', 'table')
          .option('--demo', 'run on the demo sessions shipped with agentlog')
          .option('--json', 'print JSON'),
      ),
    ),
  ).action(async (paths: string[], flags: ToolsFlags) => {
    const by = parseSplit(flags.by);
    const weekStart = parseWeekStart(flags.weekStart);
    const timeZone = parseTimeZone(flags.timezone);
    if (flags.format !== 'table' && flags.format !== 'md')
      throw new CliError(`Option --format must be "table" or "md", got "${flags.format}".`, {
        exitCode: exitCodes.usage,
      });
    // The registries' kinds (loaded only for `--by kind`).
    const kindOf = by === 'kind' ? (await import('../describe-tool.js')).toolKindOfAgent : undefined;
    // A run with the inputs and options of an earlier one gets its answer back from the index.
    const mcp = flags.mcp ?? false;
    const params = { filter: parseFilter(flags), by, weekStart, timeZone, mcp };
    const data = await loadReportData(paths, flags, io, undefined, undefined, undefined, {
      kind: 'tools',
      params,
    });
    let rows: ToolInventoryRow[];
    try {
      rows = await answerOf(data, () =>
        data.tools({
          ...(by ? { by } : {}),
          weekStart,
          timeZone,
          mcp,
          describe: true,
          ...(kindOf ? { kindOf } : {}),
        }),
      );
    } finally {
      data.close();
    }
    if (flags.json) writeJson(io, rows);
    else if (flags.format === 'md') writeLine(io, renderToolsMarkdown(rows));
    else printTools(io, rows, Number.POSITIVE_INFINITY);
  });
}

export function parseSplit(value: string | undefined): InventorySplit | undefined {
  if (value === undefined) return undefined;
  if ((splits as readonly string[]).includes(value)) return value as InventorySplit;
  throw new CliError(
    `Option --by must be one of ${splits.map((s) => `"${s}"`).join(', ')}, got "${value}".`,
    {
      exitCode: exitCodes.usage,
    },
  );
}

/** The inventory as a terminal table (one table per group with --by). */
export function printTools(io: Io, rows: ToolInventoryRow[], limit: number): void {
  if (rows.length === 0) {
    writeLine(io, 'No tool calls in these sessions.');
    return;
  }
  const groups = new Map<string | null, ToolInventoryRow[]>();
  for (const row of rows) groups.set(row.group, [...(groups.get(row.group) ?? []), row]);
  for (const [group, list] of groups) {
    if (group !== null) writeLine(io, `\n${terminalText(group)}`);
    // A name two agents share (Pi's and Copilot's `bash`) says whose it is.
    const agentsOf = new Map<string, Set<string>>();
    for (const r of list) agentsOf.set(r.tool, (agentsOf.get(r.tool) ?? new Set()).add(r.agent));
    const named = (r: ToolInventoryRow) =>
      (agentsOf.get(r.tool)?.size ?? 0) > 1 ? { ...r, tool: `${r.tool} (${r.agent})` } : r;
    const flat = list.flatMap((r) => [
      named(r),
      ...(r.tools ?? []).map((t) => ({ ...t, tool: `  ${t.tool}` })),
    ]);
    writeLine(
      io,
      renderTable(io, {
        head: [
          'tool',
          'calls',
          'share',
          'errors',
          'error rate',
          'denied',
          'interrupted',
          'missing',
          'median',
          'p95',
          'what it does',
        ],
        numeric: [1, 2, 3, 4, 5, 6, 7, 8, 9],
        // On a narrow terminal the counts of each failure kind go first (errors stay), then the share and the
        // error rate, then p95: what a call is and how often it ran stay readable, headers whole.
        dropOrder: [6, 7, 5, 2, 4, 9],
        rows: flat
          .slice(0, limit)
          .map((r) => [
            r.tool,
            r.calls,
            formatPercent(r.share),
            r.errors,
            formatPercent(r.errorRate),
            r.denied,
            r.interrupted,
            r.missing,
            formatDuration(r.medianMs ?? undefined),
            formatDuration(r.p95Ms ?? undefined),
            clip(r.description ?? (r.kind === 'unknown' ? '(unknown tool)' : ''), 60),
          ]),
      }),
    );
    if (flat.length > limit)
      writeLine(io, `... and ${plural(flat.length - limit, 'more tool')} (agentlog tools)`);
  }
}

/** The inventory in the shape of the project's requirement document: tool, calls, what it does. */
export function renderToolsMarkdown(rows: ToolInventoryRow[]): string {
  const lines: string[] = [];
  let group: string | null | undefined;
  for (const row of rows) {
    if (row.group !== group) {
      if (lines.length > 0) lines.push('');
      if (row.group !== null) lines.push(`### ${row.group}`, '');
      lines.push('| Tool name | Calls | What it does (high level) |', '|---|---:|---|');
      group = row.group;
    }
    lines.push(
      `| \`${row.tool}\` | ${row.calls} | ${escapeCell(row.description ?? (row.kind === 'unknown' ? 'Unknown tool' : ''))} |`,
    );
    for (const tool of row.tools ?? [])
      lines.push(`| \`${tool.tool}\` | ${tool.calls} | ${escapeCell(tool.description ?? '')} |`);
  }
  return lines.join('\n');
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}
