import type { Command } from 'commander';
import { dateBound } from '../analytics/date-bound.js';
import type { SessionFilter } from '../lifecycle/load-sessions.js';
import { type Agent, agents, isAgent } from '../schemas/common/agent.js';
import type { ArchiveFlags } from './archive-source.js';
import { CliError, exitCodes } from './cli-error.js';
import { addTimeZoneOption, parseTimeZone } from './time-zone-option.js';

export interface FilterFlags extends ArchiveFlags {
  since?: string;
  until?: string;
  project?: string;
  agent?: string;
  session?: string;
  timezone?: string;
}

/**
 * Adds `--since --until --project --agent --session` and `--timezone` (the zone of the dates, and of the
 * command's days and times) to a data command, and which sessions of the archive it shows (`--no-archive`,
 * `--archive-dir DIR`; see `archive-source.ts`).
 */
export function addFilterOptions(command: Command): Command {
  return addTimeZoneOption(addArchiveOptions(command))
    .option(
      '--since <date>',
      'only sessions active on or after this date (YYYY-MM-DD, a local day, or ISO time)',
    )
    .option(
      '--until <date>',
      'only sessions active on or before this date (a date alone means its whole local day)',
    )
    .option('--project <text>', 'only sessions whose project path contains this text')
    .option('--agent <agent>', `only this agent: ${agents.join(', ')}`)
    .option('--session <id>', 'only this session (id or id prefix)');
}

/** Adds `--no-archive` and `--archive-dir DIR`: whether (and from where) sessions gone from disk are shown. */
export function addArchiveOptions(command: Command): Command {
  return command
    .option('--no-archive', 'leave out sessions whose files are gone from disk but kept in the archive')
    .option(
      '--archive-dir <dir>',
      'the archive folder (default: $AGENTLOG_ARCHIVE_DIR, $XDG_DATA_HOME/agentlog/archive or ~/.local/share/agentlog/archive)',
    );
}

export function parseFilter(flags: FilterFlags): SessionFilter {
  const filter: SessionFilter = {};
  const zone = parseTimeZone(flags.timezone);
  if (flags.since !== undefined) filter.since = parseDate(flags.since, '--since', 'start', zone);
  if (flags.until !== undefined) filter.until = parseDate(flags.until, '--until', 'end', zone);
  if (filter.since && filter.until && filter.since > filter.until)
    throw new CliError(`Option --since "${flags.since}" is after --until "${flags.until}".`, {
      exitCode: exitCodes.usage,
    });
  if (flags.project !== undefined) filter.project = flags.project;
  if (flags.session !== undefined) filter.session = flags.session;
  if (flags.agent !== undefined) filter.agent = parseAgentOption(flags.agent);
  return filter;
}

/** Adds `--agent NAME` alone, for the commands that name one session (show, export transcript). */
export function addAgentOption(command: Command): Command {
  return command.option(
    '--agent <agent>',
    `look for the session id only among this agent's sessions: ${agents.join(', ')}`,
  );
}

/** The value of `--agent`: one of the agents' names (a bad one is a bad command line). */
export function parseAgentOption(value: string): Agent {
  if (!isAgent(value))
    throw new CliError(`Option --agent must be one of ${agents.join(', ')}; got "${value}".`, {
      exitCode: exitCodes.usage,
    });
  return value;
}

/**
 * A date (`2026-01-31`, its whole day in `zone`) or an ISO date-time (one without an offset is a time in
 * `zone`).
 */
export function parseDate(text: string, option: string, edge: 'start' | 'end', zone: string): Date {
  const date = dateBound(text, edge, zone);
  if (date) return date;
  throw new CliError(`Option ${option} needs a date like "2026-01-31" or an ISO time, got "${text}".`, {
    exitCode: exitCodes.usage,
  });
}
