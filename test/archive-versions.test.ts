// A transcript truncated at the source after it was archived keeps its earlier version: `archive restore
// --list` shows both, `--at` restores the earlier one, byte for byte.
import {
  cpSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../src/cli/output.js';
import { runCli } from '../src/cli/run-cli.js';
import { corpusDir } from './corpus.js';
import { tempDir } from './index-helpers.js';

const root = tempDir('archive-versions');
afterAll(() => rmSync(root, { recursive: true, force: true }));
const env = {
  HOME: path.join(root, 'home'),
  XDG_CACHE_HOME: path.join(root, 'cache'),
  AGENTLOG_ARCHIVE_DIR: path.join(root, 'archive'),
};

async function run(args: string[]) {
  const io = memoryIo(env, root);
  const code = await runCli(args, io);
  return { code, out: io.out(), err: io.err() };
}

describe('archive versions', () => {
  it('keeps the version a truncation at the source would lose, and restores it with --at', async () => {
    const logs = path.join(root, 'logs');
    const id = '1af7fc5e-8455-4414-9ccd-011d40f70b2a';
    const file = path.join(logs, `${id}.jsonl`);
    mkdirSync(logs, { recursive: true });
    cpSync(
      path.join(
        corpusDir,
        'd-kimuson__claude-code-viewer/mock-global-claude-dir/projects/sample-project',
        `${id}.jsonl`,
      ),
      file,
    );
    const original = readFileSync(file);
    expect((await run(['archive', logs])).code).toBe(0);
    truncateSync(file, Math.floor(original.length / 2));
    const second = await run(['archive', logs, '--json']);
    expect(JSON.parse(second.out)).toMatchObject({ rewritten: 1 });

    const listed = await run(['archive', 'restore', id, '--in', logs, '--list', '--json']);
    expect(listed.code, listed.err).toBe(0);
    const versions = JSON.parse(listed.out) as { file: string; size: number; archivedAt: string }[];
    expect(versions.map((v) => [v.file, v.size])).toEqual([
      [file, original.length],
      [file, Math.floor(original.length / 2)],
    ]);

    rmSync(logs, { recursive: true });
    const earlier = await run([
      'archive',
      'restore',
      id,
      '--in',
      logs,
      '--at',
      (versions[0] as { archivedAt: string }).archivedAt,
    ]);
    expect(earlier.code, earlier.err).toBe(0);
    expect(readFileSync(file).equals(original)).toBe(true);
    // The newest version differs from the file now in place: refused.
    const newest = await run(['archive', 'restore', id, '--in', logs]);
    expect(newest.code).toBe(1);
    expect(newest.err).toMatch(/exists and differs from the archived copy/);
    const before = await run(['archive', 'restore', id, '--in', logs, '--at', '2000-01-01']);
    expect(before.code).toBe(1);
    expect(before.err).toMatch(/is not in the archive at 2000-01-01T23:59:59.999Z: nothing was restored/);
  });

  it('an archive that cannot be used is a warning for data commands and an error for archive', async () => {
    const logs = path.join(root, 'logs-2');
    mkdirSync(logs, { recursive: true });
    cpSync(
      path.join(corpusDir, 'marot__spotter/test/fixtures/transcripts/short.jsonl'),
      path.join(logs, 'short.jsonl'),
    );
    const other = path.join(root, 'not-an-archive');
    mkdirSync(other, { recursive: true });
    writeFileSync(path.join(other, 'archive.sqlite'), 'my notes, not a database');
    const listed = await run(['ls', logs, '--archive-dir', other]);
    expect(listed.code, listed.err).toBe(0);
    expect(listed.err).toMatch(
      /warning: The archive in ".*not-an-archive" cannot be used \(.*\); sessions whose files are gone are not shown/,
    );
    const archived = await run(['archive', logs, '--archive-dir', other]);
    expect(archived.code).toBe(1);
    expect(archived.err).not.toMatch(/\n\s+at /);
    expect(readFileSync(path.join(other, 'archive.sqlite'), 'utf8')).toBe('my notes, not a database');
    // Never inside the folders it reads.
    const inside = await run(['archive', logs, '--archive-dir', path.join(logs, 'archive')]);
    expect(inside.code).toBe(2);
    expect(inside.err).toMatch(
      /is inside ".*logs-2", a folder agentlog reads logs from: choose another --archive-dir/,
    );
  });

  it('a Codex rollout moved to archived_sessions/ by Codex is one session, before and after it is gone', async () => {
    const codex = path.join(root, 'codex');
    const name = 'rollout-2025-11-17T15-30-28-019a93b9-f380-7600-98ff-940e6b99603c.jsonl';
    const live = path.join(codex, 'sessions', '2025', '11', '17', name);
    const moved = path.join(codex, 'archived_sessions', name);
    mkdirSync(path.dirname(live), { recursive: true });
    mkdirSync(path.dirname(moved), { recursive: true });
    cpSync(path.join(corpusDir, 'AcidicSoil__codex-session-view/.sample_session', name), live);
    const codexEnv = { ...env, CODEX_HOME: codex, CLAUDE_CONFIG_DIR: path.join(root, 'no-claude') };
    const runCodex = async (args: string[]) => {
      const io = memoryIo(codexEnv, root);
      const code = await runCli(args, io);
      return { code, out: io.out(), err: io.err() };
    };
    const before = await runCodex(['report', '--archive', '--json']);
    expect(before.code, before.err).toBe(0);
    renameSync(live, moved);
    // One session, now read from its new place.
    const afterMove = await runCodex(['report', '--archive', '--json']);
    expect(afterMove.out).toBe(before.out.replaceAll(live, moved));
    expect(afterMove.err).not.toMatch(/gone from disk/);
    rmSync(path.join(codex, 'archived_sessions'), { recursive: true });
    const gone = await runCodex(['report', '--json']);
    expect(gone.err).toMatch(/1 file gone from disk is read from the archive/);
    expect(gone.out).toBe(afterMove.out);
  });

  it('a recent session gone from disk keeps its state (the time it had when archived)', async () => {
    const logs = path.join(root, 'logs-recent');
    mkdirSync(logs, { recursive: true });
    // The corpus session with its records moved to the last minutes, its file's time three hours back: the
    // older of the two decides its state (see sessionState).
    const now = Date.now();
    const text = readFileSync(
      path.join(corpusDir, 'marot__spotter/test/fixtures/transcripts/short.jsonl'),
      'utf8',
    );
    let shift = 0;
    const recent = text.replace(
      /"timestamp":"[^"]+"/g,
      () => `"timestamp":"${new Date(now - 30 * 60_000 + 1000 * shift++).toISOString()}"`,
    );
    writeFileSync(path.join(logs, 'short.jsonl'), recent);
    utimesSync(path.join(logs, 'short.jsonl'), new Date(now), new Date(now - 3 * 3_600_000));
    const before = await run(['ls', logs, '--json', '--no-cache']);
    expect(before.code, before.err).toBe(0);
    expect((JSON.parse(before.out) as { state: string }[])[0]?.state).toMatch(/^(ended|abandoned)$/);
    expect((await run(['archive', logs])).code).toBe(0);
    rmSync(logs, { recursive: true });
    const after = await run(['ls', logs, '--json', '--no-cache']);
    expect(after.out).toBe(before.out);
  });
});
