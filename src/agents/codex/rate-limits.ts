import type { RateLimitSnapshot, RateLimitWindow } from '../../model/rate-limits.js';
import type { SourceLocation } from '../../model/source-location.js';
import { optional, timeOf } from '../../schemas/common/value-access.js';
import {
  type CodexRateLimits,
  type CodexRateLimitWindow,
  codexRateLimitsSchema,
} from './schemas/token-count.js';

/**
 * The rate limits of one Codex `token_count` event (`payload.rate_limits`), or undefined when it records
 * none: `null`, absent, every window and the credits `null` (some builds write that shape when the provider
 * sent no limits), or a value the schema rejects (the drift report has it). Both forms are read: windows
 * (`primary`, `secondary` with `used_percent`, `window_minutes`, `resets_at` or `resets_in_seconds`) and the
 * oldest flat fields (`primary_used_percent`, `primary_window_minutes`, ..., no reset time). A reset given
 * in seconds is made absolute from the record's time.
 */
export function readCodexRateLimits(
  value: unknown,
  timestamp: string | undefined,
  location: SourceLocation,
): RateLimitSnapshot | undefined {
  if (value === null || value === undefined) return undefined;
  const parsed = codexRateLimitsSchema.safeParse(value);
  if (!parsed.success) return undefined;
  const limits = parsed.data;
  const at = timeOf(timestamp);
  const primary = windowOf(limits.primary, at) ?? flatWindow(limits, 'primary');
  const secondary = windowOf(limits.secondary, at) ?? flatWindow(limits, 'secondary');
  const credits = limits.credits ?? undefined;
  if (!primary && !secondary && !credits) return undefined;
  return {
    ...optional('time', timestamp),
    ...optional('limitId', limits.limit_id ?? undefined),
    ...optional('limitName', limits.limit_name ?? undefined),
    ...optional('planType', limits.plan_type ?? undefined),
    ...optional('reachedType', limits.rate_limit_reached_type ?? undefined),
    ...optional('primary', primary),
    ...optional('secondary', secondary),
    ...optional(
      'credits',
      credits && {
        hasCredits: credits.has_credits,
        unlimited: credits.unlimited,
        ...optional('balance', credits.balance ?? undefined),
      },
    ),
    location,
  };
}

function windowOf(
  window: CodexRateLimitWindow | null | undefined,
  at: number | undefined,
): RateLimitWindow | undefined {
  if (!window) return undefined;
  const out: RateLimitWindow = {
    usedPercent: window.used_percent,
    ...optional('windowMinutes', window.window_minutes ?? undefined),
  };
  const absolute = isoOf((window.resets_at ?? Number.NaN) * 1000);
  const relative = at === undefined ? undefined : isoOf(at + (window.resets_in_seconds ?? Number.NaN) * 1000);
  if (absolute !== undefined) Object.assign(out, { resetsAt: absolute, resetsFrom: 'resets_at' });
  else if (relative !== undefined)
    Object.assign(out, { resetsAt: relative, resetsFrom: 'resets_in_seconds' });
  return out;
}

/** The oldest builds' flat fields for one window. */
function flatWindow(limits: CodexRateLimits, which: 'primary' | 'secondary'): RateLimitWindow | undefined {
  const used = which === 'primary' ? limits.primary_used_percent : limits.secondary_used_percent;
  const minutes = which === 'primary' ? limits.primary_window_minutes : limits.secondary_window_minutes;
  if (used == null) return undefined;
  return { usedPercent: used, ...optional('windowMinutes', minutes ?? undefined) };
}

/** An ISO time, or undefined for a time out of the Date range. */
function isoOf(ms: number): string | undefined {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
