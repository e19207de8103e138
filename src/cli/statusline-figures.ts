/**
 * The status line's figures: from the input alone (model, Claude Code's cost) when nothing else can be had,
 * else from the index (the shared one in the cache folder, or one of this call alone): this session's cost and
 * last request's context, today's cost, the active block and the rate limits.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { latestRateLimits, type RateLimitAccount } from '../analytics/rate-limit-report.js';
import { localDay, startOfLocalDay, zonedIso } from '../analytics/time-zone.js';
import { computeBlocks } from '../analytics/usage-blocks.js';
import { resolveCacheDir } from '../cache/cache-location.js';
import { type IndexDb, openIndex, openMemoryIndex } from '../cache/open-index.js';
import { queryAllRateLimits } from '../cache/queries/rate-limits-query.js';
import { queryRequestsSince } from '../cache/queries/statusline-query.js';
import { heapShortfall } from '../lifecycle/heap-fit.js';
import type { Io } from './output.js';
import { packageVersion } from './package-version.js';
import { createKeyedPricer, type KeyedPricer } from './pricer.js';
import { refreshTranscript } from './refresh-transcript.js';
import { contextWindow, type StatusInput } from './statusline-input.js';
import type { StatusFigures } from './statusline-line.js';
import { appendedRequests, type OverlayRequest, storedState, withOverlay } from './statusline-overlay.js';
import { refreshInBackground } from './statusline-refresh.js';
import { costOf, sessionFigures } from './statusline-session.js';

/** The options of `agentlog statusline`. */
export interface StatuslineFlags {
  /** Internal: the background refresher of one transcript (see statusline-refresh.ts). */
  refreshIndex?: string;
  format?: string;
  json?: boolean;
  input?: string;
  pricing?: string;
  offline?: boolean;
  cacheDir?: string;
  /** False with `--no-cache`. */
  cache?: boolean;
  /** False with `--no-color`. */
  color?: boolean;
  timezone?: string;
}

/** Requests this far back are enough to find the active block (two block lengths). */
const blockLookbackMs = 10 * 3_600_000;
/** A status line must not hang: the index is waited for this long at most. */
const busyTimeoutMs = 1500;

/** The figures that come from the input alone (model, Claude Code's cost). */
export function inputFigures(input: StatusInput): StatusFigures {
  const claude = input.claudeCost ?? null;
  return {
    model: input.modelName ?? input.modelId ?? null,
    sessionId: input.sessionId ?? null,
    indexed: false,
    session: claude === null ? null : { usd: claude, unpricedRequests: 0, source: 'claude-code' },
    claudeCodeCost: claude,
    today: null,
    block: null,
    context: null,
    rateLimits: null,
    dir: input.currentDir ?? null,
    problem: input.problem ?? null,
  };
}

/** The figures of `input`'s session and the figures across sessions, from the index when it can be opened. */
export async function statusFigures(
  io: Io,
  flags: StatuslineFlags,
  input: StatusInput,
  timeZone: string,
): Promise<StatusFigures> {
  const now = clockOf(io);
  // The prices in use, or `--pricing FILE` over them (its reader, with zod, loaded only then).
  const pricer = await createKeyedPricer(flags, io);
  const disk = flags.cache === false ? undefined : openDisk(io, flags);
  if (disk)
    try {
      return await figuresFrom(disk, input, pricer, { now, timeZone }, io.cwd, true, backgroundOf(io, flags));
    } catch (error) {
      // Locked for longer than a status line can wait, or damaged: this call reads its session alone.
      if (!(error instanceof Database.SqliteError)) throw error;
    }
  return figuresFrom(openMemoryIndex(packageVersion()), input, pricer, { now, timeZone }, io.cwd, false);
}

/**
 * The figures of `input`'s session from `index` (closed when done), after refreshing that session in it;
 * today's and the block's only when `index` is the shared one.
 */
