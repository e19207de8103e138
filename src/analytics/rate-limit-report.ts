/**
 * The latest rate limits per account, as the agents recorded them (Codex `token_count.rate_limits`): what
 * `blocks` and the status line show beside Claude's 5-hour blocks. Nothing is estimated: each window's used
 * percent is the one of the newest observation, its reset time is the recorded one made absolute, and the
 * observation's age says how old the figure is. A window whose reset time has passed is marked `reset`:
 * its used percent no longer holds, and no newer observation says what it is now.
 *
 * Codex rollouts name no account. What identifies one here is the Codex home the rollout lies in (the
 * folder holding `sessions/` or `archived_sessions/`, `~/.codex` by default: one login each) and the
 * limit's id (`codex`, `codex_other`, ...; older builds write none, which is Codex's `codex` limit). A
 * rollout outside that layout counts under its own folder.
 */

import { allSessions } from '../model/all-sessions.js';
import type { RateLimitSnapshot, RateLimitWindow } from '../model/rate-limits.js';
import type { Session } from '../model/session.js';

/** The limit id of a snapshot that records none (Codex's default limit). */
export const defaultLimitId = 'codex';

export interface RateLimitWindowNow extends RateLimitWindow {
  /** Milliseconds from now to `resetsAt` (negative once passed). */
  resetsInMs?: number;
  /** True when `resetsAt` has passed: the window started again after the observation. */
  reset: boolean;
}

/** The newest observation of one account's limit. */
export interface RateLimitAccount {
  agent: 'codex';
  /** The Codex home (or folder) of the rollout: with `limitId`, what identifies the account. */
  home: string;
  /** The limit's id as recorded, else `codex`. */
  limitId: string;
  limitName?: string;
  planType?: string;
  reachedType?: string;
  /** ISO time of the observation, and its age at `now`. */
  observedAt: string;
  ageMs: number;
  primary?: RateLimitWindowNow;
  secondary?: RateLimitWindowNow;
  credits?: RateLimitSnapshot['credits'];
  /** The record it was read from. */
  file: string;
  line: number;
  /** Sessions that recorded this account's limit (the newest one wins). */
  observations: number;
}

/** The rate limits of the sessions' trees, subagent threads included (the in-memory twin of the index query). */
export function sessionRateLimits(sessions: readonly Session[]): RateLimitSnapshot[] {
  const snapshots: RateLimitSnapshot[] = [];
  for (const session of allSessions(sessions)) if (session.rateLimits) snapshots.push(session.rateLimits);
  return snapshots;
}

/**
 * The newest snapshot per account (see the module comment) at `now`, sorted by home and limit. Snapshots
 * without a valid time, or taken after `now` (a pinned clock looking back), are left out.
 */
export function latestRateLimits(snapshots: readonly RateLimitSnapshot[], now: number): RateLimitAccount[] {
  const newest = new Map<string, { snapshot: RateLimitSnapshot; at: number; count: number }>();
  for (const snapshot of snapshots) {
    const at = snapshot.time === undefined ? Number.NaN : Date.parse(snapshot.time);
    if (Number.isNaN(at) || at > now) continue;
    const key = `${codexHome(snapshot.location.file)}\u0000${snapshot.limitId ?? defaultLimitId}`;
    const seen = newest.get(key);
    if (!seen) newest.set(key, { snapshot, at, count: 1 });
    else {
      seen.count += 1;
      if (at > seen.at || (at === seen.at && laterPlace(snapshot, seen.snapshot)))
        Object.assign(seen, { snapshot, at });
    }
  }
  const accounts = [...newest.values()].map(({ snapshot, at, count }): RateLimitAccount => {
    const account: RateLimitAccount = {
      agent: 'codex',
      home: codexHome(snapshot.location.file),
      limitId: snapshot.limitId ?? defaultLimitId,
      observedAt: new Date(at).toISOString(),
      ageMs: now - at,
      file: snapshot.location.file,
      line: snapshot.location.line,
      observations: count,
    };
    if (snapshot.limitName !== undefined) account.limitName = snapshot.limitName;
    if (snapshot.planType !== undefined) account.planType = snapshot.planType;
    if (snapshot.reachedType !== undefined) account.reachedType = snapshot.reachedType;
    if (snapshot.primary) account.primary = windowAt(snapshot.primary, now);
    if (snapshot.secondary) account.secondary = windowAt(snapshot.secondary, now);
    if (snapshot.credits) account.credits = snapshot.credits;
    return account;
  });
  return accounts.sort((a, b) => byCodeUnits(a.home, b.home) || byCodeUnits(a.limitId, b.limitId));
}

/**
 * Paths and ids in code unit order: the same in every locale, and without `localeCompare`, whose first call
 * loads ICU's collator (about 7 ms of a status line).
 */
function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Ties in time go to the later file, then the later line: the same answer in any input order. */
function laterPlace(a: RateLimitSnapshot, b: RateLimitSnapshot): boolean {
  const byFile = byCodeUnits(a.location.file, b.location.file);
  return byFile > 0 || (byFile === 0 && a.location.line > b.location.line);
}

function windowAt(window: RateLimitWindow, now: number): RateLimitWindowNow {
  const resets = window.resetsAt === undefined ? Number.NaN : Date.parse(window.resetsAt);
  if (Number.isNaN(resets)) return { ...window, reset: false };
  return { ...window, resetsInMs: resets - now, reset: resets <= now };
}

/**
 * The Codex home of a rollout: the path before its last `sessions` or `archived_sessions` folder
 * (`/home/me/.codex/sessions/2026/01/02/rollout-….jsonl` -> `/home/me/.codex`), else the file's folder.
 */
export function codexHome(file: string): string {
  // By index, not a regular expression: the status line finds the home of every stored snapshot, and a
  // backtracking match of each path took milliseconds of a call.
  const slashed = file.replaceAll('\\', '/');
  const home = Math.max(slashed.lastIndexOf('/sessions/'), slashed.lastIndexOf('/archived_sessions/'));
  if (home > 0) return file.slice(0, home);
  const cut = Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\'));
  return cut > 0 ? file.slice(0, cut) : file;
}

/** A window's length for people: `5h`, `7d`, `90m`; `primary`/`secondary` when not recorded. */
export function windowLabel(window: RateLimitWindow, which: 'primary' | 'secondary'): string {
  const minutes = window.windowMinutes;
  if (minutes === undefined) return which;
  if (minutes > 0 && minutes % 1440 === 0) return `${minutes / 1440}d`;
  if (minutes > 0 && minutes % 60 === 0) return `${minutes / 60}h`;
  return `${minutes}m`;
}
