import type { SourceLocation } from './source-location.js';

/** One window of a rate limit as the agent recorded it (Codex `rate_limits.primary` / `.secondary`). */
export interface RateLimitWindow {
  /** Share of the window's allowance used, in percent (0-100), as recorded. */
  usedPercent: number;
  /** The window's length in minutes (300 = 5 hours, 10080 = 7 days), when recorded. */
  windowMinutes?: number;
  /**
   * ISO time the window resets: `resets_at` (epoch seconds), or the record's time plus
   * `resets_in_seconds` (older builds); absent when the log gives neither.
   */
  resetsAt?: string;
  /** Which field `resetsAt` came from. */
  resetsFrom?: 'resets_at' | 'resets_in_seconds';
}

/**
 * The rate limits the provider reported with one request, as the agent wrote them to its log (Codex
 * `token_count.rate_limits`): what was used of each window and when it resets. Nothing here is estimated.
 */
export interface RateLimitSnapshot {
  /** ISO time of the record that carried it (the observation's time). */
  time?: string;
  /** The limit's id (`codex`, `codex_other`, ...); absent in older builds, whose one limit is `codex`. */
  limitId?: string;
  limitName?: string;
  /** The subscription plan (`plus`, `pro`, `team`, ...), when recorded. */
  planType?: string;
  /** Set when a limit was reached (`rate_limit_reached_type`). */
  reachedType?: string;
  /** The short window (5 hours on ChatGPT plans). */
  primary?: RateLimitWindow;
  /** The long window (a week on ChatGPT plans). */
  secondary?: RateLimitWindow;
  credits?: { hasCredits: boolean; unlimited: boolean; balance?: string };
  /** The record it was read from. */
  location: SourceLocation;
}
