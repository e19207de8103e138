import {
  appendFileSync,
  cpSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { deserialize } from 'node:v8';
import { inflateRawSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexFileName } from '../src/cache/cache-location.js';
import { indexTables } from '../src/cache/index-tables.js';
import { corpusDir, corpusMoreDir } from './corpus.js';
import { type BuiltPackage, buildPackage, run } from './docs/build-package.js';
import { repoRoot } from './docs/markdown-blocks.js';
import { builtCli } from './helpers/run-built-cli.js';
import { tempDir } from './index-helpers.js';

/**
 * Worker threads need compiled JavaScript: these tests build the package and run its CLI as a process,
 * with `--jobs 2` (threads used whatever the size) against `--jobs 1` (the main thread only).
 */
describe('parallel scans (--jobs) on the corpus', () => {
  let pkg: BuiltPackage;
  const dirs: string[] = [];
  beforeAll(() => {
    pkg = buildPackage();
  }, 180_000);
  afterAll(() => {
    pkg?.cleanup();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const cli = (args: string[], cacheDir?: string) =>
    run(process.execPath, [path.join(pkg.dist, 'cli/main.js'), ...args], pkg.dir, {
      env: { ...process.env, NO_COLOR: '1', AGENTLOG_CACHE_DIR: cacheDir ?? tempDir('parallel-none') },
    });

  it.each([
    ['report', '--json'],
    ['validate', '--json', '--files'],
    ['ls', '--json'],
  ])('%s %s gives the same output with two threads, one thread and no cache', (...args) => {
    const one = cli([...args, '--jobs', '1', '--no-cache', corpusDir]);
    expect(one.status, one.stderr).toBe(0);
    const cache = tempDir('parallel');
    dirs.push(cache);
    const cold = cli([...args, '--jobs', '2', corpusDir], cache);
    const warm = cli([...args, '--jobs', '2', corpusDir], cache);
    const uncached = cli([...args, '--jobs', '2', '--no-cache', corpusDir]);
    expect(cold.status, cold.stderr).toBe(0);
    expect(cold.stdout).toBe(one.stdout);
    expect(warm.stdout).toBe(one.stdout);
    expect(uncached.stdout).toBe(one.stdout);
    expect(cold.stderr).toBe(one.stderr);
  });

  it('stores the same index when the threads read and build the units as when this thread does', () => {
    // Cold, the threads read each unit of new files whole and build it (cache's read-whole-unit.ts); with one
    // thread, the main thread reads and builds. Every row of every table is the same, in the same order.
    const rowsOf = (cacheDir: string) => {
      const db = new Database(path.join(cacheDir, indexFileName), { readonly: true });
      try {
        const tables = db
          .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
          .pluck()
          .all() as string[];
        return Object.fromEntries(
          tables
            .filter((t) => !t.startsWith('search') && t !== '_meta')
            .map((t) => {
              const columns = (db.prepare(`PRAGMA table_info(${t})`).all() as { name: string }[])
                .map((c) => c.name)
                .filter((c) => c !== 'built_at' && c !== 'indexed_at');
              const declared = indexTables.find((d) => d.name === t);
              const order = t === 'files' ? 'path' : (declared?.withoutRowid?.join(', ') ?? 'rowid');
              const rows = db
                .prepare(`SELECT ${columns.join(', ')} FROM ${t} ORDER BY ${order}`)
                .raw()
                .all() as unknown[][];
              // A kept answer is V8's serialization of the report (deflated), whose bytes say how V8 held
              // each number (a small integer, or a double: 15 is either, by the shapes and optimizations
              // the process went through), so the answers are compared as the values they hold.
              if (t === '_answers')
                return [t, rows.map((row) => row.map((v) => (v instanceof Uint8Array ? answerOf(v) : v)))];
              return [t, rows];
            }),
        );
      } finally {
        db.close();
      }
    };
    const one = tempDir('parallel-index-one');
    const two = tempDir('parallel-index-two');
    dirs.push(one, two);
    const inputs = [corpusDir, corpusMoreDir];
    const main = cli(['report', '--json', '--jobs', '1', ...inputs], one);
    const threads = cli(['report', '--json', '--jobs', '2', ...inputs], two);
    expect(threads.status, threads.stderr).toBe(0);
    expect(threads.stdout).toBe(main.stdout);
    const expected = rowsOf(one);
    expect((expected.tool_calls as unknown[]).length).toBeGreaterThan(1000);
    expect(rowsOf(two)).toStrictEqual(expected);
  });

  it('brings an index up to date through the threads after a file grew', () => {
    const logs = tempDir('parallel-logs');
    const cache = tempDir('parallel-cache');
    dirs.push(logs, cache);
    cpSync(corpusDir, logs, { recursive: true });
    const file = readdirSync(logs, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.jsonl'))
      .map((f) => path.join(logs, f))
      .sort((a, b) => statSync(b).size - statSync(a).size)[0] as string;
    const lines = readFileSync(file, 'utf8').split(/(?<=\n)/);
    const half = Math.floor(lines.length / 2);
    writeFileSync(file, lines.slice(0, half).join(''));
    expect(cli(['report', '--json', '--jobs', '2', logs], cache).status).toBe(0);
    appendFileSync(file, lines.slice(half).join(''));
    utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    const grown = cli(['report', '--json', '--jobs', '2', logs], cache);
    const plain = cli(['report', '--json', '--jobs', '1', '--no-cache', logs]);
    expect(grown.status, grown.stderr).toBe(0);
    expect(grown.stdout).toBe(plain.stdout);
  });

  it('gives the same output from the main bundle, its threads running their own bundles', () => {
    // The bin runs report, validate and usage from dist/cli/main-bundle.cjs (npm run build), which starts
    // scan-worker-bundle.cjs and usage-cold-worker-bundle.cjs (cli/worker-script.ts).
    const bundled = (args: string[], cacheDir: string) =>
      run(process.execPath, [builtCli, ...args], repoRoot, {
        env: { ...process.env, NO_COLOR: '1', AGENTLOG_CACHE_DIR: cacheDir },
      });
    for (const args of [
      ['report', '--json'],
      ['validate', '--json', '--files'],
      ['usage', '--json'],
    ]) {
      const one = cli([...args, '--jobs', '1', '--no-cache', corpusDir]);
      const cache = tempDir('parallel-bundled');
      dirs.push(cache);
      const two = bundled([...args, '--jobs', '2', corpusDir], cache);
      expect(two.status, two.stderr).toBe(0);
      expect(two.stdout, args[0]).toBe(one.stdout);
    }
  });

  it('stops idle threads on release and starts new ones for later tasks', async () => {
    // A refresh through the pool releases its threads before the queries (cli/load-report-data.ts); a
    // validation the report still needs (a file without stored facts) then starts a thread again.
    const { createScanPool } = (await import(
      pathToFileURL(path.join(pkg.dist, 'cli/scan-pool.js')).href
    )) as typeof import('../src/cli/scan-pool.js');
    const pool = createScanPool(2) as NonNullable<ReturnType<typeof createScanPool>>;
    expect(pool).toBeDefined();
    try {
      const file = readdirSync(corpusDir, { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.jsonl'))
        .map((f) => path.join(corpusDir, f))[0] as string;
      const first = await pool.validate(file);
      expect(pool.threads()).toBe(1);
      pool.release();
      expect(pool.threads()).toBe(0);
      const again = await pool.validate(file);
      expect(again).toEqual(first);
      expect(pool.threads()).toBe(1);
    } finally {
      await pool.close();
    }
  });

  it('refuses a bad --jobs value in one sentence', () => {
    const result = cli(['report', '--jobs', 'many', corpusDir]);
    expect(result.status).toBe(2);
    expect(result.stderr.trim()).toBe('error: Option --jobs needs a whole number from 1 to 64, got "many".');
  });
});

/** A kept answer's value (`cache/answers.ts`: V8's serialization, raw-deflated). */
function answerOf(stored: Uint8Array): unknown {
  return deserialize(inflateRawSync(stored));
}
