import type { Command } from 'commander';
import type { ErrorReport } from '../../analytics/error-report.js';
import type { SessionsOverview } from '../../analytics/sessions-overview.js';
import { terminalText } from '../../analytics/terminal-text.js';
import { localTimeText } from '../../analytics/time-zone.js';
import type { ToolInventoryRow } from '../../analytics/tool-inventory.js';
import type { UsageReport } from '../../analytics/usage-report.js';
import { type DriftEntry, summarizeDrift } from '../../reader/summarize-drift.js';
import type { FileValidationFacts } from '../../reader/validate-file.js';
import { mergeValidations } from '../../reader/validate-files.js';
import type { SkippedFile } from '../../sources/index.js';
import { archiveScanAsked } from '../archive-source.js';
import { addFilterOptions, parseFilter } from '../filter-options.js';
import { addCacheOptions, type DataFlags, emptyFilesLine, scanPoolFor } from '../load-data.js';
import { answerOf, loadReportData } from '../load-report-data.js';
import { loadValidations, prefetchValidations } from '../load-validations.js';
import {
  colorsFor,
  formatDuration,
  formatNumber,
  type Io,
  plural,
  renderTable,
  writeJson,
  writeLine,
  writeProse,
} from '../output.js';
import { parseCount } from '../parse-count.js';
import { createKeyedPricer, offlineHelp } from '../pricer.js';
import { parseTimeZone } from '../time-zone-option.js';
import { printErrors } from './errors-command.js';
import { printTools } from './tools-command.js';
import { parseUsageSplit, printUsage } from './usage-command.js';

interface Report {
  sessions: SessionsOverview;
  tools: ToolInventoryRow[];
  usage: UsageReport;
  errors: ErrorReport;
  drift: DriftEntry[];
  /** Lines that could not be read as records, and files of which no line could be read. */
  unreadable: { lines: number; files: number };
}

interface ReportFlags extends DataFlags {
  json?: boolean;
  pricing?: string;
  offline?: boolean;
  by: string;
  top: string;
}

export function registerReportCommand(program: Command, io: Io): void {
  addCacheOptions(
    addFilterOptions(
      program
        .command('report')
        .description(
          'The main job: sessions, tool inventory, usage and cost, errors and schema drift, in one report',
        )
        .argument('[paths...]', 'files or folders (default: the log folders of every agent)')
        .option('--demo', 'run on the demo sessions shipped with agentlog')
        .option(
          '--by <split>',
          'usage rows per day, week (ISO), month, session, model, project or agent',
          'day',
        )
        .option('--top <n>', 'rows per section in the text report', '15')
        .option('--pricing <file>', 'a JSON pricing file that overrides the built-in prices')
        .option('--offline', offlineHelp)
        .option('--json', 'print one JSON object with every section'),
    ).option('--archive', 'archive the files first (new and grown ones; see agentlog archive)'),
  ).action(async (paths: string[], flags: ReportFlags, command: Command) => {
    flags.archiveScan = archiveScanAsked(command);
    const top = parseCount(flags.top, '--top');
    const by = parseUsageSplit(flags.by);
    const timeZone = parseTimeZone(flags.timezone);
    const pricer = await createKeyedPricer(flags, io);
    const pool = scanPoolFor(flags);
    let report: Report;
    let skipped: SkippedFile[] = [];
    let emptyFiles = 0;
    try {
      // Unfiltered cold runs validate every file for the drift section while the index reads them.
      let prefetched = new Map<string, Promise<FileValidationFacts>>();
      const filter = parseFilter(flags);
      const unfiltered = Object.keys(filter).length === 0;
      // A run with the inputs, options and prices of an earlier one gets its report back from the index.
      const answer = { kind: 'report', params: { filter, by, timeZone, prices: pricer.key } };
      const loaded = await loadReportData(
        paths,
        flags,
        io,
        pool,
        (resolved) => {
          if (unfiltered)
            prefetched = prefetchValidations(resolved.files, flags, io, resolved.searched, pool);
        },
        undefined,
        answer,
      );
      try {
        skipped = loaded.skipped;
        ({ report, emptyFiles } = await answerOf(loaded, async () => {
          const computed: Report = {
            sessions: loaded.overview(),
            tools: loaded.tools({ describe: true }),
            usage: loaded.usage(by, pricer.price, { timeZone }, pricer.key),
            errors: loaded.errors(),
            drift: [],
            unreadable: { lines: 0, files: 0 },
          };
          // Drift covers the files of the sessions shown (the filters apply), in the order they were read;
          // without filters, every file (one that is not a session because nothing in it could be read too).
          const used = unfiltered ? undefined : loaded.usedFiles();
          const files = used === undefined ? loaded.files : loaded.files.filter((f) => used.has(f.path));
          loaded.endSnapshot();
          const validations = await loadValidations(files, flags, io, loaded.searched, pool, prefetched);
          computed.drift = summarizeDrift(mergeValidations(validations));
          computed.unreadable = countUnreadable(validations);
          return { report: computed, emptyFiles: loaded.emptyFiles };
        }));
      } finally {
        loaded.close();
      }
    } finally {
      await pool?.close();
    }
    if (flags.json) {
      writeJson(io, report);
      return;
    }
    const colors = colorsFor(io);
    const heading = (text: string) => writeLine(io, `\n${colors.bold(colors.underline(text))}`);
    heading('Sessions');
    printUnreadable(io, report.unreadable);
    printSessions(io, report.sessions, top, timeZone);
    if (skipped.length > 0)
      writeProse(
        io,
        skipped.length === 1
          ? `1 file skipped as not a session log (${skippedSummary(skipped)}); agentlog validate says which.`
          : `${formatNumber(skipped.length)} files skipped as not session logs (${skippedSummary(skipped)}); agentlog validate lists them.`,
        { style: colors.dim },
      );
    const empty = emptyFilesLine(emptyFiles);
    if (empty !== undefined) writeProse(io, empty, { style: colors.dim });
    heading('Tools');
    printTools(io, report.tools, top);
    heading(`Usage by ${by}`);
    printUsage(io, report.usage, top);
    heading('Errors');
    printErrors(io, report.errors, Math.min(top, 10));
    heading('Drift');
    printDrift(io, report.drift);
  });
}

