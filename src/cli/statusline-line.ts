/**
 * The line `agentlog statusline` prints: its figures (costs, the active block, the last request's context),
 * the default segments joined by ` | `, and `--format` templates with `{placeholder}`s. Text that comes
 * from the input or a log goes through terminalText; colours are picocolors' (off with NO_COLOR).
 */
import { formatUsd } from '../analytics/format-number.js';
import { type RateLimitAccount, windowLabel } from '../analytics/rate-limit-report.js';
import { terminalText } from '../analytics/terminal-text.js';
import { CliError, exitCodes, quote } from './cli-error.js';

/** A cost in USD, and how many requests had no price (left out of `usd`). */
export interface StatusCost {
  usd: number;
  unpricedRequests: number;
}

export interface StatusFigures {
  /** The model's display name (or id) from the input, else the last request's model. */
  model: string | null;
  sessionId: string | null;
  /** True when the session's transcript is in the index (its figures are agentlog's own). */
  indexed: boolean;
  /** This session's tree (subagents included); Claude Code's own figure when the transcript is not indexed. */
  session: (StatusCost & { source: 'index' | 'claude-code' }) | null;
  /** `cost.total_cost_usd` from the input. */
  claudeCodeCost: number | null;
  /** Every indexed request of the local day (`--timezone`). */
  today: StatusCost | null;
  /** The active 5-hour block of Claude Code requests, if any. */
  block: {
    start: string;
    end: string;
    cost: StatusCost;
    totalTokens: number;
    remainingMs: number;
    tokensPerHour: number;
    costPerHour: number;
  } | null;
  /** The main session's last request: input + cache read + cache write tokens, of the model's window. */
  context: { tokens: number; window: number; share: number } | null;
  /** The newest Codex rate limits per account the index holds (as recorded; see `latestRateLimits`). */
  rateLimits: RateLimitAccount[] | null;
  /** The workspace's current folder. */
  dir: string | null;
  /** Why the input could not be read, when it could not. */
  problem: string | null;
}

