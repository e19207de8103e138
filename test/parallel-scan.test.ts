import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusDir, hasCorpus } from './corpus.js';
import { type BuiltPackage, buildPackage, run } from './docs/build-package.js';
import { tempDir } from './index-helpers.js';

/**
 * Worker threads need compiled JavaScript: these tests build the package and run its CLI as a process,
 * with `--jobs 2` (threads used whatever the size) against `--jobs 1` (the main thread only).
 */
describe.skipIf(!hasCorpus)('parallel scans (--jobs) on the corpus', () => {
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

  it('refuses a bad --jobs value in one sentence', () => {
    const result = cli(['report', '--jobs', 'many', corpusDir]);
    expect(result.status).toBe(2);
    expect(result.stderr.trim()).toBe('error: Option --jobs needs a whole number from 1 to 64, got "many".');
  });
});
