import type { Pricer } from '../analytics/usage-report.js';
import type { UsageEntry } from '../model/usage.js';

/**
 * Cost of usage entries, as `agentlog usage` sums it: the priced requests' costs (0 when none is priced) and
 * the number of unpriced ones; null cost without a pricer.
 */
export function usageCost(
  entries: readonly UsageEntry[],
  pricer: Pricer | undefined,
): { cost: number | null; unpriced: number } {
  if (pricer === undefined) return { cost: null, unpriced: 0 };
  let cost = 0;
  let unpriced = 0;
  for (const entry of entries) {
    const value = entryCost(entry, pricer);
    if (value === null) unpriced += 1;
    else cost += value;
  }
  return { cost, unpriced };
}

/** Cost of one request, or null without a price. */
export function entryCost(entry: UsageEntry, pricer: Pricer | undefined): number | null {
  if (pricer === undefined) return null;
  return pricer(entry.model ?? 'unknown', entry.usage, entry.timestamp);
}
