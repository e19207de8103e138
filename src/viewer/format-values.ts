import type { TokenUsage } from '../model/usage.js';

/** USD with enough digits for small amounts: `$0.0042`, `$1.27`; `-` when unknown. */
export function formatCost(usd: number | null | undefined): string {
  if (usd === null || usd === undefined || !Number.isFinite(usd)) return '-';
  if (usd === 0) return '$0';
  return usd < 0.01 ? `$${usd.toFixed(4)}` : `$${usd.toFixed(2)}`;
}

/** `12.3k`, `4.5M`: short token counts for dense lines. */
export function formatTokens(value: number): string {
  if (value < 1000) return String(value);
  if (value < 1_000_000) return `${(value / 1000).toFixed(value < 10_000 ? 1 : 0)}k`;
  return `${(value / 1_000_000).toFixed(1)}M`;
}

/** `2026-01-31 14:05:09` (UTC) from an ISO time; the input when it does not parse. */
export function formatTime(iso: string | undefined | null): string {
  if (iso === undefined || iso === null) return '-';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** One line of token counts: `in 1.2k · out 345 · cache w 10k · cache r 80k`. */
export function formatUsage(u: TokenUsage): string {
  const parts = [`in ${formatTokens(u.inputTokens)}`, `out ${formatTokens(u.outputTokens)}`];
  if (u.cacheWriteTokens > 0) parts.push(`cache write ${formatTokens(u.cacheWriteTokens)}`);
  if (u.cacheReadTokens > 0) parts.push(`cache read ${formatTokens(u.cacheReadTokens)}`);
  if (u.reasoningTokens > 0) parts.push(`reasoning ${formatTokens(u.reasoningTokens)}`);
  return parts.join(' · ');
}

/** Re-exported for the pages (and commands) that format with the rest of this module. */
export { formatDuration } from '../analytics/format-duration.js';
export { countOf, formatNumber } from '../analytics/format-number.js';
