import { appendFileSync, copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexFileName } from '../src/cache/cache-location.js';
import { corpusPath } from './corpus.js';
import { runBuiltCli } from './helpers/run-built-cli.js';
import { tempDir } from './index-helpers.js';

/**
 * A session file too large for the heap the process has: before, its build outgrew V8's heap limit and the
 * process aborted (every other file of the run lost with it). Now it is skipped, with what to do, every run
 * until the heap allows it. Real processes with a real heap limit (NODE_OPTIONS=--max-old-space-size).
 */
describe('a session file too large for the heap', () => {
  const small = corpusPath(
    'iansherr__claude-code-log/test/test_data/real_projects/-Users-dain-workspace-claude-code-log-sample/0d3a8e6f-290f-4105-a327-a2496e5e2a83.jsonl',
  );
  const dirs: string[] = [];
  let root: string;
  let big: string;
  beforeAll(() => {
    root = tempDir('heap');
    dirs.push(root);
    const project = path.join(root, 'projects', '-p');
    mkdirSync(project, { recursive: true });
    copyFileSync(small, path.join(project, path.basename(small)));
    // About 72 MiB: a real session's lines again and again (the copies are duplicates of its records).
    big = path.join(project, '11111111-2222-4333-8444-555555555555.jsonl');
    const text = readFileSync(
      corpusPath(
        'iansherr__claude-code-log/test/test_data/real_projects/-Users-dain-workspace-danieldemmel-me-next/9e953218-585f-4692-89df-9e0747a31c68.jsonl',
      ),
    );
    writeFileSync(big, '');
    const copies = Math.ceil((72 * 1024 * 1024) / text.length);
    for (let i = 0; i < copies; i++) appendFileSync(big, text);
  });
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  /** A fresh folder, removed after the tests. */
  const fresh = (prefix: string) => {
    const dir = tempDir(prefix);
    dirs.push(dir);
    return dir;
  };
  /** A fresh log folder with one project holding copies of `files` (name, source). */
  const logFolder = (prefix: string, files: [name: string, source: string][]) => {
    const dir = fresh(prefix);
    const project = path.join(dir, 'projects', '-p');
    mkdirSync(project, { recursive: true });
    for (const [name, source] of files) copyFileSync(source, path.join(project, name));
    return { dir, project };
  };

  const ls = (cacheDir: string, heapMb: number, ...options: string[]) =>
    runBuiltCli(['ls', '--json', '--jobs', '1', ...options, root], root, {
      AGENTLOG_CACHE_DIR: cacheDir,
      NODE_OPTIONS: `--max-old-space-size=${heapMb}`,
    });
  const ids = (out: string) => (JSON.parse(out) as { id: string }[]).map((s) => s.id).sort();
  const warning =
    /too large to read in this process's memory: .*; run with NODE_OPTIONS=--max-old-space-size=(\d+) to read it\. Skipped\./;

  it('is skipped with what to do, every run, and indexed once the heap allows', async () => {
    const cacheDir = fresh('heap-cache');
    for (let run = 0; run < 2; run++) {
      const limited = await ls(cacheDir, 64);
      expect(limited.code, limited.err).toBe(0);
      expect(limited.err).toContain(`"${big}"`);
      expect(limited.err).toMatch(warning);
      expect(ids(limited.out)).toEqual(['0d3a8e6f-290f-4105-a327-a2496e5e2a83']);
    }
    const suggested = Number(warning.exec((await ls(cacheDir, 64)).err)?.[1]);
    expect(suggested).toBeGreaterThan(64);
    const roomy = await ls(cacheDir, suggested);
    expect(roomy.code, roomy.err).toBe(0);
    expect(roomy.err).toBe('');
    expect(ids(roomy.out)).toEqual(['0d3a8e6f-290f-4105-a327-a2496e5e2a83', path.basename(big, '.jsonl')]);
  }, 120_000);

  it('names a file whose name holds control characters on one line, escaped', async () => {
    const { dir: odd } = logFolder('heap-odd', [['line\nbreak\u001b[31mred.jsonl', big]]);
    const run = await runBuiltCli(['ls', '--json', '--jobs', '1', odd], odd, {
      AGENTLOG_CACHE_DIR: fresh('heap-odd-cache'),
      NODE_OPTIONS: '--max-old-space-size=64',
    });
    expect(run.code, run.err).toBe(0);
    const lines = run.err.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(warning);
    expect(run.err).not.toContain('\u001b');
  }, 120_000);

  it('is skipped with what to do without the index too (records read whole)', async () => {
    const none = fresh('heap-none');
    const limited = await ls(none, 64, '--no-cache');
    expect(limited.code, limited.err).toBe(0);
    expect(limited.err).toContain(`"${big}"`);
    expect(limited.err).toMatch(warning);
    expect(ids(limited.out)).toEqual(['0d3a8e6f-290f-4105-a327-a2496e5e2a83']);
    const roomy = await ls(none, 1024, '--no-cache');
    expect(roomy.err).toBe('');
    expect(ids(roomy.out)).toHaveLength(2);
  }, 120_000);

  it('is an error with what to do for `show`, by path or by id', async () => {
    const env = { NODE_OPTIONS: '--max-old-space-size=64' };
    const byPath = await runBuiltCli(['show', big], root, env);
    expect(byPath.code).toBe(1);
    expect(byPath.err).toMatch(
      /^error: ".*" \(\d+ MiB\) is too large to read in this process's memory: .* to read it\.\n$/,
    );
    const byId = await runBuiltCli(['show', path.basename(big, '.jsonl'), '--in', root], root, env);
    expect(byId.code).toBe(1);
    expect(byId.err).toContain(`warning: "${big}" (`);
    expect(byId.err).toMatch(warning);
    expect(byId.err).toMatch(/error: No session ".*" in /);
  }, 120_000);

  it('is said in the status line, where Claude Code shows it', async () => {
    const input = path.join(fresh('heap-statusline'), 'input.json');
    writeFileSync(
      input,
      JSON.stringify({
        session_id: path.basename(big, '.jsonl'),
        transcript_path: big,
        model: { id: 'claude-opus-4-1', display_name: 'Opus' },
        workspace: { current_dir: root },
      }),
    );
    const line = await runBuiltCli(['statusline', '--input', input], root, {
      AGENTLOG_CACHE_DIR: fresh('heap-statusline-cache'),
      NODE_OPTIONS: '--max-old-space-size=64',
    });
    expect(line.code, line.err).toBe(0);
    expect(line.out).toMatch(
      /^Opus \| .*agentlog: session log too large to read \(NODE_OPTIONS=--max-old-space-size=\d+\)\n$/,
    );
  }, 120_000);

  it('is skipped with what to do by `usage` with no index yet (records cut to usage)', async () => {
    const cacheDir = fresh('heap-usage');
    const usage = (heapMb: number) =>
      runBuiltCli(['usage', '--json', '--by', 'session', root], root, {
        AGENTLOG_CACHE_DIR: cacheDir,
        NODE_OPTIONS: `--max-old-space-size=${heapMb}`,
      });
    const sessionsOf = (out: string) =>
      (JSON.parse(out) as { rows: { key: string }[] }).rows.map((r) => r.key).sort();
    // Records cut to usage weigh less: a 32 MiB heap (80 MiB with the young generation) is too small.
    const limited = await usage(32);
    expect(limited.code, limited.err).toBe(0);
    expect(limited.err).toContain(`"${big}"`);
    expect(limited.err).toMatch(warning);
    const roomy = await usage(1024);
    expect(roomy.err).toBe('');
    expect(sessionsOf(roomy.out).length).toBe(sessionsOf(limited.out).length + 1);
  }, 120_000);

  it('are read one after another when each fits alone but not two at once (read ahead)', async () => {
    // Three sessions of their own (three units): the big one's records, every id in them (session, records,
    // parents) made its own by its first eight characters.
    const { dir: three, project } = logFolder('heap-three', []);
    const text = readFileSync(big, 'utf8');
    const uuid = /[0-9a-f]{8}(-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/g;
    const original = /"sessionId":"([^"]+)"/.exec(text)?.[1] as string;
    const ids3 = ['a', 'b', 'c'].map((c) => original.replace(uuid, `${c.repeat(8)}$1`));
    for (const [i, id] of ids3.entries())
      writeFileSync(path.join(project, `${id}.jsonl`), text.replace(uuid, `${'abc'[i]?.repeat(8)}$1`));
    // 72 MiB each: about 110 MiB of heap to build one, 220 MiB for two held at once; a 200 MiB old
    // generation holds one.
    const run = await runBuiltCli(['ls', '--json', '--jobs', '1', three], three, {
      AGENTLOG_CACHE_DIR: fresh('heap-three-cache'),
      NODE_OPTIONS: '--max-old-space-size=200',
    });
    expect(run.code, run.err).toBe(0);
    expect(run.err).toBe('');
    expect(ids(run.out)).toEqual(ids3);
  }, 120_000);

  it('skips what of one unit does not fit beside the rest of it, instead of aborting', async () => {
    // One unit: a session with three 72 MiB subagent files, held together until the unit is built.
    const { dir, project } = logFolder('heap-unit', [[path.basename(small), small]]);
    const subagents = path.join(project, path.basename(small, '.jsonl'), 'subagents');
    mkdirSync(subagents, { recursive: true });
    for (const c of ['a', 'b', 'c']) copyFileSync(big, path.join(subagents, `agent-${c.repeat(8)}.jsonl`));
    const run = await runBuiltCli(['ls', '--json', '--jobs', '1', dir], dir, {
      AGENTLOG_CACHE_DIR: fresh('heap-unit-cache'),
      NODE_OPTIONS: '--max-old-space-size=160',
    });
    expect(run.code, run.err).toBe(0);
    expect(run.err).toMatch(warning);
    expect(ids(run.out)).toContain(path.basename(small, '.jsonl'));
  }, 120_000);

  it('is skipped and forgotten when it grew and its unit must be built again with too little heap', async () => {
    const cacheDir = fresh('heap-grown');
    const indexed = await ls(cacheDir, 1024);
    expect(indexed.err).toBe('');
    expect(ids(indexed.out)).toHaveLength(2);
    // A record that reuses a stored uuid: the append gives up and the unit is built again from the file.
    const first = readFileSync(big, 'utf8').split('\n', 1)[0] as string;
    appendFileSync(big, `${first}\n`);
    for (let run = 0; run < 2; run++) {
      const limited = await ls(cacheDir, 64);
      expect(limited.code, limited.err).toBe(0);
      expect(limited.err).toMatch(warning);
      expect(ids(limited.out)).toEqual(['0d3a8e6f-290f-4105-a327-a2496e5e2a83']);
      expect(unitsWithoutFiles(cacheDir)).toBe(0);
    }
  }, 120_000);

  it.each([
    ['rewritten', (file: string) => writeFileSync(file, readFileSync(big))],
    ['grown', (file: string) => appendFileSync(file, readFileSync(big))],
  ])(
    'is skipped, every run, when a small indexed file was %s to too large a size',
    async (_how, change) => {
      const { dir: grows, project } = logFolder('heap-change', [[path.basename(small), small]]);
      const file = path.join(project, path.basename(small));
      const cacheDir = fresh('heap-change-cache');
      const env = { AGENTLOG_CACHE_DIR: cacheDir, NODE_OPTIONS: '--max-old-space-size=64' };
      const lsHere = () => runBuiltCli(['ls', '--json', '--jobs', '1', grows], grows, env);
      expect((await lsHere()).err).toBe('');
      change(file);
      for (let run = 0; run < 2; run++) {
        const limited = await lsHere();
        expect(limited.code, limited.err).toBe(0);
        expect(limited.err).toContain(`"${file}" (`);
        expect(limited.err).toMatch(warning);
        expect(unitsWithoutFiles(cacheDir)).toBe(0);
      }
    },
    120_000,
  );
});

/** Units of the index that no file row names (left behind by a unit not built). */
function unitsWithoutFiles(cacheDir: string): number {
  const db = new Database(path.join(cacheDir, indexFileName), { readonly: true });
  try {
    return db
      .prepare(
        'SELECT count(*) FROM _units u WHERE NOT EXISTS (SELECT 1 FROM files f WHERE f.unit_id = u.id)',
      )
      .pluck()
      .get() as number;
  } finally {
    db.close();
  }
}
