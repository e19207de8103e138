import type { Command } from 'commander';
import { sessionState } from '../../analytics/session-state.js';
import { summarizeSession } from '../../analytics/session-summary.js';
import { clip } from '../../analytics/summarize-tool-input.js';
import { lastWriteMs } from '../../viewer/last-write.js';
import { addFilterOptions } from '../filter-options.js';
import { addCacheOptions, type DataFlags, emptyFilesLine, loadData } from '../load-data.js';
import { formatDuration, type Io, plural, renderTable, writeJson, writeLine } from '../output.js';

export function registerLsCommand(program: Command, io: Io): void {
  addCacheOptions(
    addFilterOptions(
      program
        .command('ls')
        .description('List sessions, newest first')
        .argument('[paths...]', 'files or folders (default: the Claude Code and Codex log folders)')
        .option('--demo', 'list the demo sessions shipped with agentlog')
        .option('--json', 'print a JSON array'),
    ),
  ).action(async (paths: string[], flags: DataFlags & { json?: boolean }) => {
    const { sessions, unreadableFiles, emptyFiles } = await loadData(paths, flags, io);
    const unreadable = () => {
      if (unreadableFiles > 0)
        writeLine(
          io,
          `${unreadableFiles} ${unreadableFiles === 1 ? 'file' : 'files'} with no readable line (not sessions): agentlog validate shows where.`,
        );
      const empty = emptyFilesLine(emptyFiles);
      if (empty !== undefined) writeLine(io, empty);
    };
    const rows = sessions.map((s) => {
      const write = lastWriteMs(s);
      return {
        ...summarizeSession(s),
        state: sessionState(s, write === undefined ? {} : { lastWriteMs: write }).state,
      };
    });
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
          'started',
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
          r.startTime?.slice(0, 16).replace('T', ' ') ?? '-',
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
