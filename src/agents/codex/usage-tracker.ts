import { addUsage, addUsageTo, emptyUsage, type TokenUsage, type UsageEntry } from '../../model/usage.js';
import { num, obj } from '../../schemas/common/value-access.js';

/** A `token_count`'s counts as Codex writes them (what the tracker compares totals by). */
export interface RawUsage {
  input: number;
  cached: number;
  /** `cache_write_input_tokens` (newer builds), assumed part of `input_tokens` like cached reads. */
  cacheWrite: number;
  output: number;
  reasoning: number;
}

/**
 * Usage from Codex `token_count` events (spec 4.6, issue "Usage"):
 * - `total_token_usage` is cumulative; an event whose total equals the previous one is a re-emission and
 *   is dropped (Codex writes the same totals again after each turn);
 * - otherwise the event's `last_token_usage` is this request's usage; where it is missing, the difference
 *   of the totals is;
 * - `cached_input_tokens` is part of `input_tokens` and `reasoning_output_tokens` part of `output_tokens`, so
 *   input = input - cached and cache reads = cached, to match the Claude split;
 * - with `threadId`, a request with cumulative totals gets a request key (the thread and those totals, which
 *   grow with every request of the thread), so that a copy of the rollout (a backup, a checkpoint) counts
 *   its requests once across files.
 */
export function createUsageTracker(threadId?: string, from?: UsageTrackerResume) {
  let previousTotal: RawUsage | undefined = from?.state.previousTotal ?? undefined;
  const usage = from ? { ...from.usage } : emptyUsage();
  const byModel: Record<string, TokenUsage> = {};
  for (const [model, counts] of Object.entries(from?.byModel ?? {})) byModel[model] = { ...counts };
  const entries: UsageEntry[] = from ? [...from.entries] : [];
  let dropped = from?.state.dropped ?? 0;
  return {
    /** What a tracker resumed from the totals so far needs besides them. */
    state(): UsageTrackerState {
      return { previousTotal: previousTotal ?? null, dropped };
    },
    /** A replayed event (a fork's copy of its parent's history): its totals are the baseline, not counted. */
    observe(payload: Record<string, unknown>): void {
      const total = raw(obj(payload.info)?.total_token_usage);
      if (total) previousTotal = total;
    },
    add(payload: Record<string, unknown>, model: string | undefined, timestamp: string | undefined): void {
      const info = obj(payload.info);
      if (!info) return;
      const total = raw(info.total_token_usage);
      const lastUsage = raw(info.last_token_usage);
      if (total && previousTotal && sameUsage(total, previousTotal)) {
        dropped += 1;
        return;
      }
      let request: RawUsage | undefined = lastUsage;
      if (!request && total) {
        const before = previousTotal ?? { input: 0, cached: 0, cacheWrite: 0, output: 0, reasoning: 0 };
        request = {
          input: Math.max(0, total.input - before.input),
          cached: Math.max(0, total.cached - before.cached),
          cacheWrite: Math.max(0, total.cacheWrite - before.cacheWrite),
          output: Math.max(0, total.output - before.output),
          reasoning: Math.max(0, total.reasoning - before.reasoning),
        };
      }
      if (total) previousTotal = total;
      if (!request) return;
      const converted = toUsage(request);
      addUsage(usage, converted);
      addUsageTo(byModel, model ?? 'unknown', converted);
      entries.push({
        usage: converted,
        ...(threadId !== undefined && total
          ? {
              requestKey: `codex|${threadId}|${total.input}|${total.cached}|${total.cacheWrite}|${total.output}|${total.reasoning}`,
            }
          : {}),
        ...(model === undefined ? {} : { model }),
        ...(timestamp === undefined ? {} : { timestamp }),
      });
    },
    totals(): { usage: TokenUsage; byModel: Record<string, TokenUsage>; entries: UsageEntry[] } {
      return { usage, byModel, entries };
    },
    /** Re-emitted totals are normal; they are reported as a count only. */
    get droppedReemissions(): number {
      return dropped;
    },
  };
}

/** What a tracker keeps between two reads of a rollout, besides the totals and entries its session holds. */
export interface UsageTrackerState {
  /** The last cumulative total (re-emissions of it are dropped; a request without its own counts is the difference). */
  previousTotal: RawUsage | null;
  /** Re-emitted totals dropped so far. */
  dropped: number;
}

/** A tracker's start when it goes on from a stored session: its state and the session's usage so far. */
export interface UsageTrackerResume {
  state: UsageTrackerState;
  usage: TokenUsage;
  byModel: Record<string, TokenUsage>;
  entries: readonly UsageEntry[];
}

export type UsageTracker = ReturnType<typeof createUsageTracker>;

function raw(value: unknown): RawUsage | undefined {
  const u = obj(value);
  if (!u) return undefined;
  return {
    input: num(u.input_tokens) ?? 0,
    cached: num(u.cached_input_tokens) ?? 0,
    cacheWrite: num(u.cache_write_input_tokens) ?? 0,
    output: num(u.output_tokens) ?? 0,
    reasoning: num(u.reasoning_output_tokens) ?? 0,
  };
}

function sameUsage(a: RawUsage, b: RawUsage): boolean {
  return (
    a.input === b.input &&
    a.cached === b.cached &&
    a.cacheWrite === b.cacheWrite &&
    a.output === b.output &&
    a.reasoning === b.reasoning
  );
}

function toUsage(u: RawUsage): TokenUsage {
  return {
    inputTokens: Math.max(0, u.input - u.cached - u.cacheWrite),
    outputTokens: u.output,
    cacheWriteTokens: u.cacheWrite,
    cacheWrite1hTokens: 0,
    cacheReadTokens: u.cached,
    reasoningTokens: u.reasoning,
    webSearchRequests: 0,
  };
}