async function figuresFrom(
  index: IndexDb,
  input: StatusInput,
  pricer: KeyedPricer,
  { now, timeZone }: { now: number; timeZone: string },
  cwd: string,
  shared: boolean,
  background?: Omit<Parameters<typeof refreshInBackground>[0], 'transcript' | 'pendingBytes'>,
): Promise<StatusFigures> {
  const figures = inputFigures(input);
  try {
    const transcript =
      input.transcriptPath === undefined ? undefined : path.resolve(cwd, input.transcriptPath);
    // The common case first: nothing changed since the last call (a stat of each file against its row), and
    // no discovery or refresh is loaded. When the transcript grew, the requests appended since the index
    // read it are shown on top of the rows and a refresher brings the index up to date in the background
    // (statusline-overlay.ts). Else (a file the index does not hold, one rewritten, much appended, no shared
    // index) the call refreshes it itself.
    const state = transcript === undefined ? undefined : storedState(index.db, transcript);
    let main = state?.appended.length === 0 ? state.main : undefined;
    let appended: OverlayRequest[] = [];
    if (transcript !== undefined && main === undefined) {
      if (background && state) {
        main = state.main;
        appended = appendedRequests(state);
        const pendingBytes = state.appended.reduce((sum, range) => sum + (range.to - range.from), 0);
        refreshInBackground({ ...background, transcript, pendingBytes });
      } else main = await refreshTranscript(index, transcript);
    }
    const session =
      main === undefined
        ? undefined
        : sessionFigures(index.db, main, input.sessionId, appended, pricer, shared);
    // A transcript too large for this process's heap is not in the index (the refresh skipped it): say so,
    // in the line, where Claude Code shows it (it does not show the status line's stderr).
    if (session === undefined && transcript !== undefined) {
      const short = heapShortfall(fileSize(transcript), 'projected');
      if (short !== undefined)
        figures.problem = `session log too large to read (NODE_OPTIONS=--max-old-space-size=${short.suggestedMb})`;
    }
    if (session) {
      figures.indexed = true;
      figures.sessionId = session.sessionId;
      figures.session = { ...session.cost, source: 'index' };
      const last = session.last;
      if (last) {
        figures.model ??= last.model ?? null;
        const tokens = last.usage.inputTokens + last.usage.cacheReadTokens + last.usage.cacheWriteTokens;
        const window = contextWindow(input);
        figures.context = { tokens, window, share: tokens / window };
      }
    }
    // An index of this call alone holds this session only: no figure across sessions from it.
    if (!shared) return figures;
    const dayStart = startOfLocalDay(localDay(now, timeZone), timeZone);
    const since = Math.min(dayStart, now - blockLookbackMs);
    const sinceIso = new Date(since).toISOString();
    const recent = withOverlay(
      queryRequestsSince(index.db, sinceIso, new Date(now).toISOString()),
      appended.filter((r) => r.time >= sinceIso),
    );
    const timed = recent.map((r) => ({ r, at: Date.parse(r.time) })).filter(({ at }) => at <= now);
    figures.today = costOf(
      timed.filter(({ at }) => at >= dayStart).map(({ r }) => r),
      pricer.price,
    );
    const claude = timed.filter(({ r, at }) => r.agent === 'claude-code' && at >= now - blockLookbackMs);
    const active = computeBlocks(
      claude.map(({ r }) => r),
      pricer.price,
      now,
      timeZone,
    ).find((b) => b.active);
    if (active)
      figures.block = {
        start: active.start,
        end: active.end,
        cost: { usd: active.cost, unpricedRequests: active.unpricedRequests },
        totalTokens: active.totalTokens,
        remainingMs: active.remainingMs ?? 0,
        tokensPerHour: active.burnRate?.tokensPerHour ?? 0,
        costPerHour: active.burnRate?.costPerHour ?? 0,
      };
    // Reset times as wall times of the zone (with their offset), as the line shows them.
    figures.rateLimits = latestRateLimits(queryAllRateLimits(index.db), now).map((account) => ({
      ...account,
      ...zonedWindow(account, 'primary', timeZone),
      ...zonedWindow(account, 'secondary', timeZone),
    }));
    return figures;
  } finally {
    index.db.close();
  }
}

/**
 * How to start a refresher in the background: the built CLI's bin (run from the sources, as in the in-process
 * tests, there is none: such a call refreshes the index itself).
 */
function backgroundOf(
  io: Io,
  flags: StatuslineFlags,
): Omit<Parameters<typeof refreshInBackground>[0], 'transcript' | 'pendingBytes'> | undefined {
  const cli = fileURLToPath(new URL('./agentlog.cjs', import.meta.url));
  const cacheDir = resolveCacheDir(io.env, flags.cacheDir);
  if (cacheDir === undefined || !existsSync(cli)) return undefined;
  // The refresher prices the session's totals as this call does.
  const pricing = [
    ...(flags.offline ? ['--offline'] : []),
    ...(flags.pricing === undefined ? [] : ['--pricing', path.resolve(io.cwd, flags.pricing)]),
  ];
  return { cli, cacheDir, env: { ...io.env }, args: pricing };
}

/** `account`'s window `which` with its reset time as the wall time of `zone` (with the zone's offset). */
function zonedWindow(
  account: RateLimitAccount,
  which: 'primary' | 'secondary',
  zone: string,
): Partial<RateLimitAccount> {
  const window = account[which];
  if (window?.resetsAt === undefined) return {};
  return { [which]: { ...window, resetsAt: zonedIso(Date.parse(window.resetsAt), zone) } };
}

/** The index of the cache folder, or undefined when there is none or it cannot be opened. */
function openDisk(io: Io, flags: StatuslineFlags): IndexDb | undefined {
  const cacheDir = resolveCacheDir(io.env, flags.cacheDir);
  if (cacheDir === undefined) return undefined;
  try {
    return openIndex({ cacheDir, agentlogVersion: packageVersion(), busyTimeoutMs });
  } catch {
    // Read-only, locked, not ours: this call reads its session without the shared index.
    return undefined;
  }
}

/** Now, or the ISO time of `AGENTLOG_NOW` (ignored when it is not one: a status line has no error to show). */
function clockOf(io: Io): number {
  const pinned = io.env.AGENTLOG_NOW;
  const at = pinned === undefined || !/^\d{4}-\d{2}-\d{2}/.test(pinned) ? Number.NaN : Date.parse(pinned);
  return Number.isNaN(at) ? Date.now() : at;
}

/** A file's size, or 0 when it cannot be stated. */
function fileSize(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}
