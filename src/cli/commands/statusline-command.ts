/**
 * `agentlog statusline`: the status line command of Claude Code. Reads the JSON Claude Code passes on stdin,
 * brings the index up to date for the named transcript alone (its file and its subagent files), and prints
 * one line from the stored rows: model, this session's cost, today's cost, the active block's cost, time
 * left and burn rate, and the last request's context. Whatever goes wrong it prints a line and exits 0 (a
 * status line has nowhere to show an error); only a bad command line (an unknown `--format` placeholder,
 * an unknown option) exits 2. `AGENTLOG_NOW` (an ISO time) pins the clock, as for `blocks`.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { type Command, Option } from 'commander';
import { createColors } from 'picocolors';
import { latestRateLimits, type RateLimitAccount } from '../../analytics/rate-limit-report.js';
import { localDay, startOfLocalDay, zonedIso } from '../../analytics/time-zone.js';
import { computeBlocks } from '../../analytics/usage-blocks.js';
import { resolveCacheDir } from '../../cache/cache-location.js';
import { type IndexDb, openIndex, openMemoryIndex } from '../../cache/open-index.js';
import { queryAllRateLimits } from '../../cache/queries/rate-limits-query.js';
import { queryRequestsSince } from '../../cache/queries/statusline-query.js';
import { heapShortfall } from '../../lifecycle/heap-fit.js';
import type { SessionFileRef } from '../../sources/index.js';
import { type Io, writeJson, writeLine } from '../output.js';
import { packageVersion } from '../package-version.js';
import { createKeyedPricer, type KeyedPricer } from '../pricer.js';
import { contextWindow, parseStatusInput, type StatusInput } from '../statusline-input.js';
import {
  checkFormat,
  defaultLine,
  formatLine,
  placeholders,
  type StatusFigures,
} from '../statusline-line.js';
import {
  appendedRequests,
  type OverlayRequest,
  storedState,
  subagentsFolder,
  withOverlay,
} from '../statusline-overlay.js';
import { refreshInBackground, releaseLock } from '../statusline-refresh.js';
import { costOf, sessionFigures, storeUnitCosts } from '../statusline-session.js';
import { addTimeZoneOption, parseTimeZone } from '../time-zone-option.js';

interface StatuslineFlags {
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
/** A status line must not hang: stdin is read for this long at most, the index waited for this long. */
const stdinTimeoutMs = 2000;
const busyTimeoutMs = 1500;

export function registerStatuslineCommand(program: Command, io: Io): void {
  const command = program
    .command('statusline')
    .description(
      "Claude Code's status line: model, session and today's cost, the active block, burn rate and context used, from the JSON on stdin",
    )
    .option('--format <template>', 'the line as a template of {placeholders} (listed below)')
    .option('--json', 'print the figures as JSON')
    .option('--input <file>', 'read the status line JSON from a file instead of stdin')
    .option('--pricing <file>', 'a JSON pricing file that overrides the built-in prices')
    .option(
      '--offline',
      'use the prices shipped with agentlog, not those "agentlog pricing update" downloaded',
    )
    .option(
      '--cache-dir <dir>',
      'where the index cache lives (default: $AGENTLOG_CACHE_DIR, $XDG_CACHE_HOME/agentlog or ~/.cache/agentlog)',
    )
    .option(
      '--no-cache',
      'read the session without the index cache (then no figure across sessions: today, block)',
    )
    .option('--no-color', 'no colours (also with NO_COLOR set)');
  addTimeZoneOption(command)
    .addHelpText(
      'after',
      [
        '',
        'Placeholders for --format (a value not known shows as -):',
        ...placeholders.map(([name, help]) => `  {${name}}`.padEnd(20) + help),
        '',
        'Only the transcript named on stdin (and its subagent files) is read: lines appended since the index',
        'read it are added to the stored rows, and a refresher brings the index up to date in the background.',
        'The other figures come from the stored rows (Codex limits: as the last run that read the rollouts',
        'stored them).',
        'Today is the local day (--timezone). The context is the input, cache read and',
        "cache write tokens of the session's last request, of a 200k window, or 1M when the model id ends",
        'in [1m] or Claude Code reports exceeds_200k_tokens. Colours are on unless NO_COLOR or --no-color.',
        'It always prints a line and exits 0, except for a bad command line (exit 2).',
        'AGENTLOG_NOW=<ISO time> measures at that time instead of now.',
        '',
        'In ~/.claude/settings.json: {"statusLine": {"type": "command", "command": "agentlog statusline"}}',
      ].join('\n'),
    )
    .addOption(new Option('--refresh-index <transcript>').hideHelp())
    .action(async (flags: StatuslineFlags) => {
      if (flags.refreshIndex !== undefined) return refresher(io, flags, flags.refreshIndex);
      if (flags.format !== undefined) checkFormat(flags.format);
      const timeZone = parseTimeZone(flags.timezone);
      const enabled = flags.color !== false && !('NO_COLOR' in io.env);
      const colors = createColors(enabled);
      let input: StatusInput = {};
      let figures: StatusFigures;
      try {
        input = parseStatusInput(await readInput(io, flags));
        figures = await statusFigures(io, flags, input, timeZone);
      } catch (error) {
        // Anything at all: the line from what the input says, the reason on stderr in one sentence.
        figures = inputFigures(input);
        const reason = error instanceof Error ? error.message : String(error);
        io.stderr.write(`agentlog statusline: ${reason.split('\n')[0]}\n`);
      }
      if (flags.json) writeJson(io, figures);
      else
        writeLine(
          io,
          flags.format === undefined
            ? defaultLine(figures, colors)
            : formatLine(flags.format, figures, colors),
        );
    });
}

