// `agentlog archive` on the corpus: archive, delete the sources, and every command gives the same output;
// restore gives the same bytes back; the archive's size against the corpus.
import { cpSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../src/cli/output.js';
import { runCli } from '../src/cli/run-cli.js';
import { corpusDir } from './corpus.js';
import { tempDir } from './index-helpers.js';

const root = tempDir('archive-cli');
const logs = path.join(root, 'logs');
const aside = path.join(root, 'logs-aside');
const archiveDir = path.join(root, 'archive');
const withSubagents = path.join(
  logs,
  'jazzyalex__agent-sessions/Resources/Fixtures/stage0/agents/claude/subagent/0a1b2c3d-4e5f-4061-8071-2a3b4c5d6e7f.jsonl',
);
const env = {
  HOME: path.join(root, 'home'),
  XDG_CACHE_HOME: path.join(root, 'cache'),
  AGENTLOG_ARCHIVE_DIR: archiveDir,
  NO_COLOR: '1',
  TZ: 'UTC',
};

async function run(args: string[]) {
  const io = memoryIo(env, root);
  const code = await runCli(args, io);
  return { code, out: io.out(), err: io.err() };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

beforeAll(() => {
  mkdirSync(env.HOME, { recursive: true });
  cpSync(corpusDir, logs, { recursive: true });
  rmSync(path.join(logs, 'PROVENANCE.tsv'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('agentlog archive on the corpus', () => {
  let ids: string[] = [];
  const commands = (): string[][] => {
    const [first, second] = ids as [string, string];
    return [
      ['report', logs],
      ['report', logs, '--json'],
      ['report', logs, '--json', '--no-cache'],
      ['ls', logs],
      ['ls', logs, '--json', '--no-cache'],
      ['tools', logs, '--json'],
      ['usage', logs, '--json'],
      ['errors', logs, '--json'],
      ['validate', logs, '--json'],
      ['search', 'file', logs, '--json'],
      ['export', 'sessions', logs],
      ['export', 'messages', logs],
      ['export', 'tool_calls', logs, '--format', 'csv'],
      ['show', first, '--in', logs, '--json'],
      ['show', second, '--in', logs],
      ['export', 'transcript', first, '--in', logs, '--detail', 'full'],
      ['html', second, '--in', logs, '-o', path.join(root, 'page.html')],
      // A transcript named by its path, with its subagent files.
      ['show', withSubagents, '--json'],
      ['html', withSubagents, '-o', path.join(root, 'page.html')],
    ];
  };
  const outputs = async () => {
    const results: string[] = [];
    for (const args of commands()) {
      const result = await run(args);
      expect(result.code, `${args.join(' ')}: ${result.err}`).toBe(0);
      results.push(result.out);
      if (args[0] === 'html') results.push(readFileSync(path.join(root, 'page.html'), 'utf8'));
    }
    return results;
  };
  let before: string[] = [];

  it('archives every session file, then only what changed', async () => {
    const first = await run(['archive', logs, '--json']);
    expect(first.code, first.err).toBe(0);
    const stats = JSON.parse(first.out) as {
      files: number;
      new: number;
      unchanged: number;
      failed: string[];
    };
    expect(stats.files).toBeGreaterThan(50);
    expect(stats.new).toBe(stats.files);
    expect(stats.failed).toEqual([]);
    const again = JSON.parse((await run(['archive', logs, '--json'])).out) as typeof stats;
    expect(again.unchanged).toBe(stats.files);
    expect(again.new).toBe(0);
    const listed = JSON.parse((await run(['ls', logs, '--json'])).out) as { id: string }[];
    // One Claude Code session with subagent files, one Codex rollout.
    ids = [
      listed.find((s) => s.id === '0a1b2c3d-4e5f-4061-8071-2a3b4c5d6e7f')?.id ?? '',
      listed.find((s) => s.id.startsWith('019fc8be'))?.id ?? '',
    ];
    expect(ids).toHaveLength(2);
    before = await outputs();
  }, 120_000);

  it('every command gives the same output once the source files are gone', async () => {
    renameSync(logs, aside);
    try {
      const after = await outputs();
      expect(after).toEqual(before);
      const report = await run(['report', logs]);
      expect(report.err).toMatch(/files gone from disk are read from the archive/);
      // A cold index reads the archived bytes (extracted copies), with the same result.
      rmSync(env.XDG_CACHE_HOME, { recursive: true, force: true });
      rmSync(path.join(archiveDir, 'extracted'), { recursive: true, force: true });
      expect((await run(['report', logs, '--json'])).out).toBe(before[1]);
      // --no-archive leaves them out: nothing is left to read.
      const without = await run(['report', logs, '--no-archive']);
      expect(without.code).toBe(1);
      expect(without.err).toMatch(/does not exist/);
    } finally {
      renameSync(aside, logs);
    }
  }, 180_000);

  it('restore writes the original bytes back where they were, and refuses to overwrite a different file', async () => {
    const original = filesUnder(logs);
    renameSync(logs, aside);
    try {
      const sessions = JSON.parse((await run(['archive', 'info', '--json'])).out) as { sessionFiles: number };
      expect(sessions.sessionFiles).toBeGreaterThan(50);
      for (const id of ids) {
        const restored = await run(['archive', 'restore', id, '--in', logs, '--json']);
        expect(restored.code, restored.err).toBe(0);
        const result = JSON.parse(restored.out) as { written: string[] };
        expect(result.written.length).toBeGreaterThan(0);
        for (const file of result.written) {
          const relative = path.relative(logs, file);
          expect(original).toContain(relative);
          expect(readFileSync(file).equals(readFileSync(path.join(aside, relative)))).toBe(true);
          // The agent orders sessions by modification time: the restored file keeps it (to the millisecond).
          expect(
            Math.abs(statSync(file).mtimeMs - statSync(path.join(aside, relative)).mtimeMs),
          ).toBeLessThan(1);
        }
        // A second restore finds the same bytes in place.
        const again = JSON.parse((await run(['archive', 'restore', id, '--in', logs, '--json'])).out) as {
          written: string[];
          alreadyThere: string[];
        };
        expect(again.written).toEqual([]);
        expect(again.alreadyThere).toEqual(result.written);
      }
      // --to writes elsewhere, keeping the layout under the session file's folder.
      const elsewhere = path.join(root, 'restored');
      const to = await run([
        'archive',
        'restore',
        ids[0] as string,
        '--in',
        logs,
        '--to',
        elsewhere,
        '--json',
      ]);
      expect(to.code, to.err).toBe(0);
      for (const file of (JSON.parse(to.out) as { written: string[] }).written)
        expect(file.startsWith(elsewhere + path.sep)).toBe(true);
    } finally {
      rmSync(logs, { recursive: true, force: true });
      renameSync(aside, logs);
    }
    // A different file where a restored one goes: refused, and left as it is.
    const [id] = ids as [string];
    const elsewhere = path.join(root, 'restored');
    const inPlace = await run(['archive', 'restore', id, '--in', logs, '--to', elsewhere, '--json']);
    const target = (JSON.parse(inPlace.out) as { alreadyThere: string[] }).alreadyThere[0] as string;
    const other = path.join(logs, filesUnder(logs).find((f) => !target.endsWith(f)) as string);
    cpSync(other, target);
    const clash = await run(['archive', 'restore', id, '--in', logs, '--to', elsewhere]);
    expect(clash.code).toBe(1);
    expect(clash.err).toMatch(/exists and differs from the archived copy: nothing was restored/);
    expect(readFileSync(target).equals(readFileSync(other))).toBe(true);
  }, 120_000);

  it('verifies, and takes less than 30% of the corpus bytes', async () => {
    const verified = await run(['archive', 'verify', '--json']);
    expect(verified.code, verified.err).toBe(0);
    expect((JSON.parse(verified.out) as { problems: unknown[] }).problems).toEqual([]);
    const info = JSON.parse((await run(['archive', 'info', '--json'])).out) as {
      bytesArchived: number;
      bytesStored: number;
    };
    const corpusBytes = filesUnder(corpusDir)
      .filter((f) => f.endsWith('.jsonl'))
      .reduce((sum, f) => sum + statSync(path.join(corpusDir, f)).size, 0);
    // Brotli per file gives about 27%; xz -9 over the whole corpus at once gives 23.6% (base64 images and
    // encrypted reasoning do not compress): see BENCHMARKS.md.
    expect(info.bytesStored / corpusBytes).toBeLessThan(0.3);
    expect(info.bytesArchived).toBeLessThanOrEqual(corpusBytes);
  }, 60_000);
});