/** The reasons files were skipped, most frequent first: "not a Codex rollout: 2, orphaned copy: 1". */
function skippedSummary(skipped: readonly SkippedFile[]): string {
  const counts = new Map<string, number>();
  for (const file of skipped) {
    const reason = file.reason.startsWith('Not a Codex rollout')
      ? 'not a Codex rollout'
      : file.reason.startsWith('Orphaned')
        ? 'orphaned copy'
        : file.reason.startsWith('Archived copy')
          ? 'archived copy'
          : 'other';
    counts.set(reason, (counts.get(reason) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([reason, n]) => `${reason}: ${formatNumber(n)}`)
    .join(', ');
}

/** Line errors over the files, and files with no record at all (unreadable, or nothing but bad lines). */
function countUnreadable(validations: readonly FileValidationFacts[]): Report['unreadable'] {
  let lines = 0;
  let files = 0;
  for (const { entry } of validations) {
    lines += entry.errors;
    const records = Object.values(entry.records).reduce((sum, n) => sum + n, 0);
    if (entry.readError !== undefined || (records === 0 && entry.errors > 0)) files += 1;
  }
  return { lines, files };
}

function printUnreadable(io: Io, { lines, files }: Report['unreadable']): void {
  if (lines === 0 && files === 0) return;
  const what =
    lines === 0
      ? plural(files, 'file')
      : `${plural(lines, 'line')}${files > 0 ? ` (${plural(files, 'file')} with no readable line at all)` : ''}`;
  writeLine(io, colorsFor(io).yellow(`Could not read ${what}: agentlog validate shows where.`));
}

function printSessions(io: Io, overview: SessionsOverview, limit: number, timeZone: string): void {
  if (overview.sessions === 0) {
    writeLine(io, 'No sessions in these logs.');
    return;
  }
  const agents = Object.entries(overview.byAgent)
    .map(([agent, n]) => `${formatNumber(n)} ${terminalText(agent)}`)
    .join(', ');
  const range =
    overview.firstTime && overview.lastTime
      ? `${localTimeText(overview.firstTime, timeZone)?.slice(0, 10)} .. ${localTimeText(overview.lastTime, timeZone)?.slice(0, 10)}`
      : 'no dates';
  writeProse(
    io,
    `${plural(overview.sessions, 'session')} (${agents}) with ${plural(overview.subagents, 'subagent run')}, ${range}, ${formatDuration(
      overview.totalDurationMs,
    )} in total; ${plural(overview.prompts, 'prompt')}, ${plural(overview.messages, 'message')}, ${plural(overview.toolCalls, 'tool call')}`,
  );
  writeLine(
    io,
    renderTable(io, {
      head: ['project', 'agent', 'sessions', 'duration', 'tool calls'],
      numeric: [2, 3, 4],
      rows: overview.byProject
        .slice(0, limit)
        .map((p) => [p.project, p.agent, p.sessions, formatDuration(p.durationMs), p.toolCalls]),
    }),
  );
  if (overview.byProject.length > limit)
    writeLine(
      io,
      colorsFor(io).dim(
        `... and ${plural(overview.byProject.length - limit, 'more project')} (--top or --json)`,
      ),
    );
}

function printDrift(io: Io, drift: DriftEntry[]): void {
  if (drift.length === 0) {
    writeLine(io, 'Every record type, tool and field in these logs is known to the schemas.');
    return;
  }
  for (const entry of drift) {
    const names = terminalText(entry.names.slice(0, 5).join(', ') + (entry.names.length > 5 ? ', ...' : ''));
    writeProse(io, `- ${terminalText(entry.summary)} (${formatNumber(entry.count)}×): ${names}`, {
      indent: '  ',
    });
  }
  writeLine(io, colorsFor(io).dim('Run agentlog validate for the locations.'));
}