interface Colors {
  cyan(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  red(text: string): string;
  dim(text: string): string;
}

/** `$1,234.56`, `unpriced`, or `$1.20+unpriced` when some requests have no price. */
export function costText(cost: StatusCost): string {
  const usd = formatUsd(cost.usd);
  if (cost.unpricedRequests === 0) return usd;
  return cost.usd === 0 ? 'unpriced' : `${usd}+unpriced`;
}

/** Tokens in a few characters: `950`, `1.5k`, `90k`, `1.2M`. */
export function compactTokens(tokens: number): string {
  const n = Math.round(tokens);
  if (n < 1000) return String(n);
  if (n < 999_500) return n < 9950 ? `${(n / 1000).toFixed(1)}k` : `${Math.round(n / 1000)}k`;
  return `${(n / 1e6).toFixed(1)}M`;
}

/** Time left in whole minutes: `2h 10m`, `45m`. */
export function timeLeft(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const h = Math.floor(minutes / 60);
  return h > 0 ? `${h}h ${minutes % 60}m` : `${minutes}m`;
}

type Render = (f: StatusFigures, c: Colors) => string | undefined;

const contextColor = (share: number, c: Colors) => (share >= 0.8 ? c.red : share >= 0.5 ? c.yellow : c.green);

/** The placeholders of `--format`, in the order the help lists them, with what each one shows. */
export const placeholders: readonly (readonly [name: string, help: string, render: Render])[] = [
  [
    'model',
    'the model (display name)',
    (f, c) => (f.model === null ? undefined : c.cyan(terminalText(f.model))),
  ],
  [
    'session_cost',
    "this session's cost, subagents included",
    (f) => (f.session ? costText(f.session) : undefined),
  ],
  [
    'claude_cost',
    "Claude Code's own cost figure for the session",
    (f) => (f.claudeCodeCost === null ? undefined : costText({ usd: f.claudeCodeCost, unpricedRequests: 0 })),
  ],
  [
    'today_cost',
    'the cost of the local day (--timezone), every indexed session',
    (f) => (f.today ? costText(f.today) : undefined),
  ],
  ['block_cost', "the active 5-hour block's cost", (f) => (f.block ? costText(f.block.cost) : undefined)],
  [
    'block_left',
    'time left in the active block',
    (f, c) => (f.block ? c.green(timeLeft(f.block.remainingMs)) : undefined),
  ],
  [
    'burn_tokens',
    'tokens per hour in the active block',
    (f) => (f.block ? `${compactTokens(f.block.tokensPerHour)} tok/h` : undefined),
  ],
  [
    'burn_cost',
    'cost per hour in the active block',
    (f) => (f.block ? `${costText({ ...f.block.cost, usd: f.block.costPerHour })}/h` : undefined),
  ],
  [
    'context',
    "the last request's context: percent of the window (tokens)",
    (f, c) =>
      f.context
        ? contextColor(
            f.context.share,
            c,
          )(`${Math.round(f.context.share * 100)}% (${compactTokens(f.context.tokens)})`)
        : undefined,
  ],
  [
    'context_percent',
    "the last request's context, percent of the window",
    (f) => (f.context ? `${Math.round(f.context.share * 100)}%` : undefined),
  ],
  [
    'context_tokens',
    "the last request's context in tokens",
    (f) => (f.context ? compactTokens(f.context.tokens) : undefined),
  ],
  [
    'limits',
    'Codex rate limits as last recorded: used per window, reset time (UTC), age',
    (f, c) => (f.rateLimits && f.rateLimits.length > 0 ? limitsText(f.rateLimits, c) : undefined),
  ],
  ['dir', "the workspace folder's name", (f) => (f.dir === null ? undefined : terminalText(baseName(f.dir)))],
];

/**
 * `5h 63% resets 23:38, 7d 43% resets 11-23 (4m ago)`: each window's recorded use and reset (wall time of its offset, the time
 * within a day, else the date), `reset` once its reset time has passed; accounts apart by ` · `, named by
 * their Codex home when there are several.
 */
export function limitsText(accounts: readonly RateLimitAccount[], c: Colors): string {
  return accounts
    .map((account) => {
      const windows = (['primary', 'secondary'] as const).flatMap((which) => {
        const window = account[which];
        if (!window) return [];
        const label = windowLabel(window, which);
        if (window.reset) return [c.dim(`${label} reset`)];
        const used = `${Number(window.usedPercent.toFixed(1))}%`;
        const styled =
          window.usedPercent >= 90 ? c.red(used) : window.usedPercent >= 70 ? c.yellow(used) : used;
        const resets =
          window.resetsAt === undefined || window.resetsInMs === undefined
            ? ''
            : ` resets ${window.resetsInMs < 86_400_000 ? window.resetsAt.slice(11, 16) : window.resetsAt.slice(5, 10)}`;
        return [`${label} ${styled}${resets}`];
      });
      const name = accounts.length > 1 ? `${terminalText(baseName(account.home))} ` : '';
      const age = c.dim(`(${agoText(account.ageMs)})`);
      return `${name}${windows.length > 0 ? windows.join(', ') : 'credits'} ${age}`;
    })
    .join(' · ');
}

/** `now`, `4m ago`, `3h ago`, `2d ago`. */
function agoText(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return 'now';
  if (minutes < 60) return `${minutes}m ago`;
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)}h ago`;
  return `${Math.floor(minutes / 1440)}d ago`;
}

function baseName(dir: string): string {
  const parts = dir.split(/[\\/]+/).filter((p) => p !== '');
  return parts[parts.length - 1] ?? dir;
}

const byName = new Map(placeholders.map(([name, , render]) => [name, render]));
const placeholderPattern = /\{([^{}]*)\}/g;

/** Checks a `--format` template: an unknown placeholder is a usage error (exit 2). */
export function checkFormat(template: string): void {
  for (const match of template.matchAll(placeholderPattern)) {
    const name = match[1] ?? '';
    if (!byName.has(name))
      throw new CliError(
        `Unknown placeholder {${terminalText(name)}} in --format ${quote(template)}; the placeholders are ${placeholders.map(([n]) => `{${n}}`).join(', ')}.`,
        { exitCode: exitCodes.usage },
      );
  }
}

/** A `--format` template filled in; a value that is not known shows as `-`. */
export function formatLine(template: string, figures: StatusFigures, colors: Colors): string {
  return terminalText(template).replace(placeholderPattern, (_all, name: string) => {
    return byName.get(name)?.(figures, colors) ?? '-';
  });
}

/** The default line: the known segments joined by ` | `. */
export function defaultLine(f: StatusFigures, c: Colors): string {
  const value = (name: string) => byName.get(name)?.(f, c);
  const segments: (string | undefined)[] = [value('model')];
  if (f.session) segments.push(`session ${value('session_cost')}`);
  if (f.today) segments.push(`today ${value('today_cost')}`);
  if (f.block) {
    segments.push(`block ${value('block_cost')}, ${value('block_left')} left`);
    segments.push(`${value('burn_tokens')} ${value('burn_cost')}`);
  }
  if (f.context) segments.push(`ctx ${value('context')}`);
  // Codex limits only while one of their windows still holds what was recorded.
  const current = f.rateLimits?.filter((a) => [a.primary, a.secondary].some((w) => w && !w.reset)) ?? [];
  if (current.length > 0) segments.push(`codex ${limitsText(current, c)}`);
  if (f.problem !== null || segments.every((s) => s === undefined))
    segments.push(c.dim(`agentlog: ${f.problem ?? 'nothing to show yet'}`));
  return segments.filter((s) => s !== undefined).join(' | ');
}
