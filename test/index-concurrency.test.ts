// Several real agentlog processes share one index at once (CLI runs beside `cache update`, a log growing
// while they read): every one succeeds and prints what a lone run prints. Runs the built CLI
// (`npm run build` first). Races depend on timing, so each case runs a few rounds on a fresh cache.
import { spawn } from 'node:child_process';
import { appendFileSync, cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusDir } from './corpus.js';
import { builtCli, runBuiltCli } from './helpers/run-built-cli.js';
import { tempDir } from './index-helpers.js';

const start = runBuiltCli;

/** Starts `agentlog serve`; settles with its address once it listens, rejects if it exits first. */
function startServe(args: readonly string[], cwd: string): Promise<{ url: string; stop: () => void }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [builtCli, ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      err += chunk;
    });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const url = /https?:\/\/\S+\//.exec(out)?.[0];
      if (url) resolve({ url, stop: () => child.kill('SIGTERM') });
    });
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${err}`)));
  });
}

describe('processes sharing one index', () => {
  let work: string;
  const logs = () => path.join(work, 'logs');
  // What each command prints; `cache update` prints what it read, which depends on who went first.
  const commands: Record<string, string[]> = {
    report: ['report', 'logs'],
    ls: ['ls', '--json', 'logs'],
    search: ['search', '--json', '--limit', '50', 'error', 'logs'],
    tools: ['tools', '--json', 'logs'],
  };
  const alone = new Map<string, string>();

  beforeAll(async () => {
    work = tempDir('concurrency');
    cpSync(corpusDir, logs(), { recursive: true });
    for (const [name, args] of Object.entries(commands)) {
      const run = await start([...args, '--cache-dir', `lone-${name}`], work);
      expect(run.err).toBe('');
      expect(run.code).toBe(0);
      alone.set(name, run.out);
    }
  }, 120_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('cache update, search, report, ls and tools at once on a cold cache all succeed with exact results', async () => {
    for (let round = 0; round < 3; round += 1) {
      const cache = `cold-${round}`;
      // In the odd rounds the data commands read and build on two worker threads (cache's
      // read-whole-unit.ts), which a corpus this small does not start by default.
      const jobs = round % 2 === 1 ? ['--jobs', '2'] : [];
      const runs = await Promise.all([
        start(['cache', 'update', 'logs', '--cache-dir', cache], work),
        start(['cache', 'update', 'logs', '--cache-dir', cache], work),
        ...Object.values(commands).map((args) => start([...args, ...jobs, '--cache-dir', cache], work)),
      ]);
      for (const run of runs) {
        expect(run.err).toBe('');
        expect(run.code).toBe(0);
      }
      Object.keys(commands).forEach((name, i) => {
        expect(runs[i + 2]?.out, name).toBe(alone.get(name));
      });
    }
  }, 300_000);

  it('processes opening an index of another schema version at once all succeed, with exact results', async () => {
    for (let round = 0; round < 2; round += 1) {
      const cache = `migrate-${round}`;
      expect((await start(['ls', 'logs', '--cache-dir', cache], work)).code).toBe(0);
      const db = new Database(path.join(work, cache, 'index.sqlite'));
      db.pragma('user_version = 1');
      db.close();
      const names = ['report', 'ls', 'report', 'ls'];
      const runs = await Promise.all(
        names.map((name) => start([...(commands[name] as string[]), '--cache-dir', cache], work)),
      );
      runs.forEach((run, i) => {
        expect(run.err).toBe('');
        expect(run.code).toBe(0);
        expect(run.out).toBe(alone.get(names[i] as string));
      });
    }
  }, 300_000);

  it('serve starting beside cache update and search starts, and serves', async () => {
    for (let round = 0; round < 2; round += 1) {
      const cache = `serve-${round}`;
      const serving = startServe(['serve', 'logs', '--port', '0', '--cache-dir', cache], work);
      const others = await Promise.all([
        start(['cache', 'update', 'logs', '--cache-dir', cache], work),
        start(['search', '--json', '--limit', '50', 'error', 'logs', '--cache-dir', cache], work),
      ]);
      const { url, stop } = await serving;
      try {
        for (const run of others) {
          expect(run.err).toBe('');
          expect(run.code).toBe(0);
        }
        expect(others[1]?.out).toBe(alone.get('search'));
        expect((await fetch(url)).status).toBe(200);
      } finally {
        stop();
      }
    }
  }, 300_000);

  it('readers beside a process appending to a log succeed, and the index ends exact', async () => {
    // A Claude Code log that grows while others read: its lines are appended a few at a time.
    const source = path.join(corpusDir, 'marot__spotter/test/fixtures/transcripts/short.jsonl');
    const lines = readFileSync(source, 'utf8')
      .split('\n')
      .filter((l) => l !== '');
    const growing = path.join(logs(), 'growing', 'aaaaaaaa-0000-4000-8000-000000000001.jsonl');
    cpSync(source, growing);
    const cache = 'appending';
    let writing = true;
    const appender = (async () => {
      for (let i = 0; writing; i += 1) {
        appendFileSync(growing, `${lines[i % lines.length]}\n`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    try {
      for (let round = 0; round < 3; round += 1) {
        const runs = await Promise.all([
          start(['cache', 'update', 'logs', '--cache-dir', cache], work),
          start(['ls', 'logs', '--cache-dir', cache], work),
          start(['report', 'logs', '--cache-dir', cache], work),
          start(['search', 'error', 'logs', '--cache-dir', cache], work),
        ]);
        for (const run of runs) {
          expect(run.err).toBe('');
          expect(run.code).toBe(0);
        }
      }
    } finally {
      writing = false;
      await appender;
    }
    // Once the log stops growing, the shared index gives what reading every file gives.
    const cached = await start(['ls', '--json', 'logs', '--cache-dir', cache], work);
    const fresh = await start(['ls', '--json', 'logs', '--no-cache'], work);
    expect(cached.code).toBe(0);
    expect(cached.out).toBe(fresh.out);
    rmSync(path.dirname(growing), { recursive: true });
  }, 300_000);
});
