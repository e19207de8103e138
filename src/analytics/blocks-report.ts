/**
 * `agentlog blocks`: Claude Code usage the way subscription limits count it. The requests fall into
 * 5-hour blocks (`computeBlocks`) and into calendar weeks (of the report's zone; ISO or Sunday weeks, `weekKeyFor`), both
 * from the same requests, so the weeks' totals are the blocks' totals regrouped. With a token limit (a
 * number, or `max`: the largest finished block) each block gets the share of it used, and the active block
 * the share it will have used at its end at the current rate; reaching `warnAt` of the limit is a warning.
 */
import type { CountedRequests } from './counted-requests.js';
import { type WeekStart, weekKeyFor } from './time-keys.js';
import { zonedIso } from './time-zone.js';
import { computeBlocks, type UsageBlock } from './usage-blocks.js';
import type { Pricer, UsageRow } from './usage-report.js';
import { createUsageRows } from './usage-rows.js';

/** The agent whose limits blocks model. */
const blocksAgent = 'claude-code';

/** The share of the token limit from which the active block is a warning. */
export const limitWarnAt = 0.8;

export interface BlocksOptions {
  /** The time (ms) the active block is measured at. */
  now: number;
  /** Tokens per block: a number, or `max` for the largest finished block's total. */
  tokenLimit?: number | 'max';
  weekStart?: WeekStart;
  /** The zone of the weeks and of the times written (IANA name; UTC unless given). */
  timeZone?: string;
}

export interface LimitedBlock extends UsageBlock {
  /** With a token limit: total tokens / limit. */
  limitShare?: number;
  /** The active block with a token limit: projected total tokens / limit. */
  projectedShare?: number;
}

export interface BlocksReport {
  /** ISO time the report was computed at (the active block's clock), with the zone's offset. */
  now: string;
  weekStart: WeekStart;
  /** The zone of the weeks and the times (IANA name). */
  timeZone: string;
  /** Tokens per block the shares are measured against; null without `--token-limit` or when `max` found no finished block. */
  tokenLimit: number | null;
  tokenLimitSource: 'given' | 'max' | null;
  warnAt: number;
  /** True when the active block's share, used or projected, reached `warnAt`. */
  limitWarning: boolean;
  /** Oldest first. */
  blocks: LimitedBlock[];
  /** Totals per week (`key`: `2026-W05`, or the Sunday `2026-01-25`), oldest first; `unknown` for requests without a time. */
  weeks: UsageRow[];
  /** All Claude Code requests counted. */
  total: UsageRow;
  /** Requests without a valid time: in the total and the `unknown` week, in no block. */
  untimedRequests: number;
  unpricedModels: Record<string, number>;
  /** Models without a price, with their total tokens. */
  unpricedTokens: Record<string, number>;
  sharedRequests: number;
}

export function computeBlocksReport(
  counted: CountedRequests,
  price: Pricer,
  options: BlocksOptions,
): BlocksReport {
  const weekStart = options.weekStart ?? 'monday';
  const timeZone = options.timeZone ?? 'UTC';
  const requests = counted.requests.filter((r) => r.agent === blocksAgent);
  const blocks: LimitedBlock[] = computeBlocks(requests, price, options.now, timeZone);
  const weeks = createUsageRows('week', price);
  for (const r of requests) weeks.add(weekKeyFor(r.time, weekStart, timeZone), r.model, r.usage, r.time);
  const { rows, total, unpricedModels, unpricedTokens } = weeks.finish(counted.sharedRequests);

  let tokenLimit: number | null = null;
  if (options.tokenLimit === 'max') {
    const finished = blocks.filter((b) => !b.active).map((b) => b.totalTokens);
    tokenLimit = finished.length === 0 ? null : Math.max(...finished);
  } else if (options.tokenLimit !== undefined) tokenLimit = options.tokenLimit;
  let limitWarning = false;
  if (tokenLimit !== null && tokenLimit > 0) {
    for (const block of blocks) {
      block.limitShare = block.totalTokens / tokenLimit;
      if (block.projected) block.projectedShare = block.projected.totalTokens / tokenLimit;
      if (block.active) limitWarning = Math.max(block.limitShare, block.projectedShare ?? 0) >= limitWarnAt;
    }
  }
  return {
    now: zonedIso(options.now, timeZone),
    weekStart,
    timeZone,
    tokenLimit,
    tokenLimitSource:
      options.tokenLimit === undefined ? null : options.tokenLimit === 'max' ? 'max' : 'given',
    warnAt: limitWarnAt,
    limitWarning,
    blocks,
    weeks: rows,
    total,
    untimedRequests: requests.length - blocks.reduce((n, b) => n + b.requests, 0),
    unpricedModels,
    unpricedTokens,
    sharedRequests: counted.sharedRequests,
  };
}
