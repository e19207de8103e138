#!/usr/bin/env node
// Times `agentlog statusline` as Claude Code runs it: one process per call, the status line JSON on stdin,
// over an index that already holds the corpus (`agentlog cache update CORPUS --cache-dir DIR` first), while
// the active session grows: before each timed call about --append-kib KiB of new turns are appended to it
// (append-records.mjs: copies of its own lines with fresh ids and later times). Then the same number of
// calls with nothing appended. Prints the median, p90 and max wall time and the peak RSS (GNU time) of each
// series. The appended lines are removed at the end (the index then reads that file again on its next use).
//
// Usage: node scripts/bench/statusline-bench.mjs --cache-dir DIR [--session FILE] [--calls 20]
//        [--min-kib 256]
//        [--append-kib 8]
// The session: by default the Claude Code session of the index with the newest last record (-bench-huge aside),
// and the clock (AGENTLOG_NOW) a minute after the file's last time.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { appendRecords, restoreAppends } from './append-records.mjs';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, arg, i, all) => {
    if (arg.startsWith('--')) pairs.push([arg.slice(2), all[i + 1]]);
    return pairs;
  }, []),
);
const cacheDir = resolve(args['cache-dir'] ?? fail('--cache-dir DIR is required'));
const calls = Number(args.calls ?? 20);
const minBytes = Number(args['min-kib'] ?? 256) * 1024;
const appendBytes = Number(args['append-kib'] ?? 8) * 1024;
const cli = fileURLToPath(new URL('../../dist/cli/agentlog.cjs', import.meta.url));

const session = resolve(args.session ?? newestSession(cacheDir));
const sessionId = basename(session, '.jsonl');
const input = JSON.stringify({
  hook_event_name: 'Status',
  session_id: sessionId,
  transcript_path: session,
  cwd: '/home/u/proj',
  model: { id: 'claude-opus-4-1', display_name: 'Opus' },
  workspace: { current_dir: '/home/u/proj', project_dir: '/home/u/proj' },
  version: '1.0.80',
  cost: { total_cost_usd: 1.5, total_duration_ms: 45000 },
  exceeds_200k_tokens: false,
});
const journal = join(cacheDir, 'statusline-bench-journal.json');
restoreAppends(journal);

console.error(`session ${session} (${(statSync(session).size / 1048576).toFixed(1)} MiB)`);
let line = call().line;
console.error(`first call: ${line}`);
const grown = [];
let appended = 0;
for (let i = 0; i < calls; i++) {
  // The journal of the first append holds the original size: later ones go without one.
  appended += appendRecords([{ path: session, bytes: appendBytes }], i === 0 ? journal : `${journal}.tmp`);
  grown.push(call());
}
line = grown.at(-1)?.line ?? line;
const still = Array.from({ length: calls }, () => call());
const baseline = Array.from({ length: calls }, () => call(['--version']));
restoreAppends(journal);
rmSync(`${journal}.tmp`, { force: true });

console.log(
  `statusline, ${calls} calls after appends of ~${appendBytes / 1024} KiB (${appended} bytes in all):`,
);
console.log(`  ${summary(grown)}`);
console.log(`statusline, ${calls} calls with nothing appended:`);
console.log(`  ${summary(still)}`);
console.log(`for scale, ${calls} runs of agentlog --version (Node starting, nothing of the library loaded):`);
console.log(`  ${summary(baseline)}`);
console.log(`last line: ${line}`);

function call(args = ['statusline', '--no-color']) {
  const now = lastTime(session);
  const start = performance.now();
  const run = spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, cli, ...args], {
    input,
    env: { ...process.env, AGENTLOG_CACHE_DIR: cacheDir, AGENTLOG_NOW: now },
    encoding: 'utf8',
  });
  const ms = performance.now() - start;
  if (run.status !== 0) fail(`statusline exited ${run.status}: ${run.stderr}`);
  const rssKiB = Number(run.stderr.trim().split('\n').at(-1));
  return { ms, rssKiB, line: run.stdout.trim() };
}

function summary(runs) {
  const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
  const at = (q) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))];
  const rss = Math.max(...runs.map((r) => r.rssKiB)) / 1024;
  return `median ${at(0.5).toFixed(0)} ms, p90 ${at(0.9).toFixed(0)} ms, max ${ms.at(-1).toFixed(0)} ms; peak RSS ${rss.toFixed(0)} MiB`;
}

/** The last timestamp of the file plus a minute: the clock of a session that is being written. */
function lastTime(file) {
  const text = readFileSync(file, 'utf8');
  const times = text.slice(-65536).match(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g) ?? [];
  const last = times.map((t) => Date.parse(t)).reduce((a, b) => Math.max(a, b), 0);
  return new Date(last + 60_000).toISOString();
}

/**
 * The Claude Code session of at least --min-kib KiB (default 256) whose last record is the newest (the one a
 * user is in), -bench-huge aside.
 */
function newestSession(dir) {
  const db = new Database(join(dir, 'index.sqlite'), { readonly: true });
  try {
    const file = db
      .prepare(
        `SELECT t.first_file FROM trees t JOIN files f ON f.path = t.first_file
          WHERE t.agent = 'claude-code' AND t.first_file NOT LIKE '%/-bench-huge/%' AND f.role = 'session'
          AND f.size >= ? ORDER BY t.end_time DESC LIMIT 1`,
      )
      .pluck()
      .get(minBytes);
    return file ?? fail(`no Claude Code session in the index of ${dir}`);
  } finally {
    db.close();
  }
}

function fail(message) {
  console.error(`statusline-bench: ${message}`);
  process.exit(1);
}
