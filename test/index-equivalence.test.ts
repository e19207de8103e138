import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../src/cli/output.js';
import { runCli } from '../src/cli/run-cli.js';
import { corpusDir } from './corpus.js';
import { tempDir } from './index-helpers.js';

const repoRoot = path.resolve(import.meta.dirname, '..');

/** Runs the CLI; `cacheDir` undefined means an environment without a home folder: no cache. */
async function run(args: string[], cacheDir: string | undefined) {
  const io = memoryIo(cacheDir === undefined ? {} : { AGENTLOG_CACHE_DIR: cacheDir }, repoRoot);
  const code = await runCli(args, io);
  return { code, out: io.out(), err: io.err() };
}

const commands: string[][] = [
  ['ls'],
  ['ls', '--json'],
  ['ls', '--json', '--agent', 'codex'],
  ['ls', '--json', '--since', '2025-10-01', '--until', '2026-03-31'],
  ['tools'],
  ['tools', '--json'],
  ...['version', 'project', 'model', 'day', 'week', 'agent'].map((by) => ['tools', '--json', '--by', by]),
  ['tools', '--json', '--by', 'week', '--week-start', 'sunday'],
  ['tools', '--json', '--mcp'],
  ['tools', '--format', 'md', '--project', 'claude'],
  ['usage'],
  ...['day', 'week', 'month', 'session', 'model', 'project', 'agent'].map((by) => [
    'usage',
    '--json',
    '--by',
    by,
  ]),
  ['usage', '--by', 'week', '--week-start', 'sunday'],
  ['errors'],
  ['errors', '--json'],
  ['errors', '--json', '--agent', 'claude-code'],
  ['report'],
  ['report', '--json'],
  ['report', '--json', '--agent', 'codex'],
  ['validate'],
  ['validate', '--json', '--files'],
];

describe('the same output with and without the index cache', () => {
  const caches: string[] = [];
  afterAll(() => {
    for (const dir of caches) rmSync(dir, { recursive: true, force: true });
  });

  it.each(commands.map((args) => [args.join(' '), args]))('%s', async (_name, args) => {
    const plain = await run([...(args as string[]), corpusDir], undefined);
    expect(plain.code).toBe(0);
    expect(plain.out.length).toBeGreaterThan(0);
    const cacheDir = tempDir('equivalence');
    caches.push(cacheDir);
    const cold = await run([...(args as string[]), corpusDir], cacheDir);
    const warm = await run([...(args as string[]), corpusDir], cacheDir);
    expect(cold.code).toBe(0);
    expect(warm.code).toBe(0);
    expect(cold.out).toBe(plain.out);
    expect(warm.out).toBe(plain.out);
    expect(cold.err).toBe(plain.err);
    expect(warm.err).toBe(plain.err);
  });
});
