import type { Command } from 'commander';
import { summarizeSession } from '../../analytics/session-summary.js';
import { clip } from '../../analytics/summarize-tool-input.js';
import { listSessions } from '../../lifecycle/load-sessions.js';
import { addFilterOptions, type FilterFlags, parseFilter } from '../filter-options.js';
import { formatDuration, type Io, renderTable, writeJson, writeLine } from '../output.js';
import { nothingFound, resolveInputs } from '../resolve-inputs.js';

export function registerLsCommand(program: Command, io: Io): void {
  addFilterOptions(
    program
      .command('ls')
      .description('List sessions, newest first')
      .argument('[paths...]', 'files or folders (default: the Claude Code and Codex log folders)')
      .option('--json', 'print a JSON array'),
  ).action(async (paths: string[], flags: FilterFlags & { json?: boolean }) => {
    const filter = parseFilter(flags);
    const inputs = await resolveInputs(paths, io);
    if (inputs.files.length === 0) throw nothingFound(inputs.searched);
    const { sessions } = await listSessions({ ...filter, files: inputs.files });
    const rows = sessions.map(summarizeSession);
    if (flags.json) {
      writeJson(io, rows);
      return;
    }
    if (rows.length === 0) {
      writeLine(io, 'No sessions match.');
      return;
    }
    writeLine(
      io,
      renderTable(io, {
        head: [
          'started',
          'duration',
          'agent',
          'project',
          'title',
          'msgs',
          'calls',
          'errors',
          'subagents',
          'id',
        ],
        numeric: [5, 6, 7, 8],
        rows: rows.map((r) => [
          r.startTime?.slice(0, 16).replace('T', ' ') ?? '-',
          formatDuration(r.durationMs ?? undefined),
          r.agent,
          r.project ?? '-',
          clip(r.title ?? '', 60),
          r.messages,
          r.toolCalls,
          r.errors,
          r.subagents,
          r.id.slice(0, 8),
        ]),
      }),
    );
    writeLine(io, `${rows.length} sessions`);
  });
}
