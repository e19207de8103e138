/**
 * `agentlog blocks`: Claude Code usage in the 5-hour blocks subscription limits count, newest last, with
 * the active block's time left, burn rate and projection, shares of a token limit (`--token-limit N|max`),
 * and the weekly totals beside them. Times and weeks are those of `--timezone` (the system zone by default). `AGENTLOG_NOW` (an ISO time) pins the clock the active
 * block is measured at, for tests and for looking back.
 */
import type { Command } from 'commander';
import { type BlocksReport, computeBlocksReport, type LimitedBlock } from '../../analytics/blocks-report.js';
import { formatUsd } from '../../analytics/format-number.js';
import { latestRateLimits } from '../../analytics/rate-limit-report.js';
import { weekKeyFor } from '../../analytics/time-keys.js';
import type { UsageRow } from '../../analytics/usage-report.js';
import { CliError, exitCodes, quote } from '../cli-error.js';
import { printCountedUsageNotes } from '../counted-usage-notes.js';
import { addFilterOptions } from '../filter-options.js';
import { addLiveOptions, type LiveFlags, liveRefresh, runLive } from '../live-view.js';
import { addCacheOptions, type DataFlags } from '../load-data.js';
import { loadReportData } from '../load-report-data.js';
import {
  colorsFor,
  formatDuration,
  formatNumber,
  formatPercent,
  type Io,
  plural,
  renderTable,
  type TableCell,
  writeJson,
  writeLine,
} from '../output.js';
import { createPricer, offlineHelp } from '../pricer.js';
import { printRateLimits } from '../rate-limits-text.js';
import { parseTimeZone, zoneHeading } from '../time-zone-option.js';
import { addWeekStartOption, parseWeekStart } from '../week-start-option.js';

/** Blocks the table shows without `--all`. */
const recentBlocks = 10;

interface BlocksFlags extends DataFlags, LiveFlags {
  json?: boolean;
  all?: boolean;
  tokenLimit?: string;
  weekStart?: string;
  pricing?: string;
  offline?: boolean;
}

export function registerBlocksCommand(program: Command, io: Io): void {
  addCacheOptions(
    addFilterOptions(
      addWeekStartOption(
        addLiveOptions(program.command('blocks'))
          .description(
            'Claude Code usage in the 5-hour blocks subscription limits count (local times), the active one with time left, burn rate and projection, and weekly totals',
          )
          .argument('[paths...]', 'files or folders (default: the log folders of every agent)')
          .option(
            '--token-limit <n|max>',
            'tokens per block to measure against: a number, or max (the largest finished block); warns from 80%',
          )
          .option('--all', `show every block (default: the last ${recentBlocks}) and every week`)
          .option('--pricing <file>', 'a JSON pricing file that overrides the built-in prices')
          .option('--offline', offlineHelp)
          .option('--demo', 'run on the demo sessions shipped with agentlog')
          .option('--json', 'print JSON (every block and week)')
          .addHelpText(
            'after',
            '\nTimes and weeks are in the system time zone, or that of --timezone; blocks start on the hour of the UTC clock (at :30 in a zone offset by a half hour) and last 5 hours of elapsed time. Codex requests are left out: Codex has its own limits,\nwhich its rollouts record; the newest observation per Codex home and limit is shown as recorded (rateLimits in --json).\nAGENTLOG_NOW=<ISO time> measures the active block at that time instead of now.',
          ),
      ),
    ),
  ).action(async (paths: string[], flags: BlocksFlags) => {
    const tokenLimit = parseTokenLimit(flags.tokenLimit);
    const weekStart = parseWeekStart(flags.weekStart);
    const timeZone = parseTimeZone(flags.timezone);
    clockOf(io);
    const refresh = liveRefresh(io, flags);
    const price = await createPricer(flags, io);
    const load = async (loadIo: Io) => {
      const now = clockOf(io);
      const data = await loadReportData(paths, flags, loadIo);
      try {
        const report: BlocksReport = computeBlocksReport(data.countedRequests(), price, {
          now,
          weekStart,
          timeZone,
          ...(tokenLimit === undefined ? {} : { tokenLimit }),
        });
        return { ...report, rateLimits: latestRateLimits(data.rateLimits(), now) };
      } finally {
        data.close();
      }
    };
    const print = (printIo: Io, report: Awaited<ReturnType<typeof load>>, rows: number) => {
      printBlocks(printIo, report, rows);
      printRateLimits(printIo, report.rateLimits, timeZone);
    };
    if (refresh !== undefined) {
      await runLive(io, refresh, { title: 'agentlog blocks', load, print });
      return;
    }
    const report = await load(io);
    if (flags.json) writeJson(io, report);
    else print(io, report, flags.all ? Number.POSITIVE_INFINITY : recentBlocks);
  });
}

