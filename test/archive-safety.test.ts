// The archive under stress, with real processes: killed at random points, a disk that fills up, two runs at
// once. Each time the archive stays valid (`archive verify` accepts it) and a later run completes it.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusDir } from './corpus.js';
import { builtCli, runBuiltCli } from './helpers/run-built-cli.js';
import { tempDir } from './index-helpers.js';

const roots: string[] = [];
/** The built catalogue opener (`npm run build`), as the bin's processes run it. */
const openArchiveModule = path.resolve(import.meta.dirname, '..', 'dist', 'archive', 'open-archive.js');
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** A copy of the corpus plus one larger session file (about 12 MB), so that a run takes a while. */
function setUp(name: string) {
  const root = tempDir(name);
  roots.push(root);
  const logs = path.join(root, 'logs');
  cpSync(corpusDir, logs, { recursive: true });
  rmSync(path.join(logs, 'PROVENANCE.tsv'));
  const big = path.join(logs, 'big', '11111111-2222-4333-8444-555555555555.jsonl');
  const sample = readFileSync(
    path.join(corpusDir, 'simonw__claude-code-transcripts/tests/sample_session.jsonl'),
    'utf8',
  );
  cpSync(path.join(corpusDir, 'simonw__claude-code-transcripts/tests/sample_session.jsonl'), big);
  for (let i = 0; i < 12 * 1024 * 1024; i += sample.length)
    appendFileSync(big, sample.replaceAll('"uuid":"', `"uuid":"${i}-`));
  return { root, logs, big, archive: path.join(root, 'archive') };
}

const env = (root: string) => ({ HOME: path.join(root, 'home'), XDG_CACHE_HOME: path.join(root, 'cache') });

/** Every version in the catalogue as (path, size, sha256), oldest first. */
function catalogue(archive: string): { path: string; size: number; sha256: string }[] {
  const db = new Database(path.join(archive, 'archive.sqlite'), { readonly: true });
  try {
    return db
      .prepare(
        'SELECT f.path, v.size, v.sha256 FROM versions v JOIN files f ON f.id = v.file_id ORDER BY v.id',
      )
      .all() as { path: string; size: number; sha256: string }[];
  } finally {
    db.close();
  }
}

