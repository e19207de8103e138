import type { Command } from 'commander';
import { clip } from '../../analytics/summarize-tool-input.js';
import { localTimeText } from '../../analytics/time-zone.js';
import type { SessionListRow } from '../../cache/queries/session-list-query.js';
import { addFilterOptions } from '../filter-options.js';
import { addCacheOptions, type DataFlags, emptyFilesLine } from '../load-data.js';
import { loadReportData } from '../load-report-data.js';
import { formatDuration, type Io, plural, renderTable, writeJson, writeLine, writeProse } from '../output.js';
import { parseTimeZone, zoneHeading } from '../time-zone-option.js';

export function registerLsCommand(program: Command, io: Io): void {
  addCacheOptions(
    addFilterOptions(
      program
        .command('ls')
        .description('List sessions, newest first')
        .argument('[paths...]', 'files or folders (default: the log folders of every agent)')
        .option('--demo', 'list the demo sessions shipped with agentlog')
        .option('--json', 'print a JSON array'),
    ),
  ).action(async (paths: string[], flags: DataFlags & { json?: boolean }) => {
    const timeZone = parseTimeZone(flags.timezone);
    const data = await loadReportData(paths, flags, io);
    const { unreadableFiles, emptyFiles } = data;
    let rows: SessionListRow[];
    // Until when the states hold: a response memo of this output is good until then.
    let validThrough = Number.POSITIVE_INFINITY;
    try {
      rows = data.sessionList((ms) => {
        validThrough = ms;
      });
    } finally {
      data.close();
    }
    if (data.current) io.response?.answered(validThrough);
    const unreadable = () => {
      if (unreadableFiles > 0)
        writeProse(
          io,
          `${unreadableFiles} ${unreadableFiles === 1 ? 'file' : 'files'} with no readable line (not sessions): agentlog validate shows where.`,
        );
      const empty = emptyFilesLine(emptyFiles);
      if (empty !== undefined) writeProse(io, empty);
    };
    if (flags.json) {
      writeJson(io, rows);
      return;
    }
    if (rows.length === 0) {
      writeLine(io, 'No sessions match.');
      unreadable();
      return;
    }
    writeLine(
      io,
      renderTable(io, {
        // The id comes first: it is the handle for `agentlog show`, so it is never cut or left out.
        head: [
          'id',
          `started (${zoneHeading(timeZone)})`,
          'duration',
          'state',
          'agent',
          'project',
          'title',
          'msgs',
          'calls',
          'errors',
          'subagents',
        ],
        numeric: [7, 8, 9, 10],
        // Narrow terminals lose the counts first, then state and agent, before titles are cut short.
        dropOrder: [10, 9, 7, 3, 4, 8],
        rows: rows.map((r) => [
          r.id.slice(0, 8),
          localTimeText(r.startTime, timeZone) ?? '-',
          formatDuration(r.durationMs ?? undefined),
          r.state,
          r.agent,
          r.project ?? '-',
          clip(r.title ?? '', 60),
          r.messages,
          r.toolCalls,
          r.errors,
          r.subagents,
        ]),
      }),
    );
    writeLine(io, plural(rows.length, 'session'));
    unreadable();
  });
}