/** `--token-limit`: a whole number of tokens (at least 1) or `max`. */
export function parseTokenLimit(value: string | undefined): number | 'max' | undefined {
  if (value === undefined) return undefined;
  const text = value.trim().toLowerCase();
  if (text === 'max') return 'max';
  const tokens = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (Number.isSafeInteger(tokens) && tokens >= 1) return tokens;
  throw new CliError(
    `Option --token-limit needs a whole number of tokens (1 or more) or "max", got ${quote(value)}.`,
    { exitCode: exitCodes.usage },
  );
}

/** Now, or the ISO time of `AGENTLOG_NOW`. */
function clockOf(io: Io): number {
  const pinned = io.env.AGENTLOG_NOW;
  if (pinned === undefined || pinned === '') return Date.now();
  const at = Date.parse(pinned);
  if (Number.isNaN(at) || !/^\d{4}-\d{2}-\d{2}/.test(pinned))
    throw new CliError(
      `AGENTLOG_NOW must be an ISO time such as 2026-03-02T12:00:00Z, got ${quote(pinned)}; unset it to use the clock.`,
      { exitCode: exitCodes.usage },
    );
  return at;
}

export function printBlocks(io: Io, report: BlocksReport, limit: number): void {
  const colors = colorsFor(io);
  if (report.total.requests === 0) {
    writeLine(io, 'No Claude Code usage in these sessions: blocks count Claude Code requests only.');
    return;
  }
  const shown = report.blocks.length > limit ? report.blocks.slice(-limit) : report.blocks;
  const withLimit = report.tokenLimit !== null;
  const costCell = (cost: number, unpriced: number) =>
    unpriced > 0 && cost === 0 ? 'n/a' : `${formatUsd(cost)}${unpriced > 0 ? '*' : ''}`;
  const blockRow = (b: LimitedBlock): TableCell[] => [
    `${b.start.slice(0, 16).replace('T', ' ')}-${b.end.slice(11, 16)}`,
    b.active ? { text: `${formatDuration(b.remainingMs)} left`, style: colors.green } : 'done',
    b.inputTokens,
    b.outputTokens,
    b.cacheWriteTokens,
    b.cacheReadTokens,
    b.totalTokens,
    costCell(b.cost, b.unpricedRequests),
    ...(withLimit ? [shareCell(b.limitShare, report.warnAt, colors)] : []),
    b.models.join(', '),
  ];
  const head = [
    // The lines below the table name the zone.
    `block (${zoneHeading(report.timeZone)})`,
    'state',
    'input',
    'output',
    'cache write',
    'cache read',
    'tokens',
    'cost (USD)',
    ...(withLimit ? ['of limit'] : []),
    'models',
  ];
  const models = head.length - 1;
  if (shown.length > 0)
    writeLine(
      io,
      renderTable(io, {
        head,
        numeric: withLimit ? [2, 3, 4, 5, 6, 7, 8] : [2, 3, 4, 5, 6, 7],
        rows: shown.map(blockRow),
        dropOrder: [models, 4, 2, 3, 5],
      }),
    );
  if (report.blocks.length > shown.length)
    writeLine(
      io,
      colors.dim(`(last ${shown.length} of ${report.blocks.length} blocks; --all shows every one)`),
    );
  const active = report.blocks.find((b) => b.active);
  if (active) printActive(io, report, active);
  else if (shown.length > 0)
    writeLine(
      io,
      colors.dim(`No active block at ${report.now.slice(0, 16).replace('T', ' ')} ${report.timeZone}.`),
    );
  if (report.tokenLimitSource === 'max' && report.tokenLimit === null)
    writeLine(io, colors.dim('No finished block yet: --token-limit max has nothing to measure by.'));

  // The weeks of the blocks shown: from the week of the first one's start.
  const firstWeek =
    shown[0] === undefined ? undefined : weekKeyFor(shown[0].start, report.weekStart, report.timeZone);
  const weeks =
    limit === Number.POSITIVE_INFINITY || firstWeek === undefined
      ? report.weeks
      : report.weeks.filter((w) => w.key !== 'unknown' && w.key >= firstWeek);
  const weekRow = (w: UsageRow): TableCell[] => [
    w.key,
    w.inputTokens,
    w.outputTokens,
    w.cacheWriteTokens,
    w.cacheReadTokens,
    w.totalTokens,
    costCell(w.cost, w.unpricedRequests),
    w.requests,
  ];
  writeLine(
    io,
    `\nWeekly totals (${report.weekStart === 'sunday' ? 'weeks from Sunday' : 'ISO weeks'}, ${report.timeZone})`,
  );
  writeLine(
    io,
    renderTable(io, {
      head: [
        report.weekStart === 'sunday' ? 'week of' : 'week',
        'input',
        'output',
        'cache write',
        'cache read',
        'total tokens',
        'cost (USD)',
        'requests',
      ],
      numeric: [1, 2, 3, 4, 5, 6, 7],
      rows: weeks.map(weekRow),
      dropOrder: [3, 1, 2, 4],
    }),
  );
  if (report.untimedRequests > 0)
    writeLine(
      io,
      colors.dim(
        `${plural(report.untimedRequests, 'request')} without a valid time ${report.untimedRequests === 1 ? 'is' : 'are'} in no block (week "unknown").`,
      ),
    );
  printCountedUsageNotes(io, report);
}

