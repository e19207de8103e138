/**
 * Claude's 5-hour usage windows: the periods a subscription's limits count. A block starts at the hour
 * (floored on the UTC clock: in a zone offset by a half hour, such as Asia/Kolkata, blocks start at :30
 * local time; the windows are instants, the same in every zone) of its first request and lasts five hours
 * of elapsed time (across a change of clocks it ends 4 or 6 hours later on the wall clock); the first request after its end, or after a
 * pause longer than five hours, starts the next block. The block still open now is active: it has time
 * left, a burn rate (since its first request) and a projection to its end at that rate.
 */
import { addUsage, emptyUsage, type TokenUsage } from '../model/usage.js';
import { parseInstant, zonedIso } from './time-zone.js';
import type { Pricer, UsageRow } from './usage-report.js';
import { emptyTotals, tokenColumns } from './usage-rows.js';

export const blockMs = 5 * 3_600_000;

/** One request as blocks count it. */
export interface TimedUsage {
  /** ISO time of the request. */
  time: string;
  model: string | undefined;
  usage: TokenUsage;
}

/** A block: its window and the usage-row totals of its requests (tokens by kind, cost, unpriced, models). */
export interface UsageBlock extends Omit<UsageRow, 'key'> {
  /**
   * ISO times with the offset of the report's zone: the floored hour of the first request, and five hours
   * later; the first and last requests likewise.
   */
  start: string;
  end: string;
  firstRequest: string;
  lastRequest: string;
  /** True while the block is open at `now`. */
  active: boolean;
  /** Active blocks only: time left, rate since the first request, and the totals at that rate at the end. */
  remainingMs?: number;
  burnRate?: { tokensPerHour: number; costPerHour: number };
  projected?: { totalTokens: number; cost: number };
}

/**
 * The blocks of `requests` (any order), oldest first, their times written in `zone` (UTC unless given);
 * requests without a valid time are left out.
 */
export function computeBlocks(
  requests: readonly TimedUsage[],
  price: Pricer,
  now: number,
  zone = 'UTC',
): UsageBlock[] {
  const timed = requests
    .map((r) => ({ ...r, at: parseInstant(r.time) }))
    .filter((r) => !Number.isNaN(r.at))
    .sort((a, b) => a.at - b.at);
  const blocks: UsageBlock[] = [];
  let current:
    | { start: number; last: number; first: number; usage: TokenUsage; block: UsageBlock }
    | undefined;
  const close = () => {
    if (!current) return;
    const { block, usage } = current;
    Object.assign(block, tokenColumns(usage));
    block.models.sort();
    const end = current.start + blockMs;
    block.active = now < end && now - current.last < blockMs && now >= current.start;
    if (block.active) {
      block.remainingMs = end - now;
      const hours = Math.max(now - current.first, 60_000) / 3_600_000;
      const burn = { tokensPerHour: block.totalTokens / hours, costPerHour: block.cost / hours };
      block.burnRate = burn;
      const left = block.remainingMs / 3_600_000;
      block.projected = {
        totalTokens: Math.round(block.totalTokens + burn.tokensPerHour * left),
        cost: block.cost + burn.costPerHour * left,
      };
    }
    blocks.push(block);
  };
  for (const request of timed) {
    if (!current || request.at >= current.start + blockMs || request.at - current.last > blockMs) {
      close();
      const start = Math.floor(request.at / 3_600_000) * 3_600_000;
      current = {
        start,
        first: request.at,
        last: request.at,
        usage: emptyUsage(),
        block: {
          start: zonedIso(start, zone),
          end: zonedIso(start + blockMs, zone),
          firstRequest: zonedIso(request.at, zone),
          lastRequest: zonedIso(request.at, zone),
          ...emptyTotals(),
          active: false,
        },
      };
    }
    const { block } = current;
    current.last = request.at;
    block.lastRequest = zonedIso(request.at, zone);
    block.requests += 1;
    addUsage(current.usage, request.usage);
    const model = request.model ?? 'unknown';
    if (!block.models.includes(model)) block.models.push(model);
    const cost = price(model, request.usage, request.time);
    if (cost === null) block.unpricedRequests += 1;
    else block.cost += cost;
  }
  close();
  return blocks;
}
