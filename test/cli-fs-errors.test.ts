import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fsFailure } from '../src/cli/fs-failure.js';
import { memoryIo } from '../src/cli/output.js';
import { runCli } from '../src/cli/run-cli.js';

const root = path.resolve(import.meta.dirname, '..');
const demoSession = 'd407a873-b42c-43c8-8dbe-af71cedd800e';
let cache: string;
let work: string;

beforeAll(() => {
  cache = mkdtempSync(path.join(os.tmpdir(), 'agentlog-fs-cache-'));
  work = mkdtempSync(path.join(os.tmpdir(), 'agentlog-fs-work-'));
});
afterAll(() => {
  rmSync(cache, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

async function run(args: string[]) {
  const io = memoryIo({ AGENTLOG_CACHE_DIR: cache }, work);
  const code = await runCli(args, io);
  return { code, out: io.out(), err: io.err() };
}

/** One line on stderr that starts with "error: ", without "Unexpected failure" or a stack trace. */
function expectOneSentence(err: string): void {
  const lines = err.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^error: [A-Z"]/);
  expect(err).not.toMatch(/Unexpected failure|\n\s+at /);
}

describe("file-system errors are the user's, said in one sentence", () => {
  it('a full disk (/dev/full as -o) fails with exit 1, and the device is written to, not replaced', async () => {
    for (const args of [
      ['export', 'sessions', '--demo', '-o', '/dev/full'],
      ['export', 'tool-calls', '--demo', '--format', 'csv', '-o', '/dev/full'],
      ['export', 'transcript', demoSession, '--in', path.join(root, 'demo'), '-o', '/dev/full'],
    ]) {
      const { code, err } = await run(args);
      expect({ args, code }).toEqual({ args, code: 1 });
      expectOneSentence(err);
      expect(err).toContain('No space left on the device while writing "/dev/full"');
      expect(statSync('/dev/full').isCharacterDevice()).toBe(true);
    }
  });

  it('a device that accepts everything (/dev/null as -o) is written to and left a device', async () => {
    const { code } = await run(['export', 'sessions', '--demo', '-o', '/dev/null']);
    expect(code).toBe(0);
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
  });

  it('a folder where a transcript file was expected is a command-line mistake (exit 2)', async () => {
    const show = await run(['show', work]);
    expect(show.code).toBe(2);
    expectOneSentence(show.err);
    expect(show.err).toContain('is a folder');
    const transcript = await run([
      'export',
      'transcript',
      demoSession,
      '--in',
      path.join(root, 'demo'),
      '-o',
      work,
    ]);
    expect(transcript.code).toBe(2);
    expectOneSentence(transcript.err);
  });

  it('standard output on a full disk is one sentence and exit 1 (the built CLI)', () => {
    const full = openSync('/dev/full', 'w');
    try {
      const result = spawnSync(
        process.execPath,
        ['--import', './test/helpers/ts-register.mjs', 'src/cli/main.ts', 'ls', '--demo', '--no-cache'],
        { cwd: root, stdio: ['ignore', full, 'pipe'], encoding: 'utf8' },
      );
      expect(result.status).toBe(1);
      expectOneSentence(result.stderr);
      expect(result.stderr).toContain('No space left on the device while writing "standard output"');
    } finally {
      closeSync(full);
    }
  });

  it('names the path and what to do for real EISDIR, ENOENT and EEXIST errors', () => {
    const error = (action: () => void): unknown => {
      try {
        action();
      } catch (caught) {
        return caught;
      }
      throw new Error('expected the action to fail');
    };
    // Reading a folder fails on the open descriptor, so Node's error has no path: the caller gives it.
    expect(fsFailure(error(() => readFileSync(work)))?.message).toBe(
      'The path is a folder, not a file: give a file name. (EISDIR)',
    );
    expect(
      fsFailure(
        error(() => readFileSync(work)),
        work,
      )?.message,
    ).toBe(`"${work}" is a folder, not a file: give a file name. (EISDIR)`);
    const missing = path.join(work, 'missing.json');
    expect(fsFailure(error(() => readFileSync(missing)))?.message).toBe(
      `"${missing}" does not exist: check the path. (ENOENT)`,
    );
    const file = path.join(work, 'exists.txt');
    writeFileSync(file, 'x');
    expect(
      fsFailure(
        error(() => writeFileSync(file, 'y', { flag: 'wx' })),
        'out.txt',
      )?.message,
    ).toBe('"out.txt" already exists: use another path. (EEXIST)');
    expect(fsFailure(new Error('not a file-system error'))).toBeUndefined();
  });
});
