/** `--week-start monday|sunday`: where the weeks of `--by week` and of `blocks`' weekly totals begin. */
import type { Command } from 'commander';
import { type WeekStart, weekStarts } from '../analytics/time-keys.js';
import { CliError, exitCodes, quote } from './cli-error.js';

export function addWeekStartOption(command: Command): Command {
  return command.option(
    '--week-start <day>',
    'weeks start on monday (ISO weeks, 2026-W05) or sunday (named by their Sunday, 2026-01-25), in the time zone of --timezone',
    'monday',
  );
}

/** The option's value; anything but `monday` or `sunday` is a mistake on the command line (exit 2). */
export function parseWeekStart(value: string | undefined): WeekStart {
  const day = (value ?? 'monday').toLowerCase();
  if ((weekStarts as readonly string[]).includes(day)) return day as WeekStart;
  throw new CliError(`Option --week-start must be "monday" or "sunday", got ${quote(value ?? '')}.`, {
    exitCode: exitCodes.usage,
  });
}