function sha256(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

/** The newest version of each file holds the file's current bytes. */
function expectCurrent(archive: string, logs: string): void {
  const latest = new Map(catalogue(archive).map((v) => [v.path, v]));
  const files = readdirSync(logs, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.jsonl'))
    .map((e) => path.join(e.parentPath, e.name));
  for (const file of files) expect(latest.get(file)?.sha256, file).toBe(sha256(file));
}

/**
 * Every pack ends with the last object the catalogue names (nothing a killed or failed run wrote is left
 * behind), and no temporary file is left.
 */
function expectTidy(archive: string): void {
  const db = new Database(path.join(archive, 'archive.sqlite'), { readonly: true });
  try {
    const folder = path.join(archive, 'packs');
    for (const pack of existsSync(folder) ? readdirSync(folder) : []) {
      const end = db
        .prepare('SELECT coalesce(max("offset" + stored), 0) FROM objects WHERE pack = ?')
        .pluck()
        .get(pack);
      expect(statSync(path.join(folder, pack)).size, pack).toBe(end);
    }
  } finally {
    db.close();
  }
  expect(existsSync(path.join(archive, 'objects', 'tmp'))).toBe(false);
}

async function verify(root: string, archive: string) {
  const result = await runBuiltCli(
    ['archive', 'verify', '--archive-dir', archive, '--json'],
    root,
    env(root),
  );
  expect(result.code, result.err).toBe(0);
  return JSON.parse(result.out) as { versions: number; problems: unknown[] };
}

/** Each pack file of the archive with its size. */
function packSizes(archive: string): [string, number][] {
  const folder = path.join(archive, 'packs');
  return readdirSync(folder)
    .sort()
    .map((name) => [name, statSync(path.join(folder, name)).size]);
}

/** Settles with the signal that ended `child` (null when it exited by itself). */
function ended(child: ChildProcess): Promise<NodeJS.Signals | null> {
  return new Promise((resolve) => child.on('close', (_code, signal) => resolve(signal)));
}

describe('archive safety', () => {
  it('a run killed at random points leaves an archive that verifies, and the next run completes it', async () => {
    const { root, logs, big, archive } = setUp('archive-kill');
    const delays: number[] = [];
    let killed = 0;
    for (let round = 0; round < 8; round += 1) {
      // Something to do each round: the large file grows, a small one is rewritten.
      appendFileSync(
        big,
        `${JSON.stringify({ type: 'user', uuid: `round-${round}`, message: { content: 'x'.repeat(200_000) } })}\n`,
      );
      // Node starts in about 150 ms; a whole run takes 0.3 to 0.8 s.
      const delay = 100 + Math.floor(Math.random() * 600);
      delays.push(delay);
      const child = spawn(process.execPath, [builtCli, 'archive', logs, '--archive-dir', archive], {
        cwd: root,
        env: { ...process.env, ...env(root) },
        stdio: 'ignore',
      });
      const done = ended(child);
      await new Promise((resolve) => setTimeout(resolve, delay));
      child.kill('SIGKILL');
      if ((await done) === 'SIGKILL') killed += 1;
      // Killed before it made the archive: nothing to verify yet.
      if (existsSync(path.join(archive, 'archive.sqlite')))
        expect((await verify(root, archive)).problems, `killed after ${delays.join(', ')} ms`).toEqual([]);
    }
    expect(killed, `killed after ${delays.join(', ')} ms`).toBeGreaterThan(0);
    const last = await runBuiltCli(['archive', logs, '--archive-dir', archive], root, env(root));
    expect(last.code, last.err).toBe(0);
    expect((await verify(root, archive)).problems).toEqual([]);
    expectCurrent(archive, logs);
    // What killed runs wrote and never committed is cut away by the next run.
    expectTidy(archive);
  }, 180_000);

  it('a full disk fails the run with one sentence and leaves the archive as it was', async () => {
    const { root, logs, big, archive } = setUp('archive-full');
    const first = await runBuiltCli(['archive', logs, '--archive-dir', archive], root, env(root));
    expect(first.code, first.err).toBe(0);
    const before = catalogue(archive);
    const packsBefore = packSizes(archive);
    appendFileSync(
      big,
      `${JSON.stringify({ type: 'user', uuid: 'more', message: { content: 'y'.repeat(300_000) } })}\n`,
    );
    writeFileSync(path.join(logs, 'big', 'new.jsonl'), readFileSync(big).subarray(0, 2_000_000));
    // Not one byte can be written: nothing changes.
    const full = await runBuiltCli(['archive', logs, '--archive-dir', archive], root, {
      ...env(root),
      AGENTLOG_TEST_ARCHIVE_FAIL_AFTER_BYTES: '0',
    });
    expect(full.code).toBe(1);
    expect(full.err).toMatch(
      /The archive folder ".*" is full: \d+ files? could not be archived; the archive holds every file archived before, whole/,
    );
    expect(full.err).not.toMatch(/\n\s+at /);
    expect(catalogue(archive)).toEqual(before);
    expect(packSizes(archive)).toEqual(packsBefore);
    // The disk fills in the middle of an object: the files stored before it are whole, the others unchanged.
    const half = await runBuiltCli(['archive', logs, '--archive-dir', archive], root, {
      ...env(root),
      AGENTLOG_TEST_ARCHIVE_FAIL_AFTER_BYTES: '20000',
    });
    expect(half.code).toBe(1);
    const after = catalogue(archive);
    expect(after.slice(0, before.length)).toEqual(before);
    expect((await verify(root, archive)).problems).toEqual([]);
    expectTidy(archive);
    const again = await runBuiltCli(['archive', logs, '--archive-dir', archive], root, env(root));
    expect(again.code, again.err).toBe(0);
    expectCurrent(archive, logs);
  }, 120_000);

  it('two runs at once store every file once and verify', async () => {
    const { root, logs, archive } = setUp('archive-concurrent');
    const [a, b] = await Promise.all([
      runBuiltCli(['archive', logs, '--archive-dir', archive], root, env(root)),
      runBuiltCli(['archive', logs, '--archive-dir', archive], root, env(root)),
    ]);
    expect(a.code, a.err).toBe(0);
    expect(b.code, b.err).toBe(0);
    const versions = catalogue(archive);
    expect(new Set(versions.map((v) => v.path)).size).toBe(versions.length);
    expect((await verify(root, archive)).versions).toBe(versions.length);
    expectCurrent(archive, logs);
  }, 120_000);

  it('several processes opening one new archive at the same moment all open it', async () => {
    // Each opens (and sets up) the catalogue at an agreed instant. One that read the mark and the tables in
    // two snapshots saw another's tables without its mark, and called the archive foreign (about one open in
    // ten failed that way on a 2-core machine before the two reads shared one snapshot).
    const script = `const { openArchive } = await import(${JSON.stringify(openArchiveModule)});
      const at = Number(process.argv[2]);
      while (Date.now() < at) {}
      try { openArchive(process.argv[1], { create: true }).db.close(); console.log('opened'); }
      catch (error) { console.log(error.message); }`;
    const outcomes: string[] = [];
    for (let round = 0; round < 8; round++) {
      const root = tempDir('archive-open-race');
      roots.push(root);
      const at = String(Date.now() + 500);
      outcomes.push(
        ...(await Promise.all(
          Array.from(
            { length: 6 },
            () =>
              new Promise<string>((resolve, reject) => {
                const child = spawn(
                  process.execPath,
                  ['--input-type=module', '-e', script, path.join(root, 'archive'), at],
                  { stdio: ['ignore', 'pipe', 'pipe'] },
                );
                let out = '';
                child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
                  out += chunk;
                });
                child.on('error', reject);
                child.on('close', () => resolve(out.trim()));
              }),
          ),
        )),
      );
    }
    expect(outcomes.filter((o) => o !== 'opened')).toEqual([]);
    expect(outcomes).toHaveLength(48);
  }, 120_000);

  it.skipIf(!canMountTmpfs())(
    'a real full disk (a 1 MiB tmpfs) fails the run in one sentence and leaves an archive that verifies',
    async () => {
      const root = tempDir('archive-tmpfs');
      roots.push(root);
      const logs = path.join(root, 'logs');
      cpSync(corpusDir, logs, { recursive: true });
      const disk = path.join(root, 'disk');
      mkdirSync(disk);
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', disk]);
      try {
        const archive = path.join(disk, 'archive');
        const full = await runBuiltCli(['archive', logs, '--archive-dir', archive], root, env(root));
        expect(full.code).toBe(1);
        expect(full.err).toMatch(/could not be archived/);
        expect(full.err).not.toMatch(/\n\s+at /);
        const verified = await verify(root, archive);
        expect(verified.versions).toBeGreaterThan(0);
        expect(verified.problems).toEqual([]);
        expectTidy(archive);
      } finally {
        execFileSync('umount', [disk]);
      }
    },
    120_000,
  );
});

/** Whether this process may mount a tmpfs (root on Linux, with the capability): else the test is skipped. */
function canMountTmpfs(): boolean {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false;
  const probe = tempDir('archive-mount-probe');
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}