function printActive(io: Io, report: BlocksReport, block: LimitedBlock): void {
  const colors = colorsFor(io);
  const hhmm = (iso: string) => iso.slice(11, 16);
  writeLine(
    io,
    `\nActive block ${block.start.slice(0, 16).replace('T', ' ')} to ${hhmm(block.end)} ${report.timeZone}: ${formatDuration(block.remainingMs)} left.`,
  );
  const lines: [string, string][] = [];
  if (block.burnRate)
    lines.push([
      'burn rate',
      `${formatNumber(Math.round(block.burnRate.tokensPerHour))} tokens/h, ${formatUsd(block.burnRate.costPerHour)}/h (since its first request at ${hhmm(block.firstRequest)})`,
    ]);
  if (block.projected)
    lines.push([
      'projected',
      `${formatNumber(block.projected.totalTokens)} tokens, ${formatUsd(block.projected.cost)} at ${hhmm(block.end)}${block.unpricedRequests > 0 ? ' (priced requests only)' : ''}`,
    ]);
  if (report.tokenLimit !== null && block.limitShare !== undefined) {
    lines.push([
      'token limit',
      `${formatNumber(report.tokenLimit)} tokens${report.tokenLimitSource === 'max' ? ', the largest finished block' : ''}`,
    ]);
    lines.push([
      'of the limit',
      `${formatPercent(block.limitShare)} used${block.projectedShare === undefined ? '' : `, ${formatPercent(block.projectedShare)} projected at ${hhmm(block.end)}`}`,
    ]);
  }
  for (const [name, text] of lines) writeLine(io, `  ${name.padEnd(14)}${text}`);
  if (report.limitWarning) {
    const used = block.limitShare ?? 0;
    writeLine(
      io,
      colors.yellow(
        used >= report.warnAt
          ? `Warning: ${formatPercent(used)} of the token limit used, ${plural(block.remainingMs === undefined ? 0 : Math.ceil(block.remainingMs / 60_000), 'minute')} before the block ends.`
          : `Warning: on course for ${formatPercent(block.projectedShare ?? used)} of the token limit by ${hhmm(block.end)} ${report.timeZone}.`,
      ),
    );
  }
}

function shareCell(
  share: number | undefined,
  warnAt: number,
  colors: ReturnType<typeof colorsFor>,
): TableCell {
  if (share === undefined) return '';
  const text = formatPercent(share, 0);
  return share >= warnAt ? { text, style: colors.yellow } : text;
}
