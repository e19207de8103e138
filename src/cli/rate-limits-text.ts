/**
 * The rate limits part of `agentlog blocks` (and its live view): the newest recorded observation per
 * account and limit, one row per window, with the reset time as a UTC time and the observation's age.
 */
import { formatDuration } from '../analytics/format-duration.js';
import {
  type RateLimitAccount,
  type RateLimitWindowNow,
  windowLabel,
} from '../analytics/rate-limit-report.js';
import { terminalText } from '../analytics/terminal-text.js';
import { colorsFor, displayPath, type Io, renderTable, type TableCell, writeLine } from './output.js';

/** `2026-01-02 18:39 UTC`. */
function utcMinute(iso: string): string {
  return `${iso.slice(0, 16).replace('T', ' ')} UTC`;
}

export function printRateLimits(io: Io, accounts: readonly RateLimitAccount[]): void {
  if (accounts.length === 0) return;
  const colors = colorsFor(io);
  const rows: TableCell[][] = [];
  for (const account of accounts) {
    const windows = (['primary', 'secondary'] as const).flatMap((which) => {
      const window = account[which];
      return window ? [[which, window] as const] : [];
    });
    const observed = `${utcMinute(account.observedAt)}, ${formatDuration(account.ageMs)} ago`;
    const first = [
      displayPath(io, account.home),
      account.limitName ?? account.limitId,
      account.planType ?? '-',
    ];
    if (windows.length === 0) rows.push([...first, '-', '-', 'credits only', observed]);
    windows.forEach(([which, window], i) => {
      rows.push([
        ...(i === 0 ? first : ['', '', '']),
        windowLabel(window, which),
        usedCell(window, colors),
        resetCell(window, colors),
        i === 0 ? observed : '',
      ]);
    });
  }
  writeLine(io, '\nCodex rate limits (as recorded, the newest observation per Codex home and limit)');
  writeLine(
    io,
    renderTable(io, {
      head: ['Codex home', 'limit', 'plan', 'window', 'used', 'resets', 'observed'],
      numeric: [4],
      rows,
      dropOrder: [2, 1, 0],
    }),
  );
  const reached = accounts.filter((a) => a.reachedType !== undefined);
  for (const account of reached)
    writeLine(
      io,
      colors.yellow(
        `Limit reached (${terminalText(account.reachedType ?? '')}) at ${utcMinute(account.observedAt)} for ${terminalText(displayPath(io, account.home))}.`,
      ),
    );
  if (accounts.some((a) => a.primary?.reset === true || a.secondary?.reset === true))
    writeLine(
      io,
      colors.dim(
        '"reset since": the window reset after the observation; its use now is unknown until Codex records it again.',
      ),
    );
}

function usedCell(window: RateLimitWindowNow, colors: ReturnType<typeof colorsFor>): TableCell {
  const text = `${Number(window.usedPercent.toFixed(1))}%`;
  if (window.reset) return { text, style: colors.dim };
  return window.usedPercent >= 80 ? { text, style: colors.yellow } : text;
}

function resetCell(window: RateLimitWindowNow, colors: ReturnType<typeof colorsFor>): TableCell {
  if (window.resetsAt === undefined) return '-';
  const at = utcMinute(window.resetsAt);
  if (window.reset) return { text: `${at} (reset since)`, style: colors.dim };
  return `${at} (in ${formatDuration(window.resetsInMs)})`;
}
