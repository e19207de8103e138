/**
 * `--timezone ZONE`: the time zone of the calendar (days, weeks, months, `--since/--until` dates) and of
 * the times printed. The default is the system's zone (`TZ`, else the machine's setting).
 */
import type { Command } from 'commander';
import { canonicalTimeZone, systemTimeZone } from '../analytics/time-zone.js';
import { CliError, exitCodes, quote } from './cli-error.js';

export const timeZoneHelp =
  'days, weeks, months and dates in this time zone: an IANA name such as Europe/Paris, or UTC (default: the system zone, from TZ)';

export function addTimeZoneOption(command: Command): Command {
  return command.option('--timezone <zone>', timeZoneHelp);
}

/**
 * The zone as a table heading says it: a short name (`UTC`) as it is, a long one (`America/Los_Angeles`)
 * as `local`, which would otherwise widen its column past the times in it.
 */
export function zoneHeading(zone: string): string {
  return zone.length <= 5 ? zone : 'local';
}

/** The zone of `--timezone`, else the system's; a name the runtime does not know is a usage error (exit 2). */
export function parseTimeZone(value: string | undefined): string {
  if (value === undefined) return systemTimeZone();
  const zone = canonicalTimeZone(value);
  if (zone !== undefined) return zone;
  throw new CliError(
    `Option --timezone needs an IANA time zone such as "Europe/Paris" or "UTC", got ${quote(value)}.`,
    { exitCode: exitCodes.usage },
  );
}