/** The figures that come from the input alone (model, Claude Code's cost). */
function inputFigures(input: StatusInput): StatusFigures {
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

async function statusFigures(
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

/** The background refresher: brings the index up to date for one transcript, prints nothing, frees the lock. */
async function refresher(io: Io, flags: StatuslineFlags, transcript: string): Promise<void> {
  const cacheDir = resolveCacheDir(io.env, flags.cacheDir);
  if (cacheDir === undefined) return;
  // The lowest priority: the status line calls that come meanwhile (and the agent itself) go first.
  try {
    (await import('node:os')).setPriority(19);
  } catch {
    // Not allowed here: it runs at the caller's priority.
  }
  try {
    const index = openIndex({ cacheDir, agentlogVersion: packageVersion(), busyTimeoutMs: 60_000 });
    try {
      const main = await refreshTranscript(index, path.resolve(io.cwd, transcript));
      // The totals the next calls read, priced as they price (the caller's pricing flags came along).
      if (main !== undefined) storeUnitCosts(index.db, main, await createKeyedPricer(flags, io));
    } finally {
      index.db.close();
    }
  } catch {
    // The next call shows the appended requests again and starts another refresher.
  } finally {
    releaseLock(cacheDir);
  }
}

/**
 * Brings the index up to date for `transcript` and its subagent files; returns the transcript's path as the
 * index names it. Loaded only when a file changed: the readers and schemas are most of such a call's time.
 */
async function refreshTranscript(index: IndexDb, transcript: string): Promise<string | undefined> {
  const refs = await refsOf(transcript);
  if (refs.some((ref) => !storedAsIs(index, ref))) {
    const [{ refreshIndex }, { readRecordSlice }] = await Promise.all([
      import('../../cache/refresh-index.js'),
      import('../../lifecycle/read-record-slice.js'),
    ]);
    await refreshIndex(index, { refs, roots: [], readSlice: readRecordSlice, sessions: false });
  }
  return (refs.find((r) => r.role === 'session') ?? refs[0])?.path;
}

/**
 * How to start a refresher in the background: the built CLI's bin (run from the sources, as in the in-process
 * tests, there is none: such a call refreshes the index itself).
 */
function backgroundOf(
  io: Io,
  flags: StatuslineFlags,
): Omit<Parameters<typeof refreshInBackground>[0], 'transcript' | 'pendingBytes'> | undefined {
  const cli = fileURLToPath(new URL('../agentlog.cjs', import.meta.url));
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

/** The JSON from `--input FILE`, else stdin (none when stdin is a terminal); at most `stdinTimeoutMs`. */
async function readInput(io: Io, flags: StatuslineFlags): Promise<string> {
  if (flags.input !== undefined) return readFileSync(path.resolve(io.cwd, flags.input), 'utf8');
  const stream = io.stdin?.();
  if (!stream || stream.isTTY) return '';
  const chunks: Buffer[] = [];
  let timer: NodeJS.Timeout | undefined;
  const read = (async () => {
    for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  })();
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, stdinTimeoutMs);
  });
  read.catch(() => undefined);
  const done = await Promise.race([read.then(() => true), timeout.then(() => false)]);
  clearTimeout(timer);
  // Not waited for past the timeout (whatever came is the input), nor kept open to hold the process.
  if (!done && 'destroy' in stream && typeof stream.destroy === 'function') stream.destroy();
  return Buffer.concat(chunks).toString('utf8');
}

/** The transcript's files: its own and its subagent files (`<dir>/<session id>/subagents/`); none when it is missing. */
async function refsOf(file: string): Promise<SessionFileRef[]> {
  if (!existsSync(file)) return [];
  const { discoverPaths } = await import('../../sources/discover-paths.js');
  const subagents = subagentsFolder(file);
  const found = await discoverPaths(existsSync(subagents) ? [file, subagents] : [file]);
  return found.files;
}

/** True when `ref` is in the index with its size and modification time: a refresh would not read it. */
function storedAsIs(index: IndexDb, ref: SessionFileRef): boolean {
  const row = index.db.prepare('SELECT size, mtime_ms FROM files WHERE path = ?').raw().get(ref.path) as
    | [number, number]
    | undefined;
  return row !== undefined && row[0] === ref.size && row[1] === ref.mtimeMs;
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
