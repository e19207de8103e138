import type { Command } from 'commander';
import { formatUsd } from '../../analytics/format-number.js';
import type { UsageReport, UsageSplit } from '../../analytics/usage-report.js';
import { CliError, exitCodes } from '../cli-error.js';
import { printCountedUsageNotes } from '../counted-usage-notes.js';
import { addFilterOptions, parseFilter } from '../filter-options.js';
import { isColdUsageRun } from '../is-cold-usage-run.js';
import { addLiveOptions, type LiveFlags, liveRefresh, runLive } from '../live-view.js';
import { addCacheOptions, type DataFlags, resolveData } from '../load-data.js';
import { answerOf, loadReportData } from '../load-report-data.js';
import { colorsFor, type Io, renderTable, type TableCell, writeJson, writeLine } from '../output.js';
import { createKeyedPricer, offlineHelp } from '../pricer.js';
import { parseTimeZone } from '../time-zone-option.js';
import { addWeekStartOption, parseWeekStart } from '../week-start-option.js';

const splits = ['day', 'week', 'month', 'session', 'model', 'project', 'agent'] as const;

interface UsageFlags extends DataFlags, LiveFlags {
  json?: boolean;
  by: string;
  weekStart?: string;
  pricing?: string;
  offline?: boolean;
}

export function registerUsageCommand(program: Command, io: Io): void {
  addCacheOptions(
    addFilterOptions(
      addWeekStartOption(
        addLiveOptions(program.command('usage'))
          .description(
            'Tokens (input, output, cache write, cache read) and cost, per day or per week, month, session, model, project (days in the local time zone)',
          )
          .argument('[paths...]', 'files or folders (default: the log folders of every agent)')
          .option('--by <split>', `rows per ${splits.join(', ')}`, 'day')
          .option('--pricing <file>', 'a JSON pricing file that overrides the built-in prices')
          .option('--offline', offlineHelp)
          .option('--demo', 'run on the demo sessions shipped with agentlog')
          .option('--json', 'print JSON'),
      ),
    ),
  ).action(async (paths: string[], flags: UsageFlags) => {
    const by = parseUsageSplit(flags.by);
    const weekStart = parseWeekStart(flags.weekStart);
    const timeZone = parseTimeZone(flags.timezone);
    const refresh = liveRefresh(io, flags);
    const pricer = await createKeyedPricer(flags, io);
    const price = pricer.price;
    const load = async (loadIo: Io): Promise<UsageReport> => {
      const resolved = await resolveData(paths, flags, loadIo);
      // No index of these files yet: a pass that reads only what usage needs (see usage-cold.ts).
      if (refresh === undefined && isColdUsageRun(resolved, flags, loadIo)) {
        const { coldUsageReport } = await import('../usage-cold.js');
        const report = await coldUsageReport(resolved, flags, loadIo, by, price, { weekStart, timeZone });
        // Read from the files themselves: a function of them and the options, as an answer of the index is.
        loadIo.response?.answered();
        return report;
      }
      // A run with the inputs, options and prices of an earlier one gets its answer back from the index.
      const params = { filter: parseFilter(flags), by, weekStart, timeZone, prices: pricer.key };
      const data = await loadReportData(paths, flags, loadIo, undefined, undefined, resolved, {
        kind: 'usage',
        params,
      });
      try {
        const report = await answerOf(data, () => data.usage(by, price, { weekStart, timeZone }, pricer.key));
        return report;
      } finally {
        data.close();
      }
    };
    if (refresh !== undefined) {
      await runLive(io, refresh, { title: 'agentlog usage', load, print: printUsage });
      return;
    }
    const report: UsageReport = await load(io);
    if (flags.json) writeJson(io, { ...report, timeZone });
    else printUsage(io, report, Number.POSITIVE_INFINITY);
  });
}

export function parseUsageSplit(value: string): UsageSplit {
  if ((splits as readonly string[]).includes(value)) return value as UsageSplit;
  throw new CliError(
    `Option --by must be one of ${splits.map((s) => `"${s}"`).join(', ')}, got "${value}".`,
    {
      exitCode: exitCodes.usage,
    },
  );
}

export function printUsage(io: Io, report: UsageReport, limit: number): void {
  const colors = colorsFor(io);
  // Sessions of agents that record no usage (Cursor) add no requests: no table of zeros and $0.
  if (report.total.requests === 0) {
    writeLine(io, 'No usage recorded in these sessions.');
    return;
  }
  const rows = report.rows.length > limit ? report.rows.slice(-limit) : report.rows;
  const line = (r: UsageReport['total'], key: TableCell = r.key): TableCell[] => [
    key,
    r.inputTokens,
    r.outputTokens,
    r.cacheWriteTokens,
    r.cacheReadTokens,
    r.totalTokens,
    r.unpricedRequests > 0 && r.cost === 0
      ? 'n/a'
      : `${formatUsd(r.cost)}${r.unpricedRequests > 0 ? '*' : ''}`,
  ];
  writeLine(
    io,
    renderTable(io, {
      // Short heads (the cost cells carry their dollar sign): the table fits 80 columns with its heads whole.
      head: [report.by, 'input', 'output', 'cache write', 'cache read', 'total', 'cost'],
      numeric: [1, 2, 3, 4, 5, 6],
      // Too narrow for all: the cache columns go before the cost (the total still counts them).
      dropOrder: [4, 3],
      rows: [...rows.map((r) => line(r)), line(report.total, { text: 'Total', style: colors.bold })],
    }),
  );
  if (report.rows.length > limit)
    writeLine(io, colors.dim(`(last ${limit} of ${report.rows.length} rows; the total covers all)`));
  printCountedUsageNotes(io, report);
}
