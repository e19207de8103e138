import {
  addUsage,
  addUsageTo,
  emptyUsage,
  maxUsage,
  type TokenUsage,
  type UsageEntry,
} from '../../model/usage.js';
import { isObject, num, obj, str } from '../../schemas/common/value-access.js';
import type { AgentUsage } from '../agent-adapter.js';

/** How Copilot CLI usage becomes agentlog's, for the docs. */
export const copilotUsageNote =
  "One usage entry per `session.usage_record` (one model call; subagent calls in the subagent). Copilot's " +
  '`inputTokens` counts every input token, cache reads and writes included, so input = `inputTokens` - ' +
  '`cacheReadTokens` - `cacheWriteTokens` (the `copilotUsage.tokenDetails` input entry); cache reads = ' +
  '`cacheReadTokens`; cache writes = `cacheWriteTokens`; output = `outputTokens` (reasoning included); ' +
  'reasoning = `reasoningTokens`. Files before 1.0.9x and the 2025 documents record no usage.';

/**
 * The agent-neutral usage of one `session.usage_record` (`data.usage`). Copilot's `inputTokens` is every
 * input token, cache reads and cache writes included (each record of the corpus: inputTokens = the
 * `tokenDetails` input + cache_read + cache_write), so uncached input = inputTokens - cacheReadTokens -
 * cacheWriteTokens, as for Codex. `outputTokens` includes the reasoning tokens (it equals the billed
 * `output` token count), so `reasoningTokens` is informational, as everywhere in the model.
 */
export function copilotUsageOf(usage: Record<string, unknown>): TokenUsage {
  const input = num(usage.inputTokens) ?? 0;
  const cacheRead = num(usage.cacheReadTokens) ?? 0;
  const cacheWrite = num(usage.cacheWriteTokens) ?? 0;
  return {
    inputTokens: Math.max(0, input - cacheRead - cacheWrite),
    outputTokens: num(usage.outputTokens) ?? 0,
    cacheWriteTokens: cacheWrite,
    cacheWrite1hTokens: 0,
    cacheReadTokens: cacheRead,
    reasoningTokens: num(usage.reasoningTokens) ?? 0,
    webSearchRequests: 0,
  };
}

/** The request a usage record bills: its API call id, else its accounting usage id. */
export function copilotRequestKey(usage: Record<string, unknown>): string | undefined {
  const id = str(usage.apiCallId) ?? str(obj(usage.accounting)?.usageId);
  return id === undefined ? undefined : `copilot|${id}`;
}

/**
 * Collects the usage records of one conversation (the session, or one subagent). A record whose request key
 * was seen already (a resumed session writing a call again) is merged with the per-field maximum, never
 * added twice.
 */
export function createCopilotUsageTracker() {
  const byKey = new Map<string, UsageEntry>();
  const entries: UsageEntry[] = [];
  return {
    /** Entries from elsewhere (the shutdown fallback), counted as they are. */
    addEntries(more: readonly UsageEntry[]): void {
      entries.push(...more);
    },
    get size(): number {
      return entries.length;
    },
    add(usage: Record<string, unknown>, timestamp: string | undefined): UsageEntry {
      const converted = copilotUsageOf(usage);
      const requestKey = copilotRequestKey(usage);
      const seen = requestKey === undefined ? undefined : byKey.get(requestKey);
      if (seen) {
        seen.usage = maxUsage(seen.usage, converted);
        return seen;
      }
      const model = str(usage.model);
      const entry: UsageEntry = {
        usage: converted,
        ...(requestKey === undefined ? {} : { requestKey }),
        ...(model === undefined ? {} : { model }),
        ...(timestamp === undefined ? {} : { timestamp }),
      };
      if (requestKey !== undefined) byKey.set(requestKey, entry);
      entries.push(entry);
      return entry;
    },
    totals(): { usage: TokenUsage; byModel: Record<string, TokenUsage>; entries: UsageEntry[] } {
      const total = emptyUsage();
      const byModel: Record<string, TokenUsage> = {};
      for (const entry of entries) {
        addUsage(total, entry.usage);
        addUsageTo(byModel, entry.model ?? 'unknown', entry.usage);
      }
      return { usage: total, byModel, entries };
    },
  };
}

/** One `session.shutdown` as usage: its time and `modelMetrics`. */
export interface ShutdownSnapshot {
  timestamp: string | undefined;
  modelMetrics: Record<string, unknown>;
}

/**
 * Usage entries from `session.shutdown.modelMetrics[model].usage`, for files that have no
 * `session.usage_record` (versions before 1.0.9x). A resumed session writes one shutdown per run, and the
 * per-model usage is cumulative over the session (ccusage's Copilot adapter, which reads them so), so each
 * snapshot after the first counts only its growth over the previous one of the same model: the totals are the
 * last snapshot's. Not confirmed by a genuine file of the corpus (the one shutdown it has carries no usage).
 */
export function shutdownUsageEntries(snapshots: readonly ShutdownSnapshot[]): UsageEntry[] {
  const previous = new Map<string, TokenUsage>();
  const entries: UsageEntry[] = [];
  for (const snapshot of snapshots) {
    for (const [model, metrics] of Object.entries(snapshot.modelMetrics)) {
      const usage = obj(obj(metrics)?.usage);
      if (!usage) continue;
      const current = copilotUsageOf(usage);
      const before = previous.get(model);
      previous.set(model, current);
      const interval = emptyUsage();
      for (const field of Object.keys(interval) as (keyof TokenUsage)[])
        interval[field] = Math.max(0, current[field] - (before?.[field] ?? 0));
      entries.push({
        usage: interval,
        model,
        ...(snapshot.timestamp === undefined ? {} : { timestamp: snapshot.timestamp }),
      });
    }
  }
  return entries;
}

/** Role `usage.ts`: `normalise` takes a `session.usage_record`'s `data.usage` (or a shutdown's model usage). */
export const copilotCliUsage: AgentUsage = {
  note: copilotUsageNote,
  normalise: (raw) => (isObject(raw) && hasTokenCounts(raw) ? copilotUsageOf(raw) : undefined),
};

function hasTokenCounts(usage: Record<string, unknown>): boolean {
  return ['inputTokens', 'outputTokens', 'cacheReadTokens', 'cacheWriteTokens'].some(
    (key) => num(usage[key]) !== undefined,
  );
}
