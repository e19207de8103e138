/**
 * The rate limits part of `agentlog blocks` (and its live view): the newest recorded observation per
 * account and limit, a line per window, with the reset time in the report's time zone and the observation's age.
 */
import { formatDuration } from '../analytics/format-duration.js';
import {
  type RateLimitAccount,
  type RateLimitWindowNow,
  windowLabel,
} from '../analytics/rate-limit-report.js';
import { terminalText } from '../analytics/terminal-text.js';
import { localTimeText } from '../analytics/time-zone.js';
import { colorsFor, displayPath, type Io, writeLine } from './output.js';

/** `2026-01-02 18:39 UTC`, or the wall time of another zone with the zone's name. */
function minuteIn(iso: string, zone: string): string {
  return `${localTimeText(iso, zone) ?? iso} ${zone}`;
}

export function printRateLimits(io: Io, accounts: readonly RateLimitAccount[], zone = 'UTC'): void {
  if (accounts.length === 0) return;
  const utcMinute = (iso: string) => minuteIn(iso, zone);
  const colors = colorsFor(io);
  writeLine(io, '\nCodex rate limits (as recorded: the newest observation per Codex home and limit)');
  for (const account of accounts) {
    const name = account.limitName ?? account.limitId;
    const plan = account.planType === undefined ? '' : `, plan ${account.planType}`;
    writeLine(
      io,
      terminalText(
        `  ${displayPath(io, account.home)}, limit ${name}${plan}: observed ${utcMinute(account.observedAt)} (${formatDuration(account.ageMs)} ago)`,
      ),
    );
    for (const which of ['primary', 'secondary'] as const) {
      const window = account[which];
      if (!window) continue;
      const label = `${windowLabel(window, which)} window`.padEnd(14);
      writeLine(io, `    ${label}${usedText(window, colors)} used${resetText(window, colors, zone)}`);
    }
    if (account.credits)
      writeLine(
        io,
        terminalText(
          `    ${'credits'.padEnd(14)}${account.credits.unlimited ? 'unlimited' : account.credits.hasCredits ? `balance ${account.credits.balance ?? '?'}` : 'none'}`,
        ),
      );
    if (account.reachedType !== undefined)
      writeLine(io, colors.yellow(`    limit reached: ${terminalText(account.reachedType)}`));
  }
  if (accounts.some((a) => a.primary?.reset === true || a.secondary?.reset === true))
    writeLine(
      io,
      colors.dim(
        '"passed": the window reset after the observation; its use now is unknown until Codex records it again.',
      ),
    );
}

function usedText(window: RateLimitWindowNow, colors: ReturnType<typeof colorsFor>): string {
  const text = `${Number(window.usedPercent.toFixed(1))}%`.padStart(4);
  if (window.reset) return colors.dim(text);
  return window.usedPercent >= 80 ? colors.yellow(text) : text;
}

function resetText(window: RateLimitWindowNow, colors: ReturnType<typeof colorsFor>, zone: string): string {
  if (window.resetsAt === undefined) return '';
  const at = minuteIn(window.resetsAt, zone);
  if (window.reset) return colors.dim(`, resets ${at} (passed)`);
  return `, resets ${at} (in ${formatDuration(window.resetsInMs)})`;
}
