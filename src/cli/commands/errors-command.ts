import type { Command } from 'commander';
import type { ErrorReport } from '../../analytics/error-report.js';
import { clip } from '../../analytics/summarize-tool-input.js';
import { addFilterOptions, parseFilter } from '../filter-options.js';
import { addCacheOptions, type DataFlags } from '../load-data.js';
import { answerOf, loadReportData } from '../load-report-data.js';
import { displayPath, type Io, plural, renderTable, writeJson, writeLine } from '../output.js';

interface ErrorsFlags extends DataFlags {
  json?: boolean;
}

export function registerErrorsCommand(program: Command, io: Io): void {
  addCacheOptions(
    addFilterOptions(
      program
        .command('errors')
        .description('Failed tool calls grouped by tool and by error message, with an example location')
        .argument('[paths...]', 'files or folders (default: the log folders of every agent)')
        .option('--demo', 'run on the demo sessions shipped with agentlog')
        .option('--json', 'print JSON'),
    ),
  ).action(async (paths: string[], flags: ErrorsFlags) => {
    // A run with the inputs and filter of an earlier one gets its answer back from the index.
    const data = await loadReportData(paths, flags, io, undefined, undefined, undefined, {
      kind: 'errors',
      params: { filter: parseFilter(flags) },
    });
    let report: ErrorReport;
    try {
      report = await answerOf(data, () => data.errors());
    } finally {
      data.close();
    }
    if (flags.json) writeJson(io, report);
    else printErrors(io, report, Number.POSITIVE_INFINITY);
  });
}

export function printErrors(io: Io, report: ErrorReport, limit: number): void {
  if (report.groups.length === 0) {
    writeLine(io, 'No failed tool calls.');
    return;
  }
  writeLine(
    io,
    renderTable(io, {
      head: ['tool', 'failed', 'error', 'denied', 'interrupted', 'hook blocked'],
      numeric: [1, 2, 3, 4, 5],
      rows: report.byTool
        .slice(0, limit)
        .map((t) => [t.tool, t.failed, t.error, t.denied, t.interrupted, t.hookBlocked]),
    }),
  );
  writeLine(
    io,
    renderTable(io, {
      head: ['tool', 'status', 'count', 'sessions', 'message', 'example'],
      numeric: [2, 3],
      rows: report.groups
        .slice(0, limit)
        .map((g) => [
          g.tool,
          g.status,
          g.count,
          g.sessions,
          clip(g.message, 70),
          `${displayPath(io, g.example.file)}:${g.example.line}`,
        ]),
    }),
  );
  if (report.groups.length > limit)
    writeLine(io, `... and ${plural(report.groups.length - limit, 'more group')} (agentlog errors)`);
}
