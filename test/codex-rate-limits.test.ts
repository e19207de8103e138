/**
 * Codex rate limits in `agentlog blocks --json` against the real rollouts of the corpus. The expectation is
 * a plain scan of every corpus file, written here from the format alone: the last `token_count` event whose
 * `rate_limits` records a window (nested `primary`/`secondary`, or the oldest flat `primary_used_percent`)
 * or credits and whose line has a valid timestamp; then the newest per Codex home (the folder holding
 * `sessions/`, else the rollout's folder) and limit id (`codex` when none is written). Also: the same answer
 * with and without the index, cold and warm, and a rollout that grows in a Codex home (the new observation
 * replaces the old one through the incremental index).
 */
import { appendFileSync, copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../src/cli/output.js';
import { runCli } from '../src/cli/run-cli.js';
import { corpusDir, corpusFiles, corpusPath } from './corpus.js';
import { tempDir } from './index-helpers.js';

const repoRoot = path.resolve(import.meta.dirname, '..');
const acidicRollout = corpusPath(
  'AcidicSoil__codex-session-view/.sample_session/rollout-2025-11-17T15-30-28-019a93b9-f380-7600-98ff-940e6b99603c.jsonl',
);
const now = '2026-11-20T12:00:00.000Z';
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function blocksJson(args: string[], cacheDir?: string) {
  const env: NodeJS.ProcessEnv = { AGENTLOG_NOW: now, ...(cacheDir ? { AGENTLOG_CACHE_DIR: cacheDir } : {}) };
  const io = memoryIo(env, repoRoot);
  const code = await runCli(['blocks', '--json', ...args], io);
  expect(code, io.err()).toBe(0);
  return JSON.parse(io.out()) as { rateLimits: Record<string, unknown>[] };
}

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What the scan expects of one observation. */
interface Expected {
  home: string;
  limitId: string;
  observedAt: string;
  file: string;
  line: number;
  windows: Record<string, { usedPercent: number; windowMinutes?: number; resetsAt?: string }>;
}

function scanWindow(limits: Json, which: 'primary' | 'secondary', at: number) {
  const nested = limits[which];
  if (isObj(nested) && typeof nested.used_percent === 'number') {
    const out: { usedPercent: number; windowMinutes?: number; resetsAt?: string } = {
      usedPercent: nested.used_percent,
    };
    if (typeof nested.window_minutes === 'number') out.windowMinutes = nested.window_minutes;
    if (typeof nested.resets_at === 'number') out.resetsAt = new Date(nested.resets_at * 1000).toISOString();
    else if (typeof nested.resets_in_seconds === 'number')
      out.resetsAt = new Date(at + nested.resets_in_seconds * 1000).toISOString();
    return out;
  }
  const flat = limits[`${which}_used_percent`];
  if (typeof flat !== 'number') return undefined;
  const minutes = limits[`${which}_window_minutes`];
  return { usedPercent: flat, ...(typeof minutes === 'number' ? { windowMinutes: minutes } : {}) };
}

/** The last dated rate limits of one rollout, read line by line. */
function lastInFile(file: string): Expected | undefined {
  let found: Expected | undefined;
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((text, i) => {
      let record: unknown;
      try {
        record = JSON.parse(text);
      } catch {
        return;
      }
      if (!isObj(record) || record.type !== 'event_msg' || !isObj(record.payload)) return;
      const payload = record.payload;
      if (payload.type !== 'token_count' || !isObj(payload.rate_limits)) return;
      const at = typeof record.timestamp === 'string' ? Date.parse(record.timestamp) : Number.NaN;
      if (Number.isNaN(at)) return;
      const limits = payload.rate_limits;
      const windows: Expected['windows'] = {};
      for (const which of ['primary', 'secondary'] as const) {
        const window = scanWindow(limits, which, at);
        if (window) windows[which] = window;
      }
      if (Object.keys(windows).length === 0 && !isObj(limits.credits)) return;
      const match = /^(.*)\/(?:archived_)?sessions\//.exec(file);
      found = {
        home: match?.[1] ?? path.dirname(file),
        limitId: typeof limits.limit_id === 'string' ? limits.limit_id : 'codex',
        observedAt: new Date(at).toISOString(),
        file,
        line: i + 1,
        windows,
      };
    });
  return found;
}

function expectedAccounts(files: string[]): Expected[] {
  const newest = new Map<string, Expected>();
  for (const file of files) {
    const last = lastInFile(file);
    if (!last) continue;
    const key = `${last.home}|${last.limitId}`;
    const seen = newest.get(key);
    if (!seen || last.observedAt > seen.observedAt) newest.set(key, last);
  }
  return [...newest.values()];
}

function compare(shown: Record<string, unknown>[], expected: Expected[]) {
  const byKey = (a: { home?: unknown; limitId?: unknown }) => `${a.home}|${a.limitId}`;
  expect(shown.map(byKey).sort()).toEqual(expected.map(byKey).sort());
  for (const want of expected) {
    const got = shown.find((s) => byKey(s) === byKey(want)) as Json;
    expect(got.observedAt).toBe(want.observedAt);
    expect(got.ageMs).toBe(Date.parse(now) - Date.parse(want.observedAt));
    expect([got.file, got.line]).toEqual([want.file, want.line]);
    for (const which of ['primary', 'secondary'] as const) {
      const window = got[which] as Json | undefined;
      const wanted = want.windows[which];
      if (!wanted) {
        expect(window).toBeUndefined();
        continue;
      }
      expect({
        usedPercent: window?.usedPercent,
        windowMinutes: window?.windowMinutes,
        resetsAt: window?.resetsAt,
      }).toEqual({
        usedPercent: wanted.usedPercent,
        windowMinutes: wanted.windowMinutes,
        resetsAt: wanted.resetsAt,
      });
      if (wanted.resetsAt !== undefined)
        expect(window?.reset).toBe(Date.parse(wanted.resetsAt) <= Date.parse(now));
    }
  }
}

describe('Codex rate limits in blocks --json', () => {
  it('are the last recorded per rollout, the newest per Codex home and limit, with and without the index', async () => {
    const expected = expectedAccounts(corpusFiles());
    // The corpus has rollouts with windows, with flat fields, with null windows and with an undated line.
    expect(expected.length).toBeGreaterThanOrEqual(3);
    const plain = await blocksJson([corpusDir]);
    compare(plain.rateLimits, expected);
    const cache = tempDir('rate-limits');
    dirs.push(cache);
    const cold = await blocksJson([corpusDir], cache);
    const warm = await blocksJson([corpusDir], cache);
    expect(cold.rateLimits).toEqual(plain.rateLimits);
    expect(warm.rateLimits).toEqual(plain.rateLimits);
  });

  it('follow a rollout that grows in a Codex home, and keep homes apart', async () => {
    const root = tempDir('codex-homes');
    const cache = tempDir('rate-limits-grow');
    dirs.push(root, cache);
    const source = acidicRollout;
    const homes = ['a/.codex', 'b/.codex'].map((h) => path.join(root, h));
    const files = homes.map((home) => {
      const day = path.join(home, 'sessions', '2025', '11', '17');
      mkdirSync(day, { recursive: true });
      const file = path.join(day, path.basename(source));
      copyFileSync(source, file);
      return file;
    });
    const first = await blocksJson([root], cache);
    compare(first.rateLimits, expectedAccounts(files));
    expect(first.rateLimits.map((a) => a.home)).toEqual(homes);

    // A newer observation in home b: the flat form of the oldest builds, then a null one (ignored).
    const grown = files[1] as string;
    const event = (timestamp: string, rateLimits: unknown) =>
      `${JSON.stringify({ timestamp, type: 'event_msg', payload: { type: 'token_count', info: null, rate_limits: rateLimits } })}\n`;
    appendFileSync(
      grown,
      event('2025-11-18T08:00:00.000Z', { primary_used_percent: 12.5, primary_window_minutes: 300 }) +
        event('2025-11-18T08:00:01.000Z', null),
    );
    const second = await blocksJson([root], cache);
    compare(second.rateLimits, expectedAccounts(files));
    const b = second.rateLimits.find((a) => a.home === homes[1]) as Json;
    expect(b.observedAt).toBe('2025-11-18T08:00:00.000Z');
    expect(b.primary).toEqual({ usedPercent: 12.5, windowMinutes: 300, reset: false });
    expect(second.rateLimits.find((a) => a.home === homes[0])).toEqual(first.rateLimits[0]);
    expect(second.rateLimits).toEqual((await blocksJson([root])).rateLimits);
  });

  it('show in the status line as {limits}, from what the index stored', async () => {
    const home = path.join(tempDir('codex-status'), '.codex');
    const cache = tempDir('rate-limits-status');
    dirs.push(path.dirname(home), cache);
    const day = path.join(home, 'sessions', '2025', '11', '17');
    mkdirSync(day, { recursive: true });
    const file = path.join(day, path.basename(acidicRollout));
    copyFileSync(acidicRollout, file);
    await blocksJson([home], cache);
    const last = lastInFile(file) as Expected;
    const at = new Date(Date.parse(last.observedAt) + 21 * 60_000 + 5_000).toISOString();
    const io = memoryIo({ AGENTLOG_NOW: at, AGENTLOG_CACHE_DIR: cache, NO_COLOR: '1' }, repoRoot);
    io.stdin = () => Readable.from([Buffer.from('{}')]);
    expect(await runCli(['statusline', '--format', '{limits}'], io)).toBe(0);
    // The windows as the scan read them: 300 minutes is 5h, 10080 is 7d; resets within a day show the time.
    const text = (['primary', 'secondary'] as const).map((which) => {
      const w = last.windows[which] as { usedPercent: number; windowMinutes: number; resetsAt: string };
      const label = w.windowMinutes % 1440 === 0 ? `${w.windowMinutes / 1440}d` : `${w.windowMinutes / 60}h`;
      const within = Date.parse(w.resetsAt) - Date.parse(at) < 86_400_000;
      return `${label} ${w.usedPercent}% resets ${within ? w.resetsAt.slice(11, 16) : w.resetsAt.slice(5, 10)}`;
    });
    expect(io.out()).toBe(`${text.join(', ')} (21m ago)\n`);
    // The README quotes this line.
    expect(readFileSync(path.join(repoRoot, 'README.md'), 'utf8')).toContain(`\`${io.out().trim()}\``);
  });
});
