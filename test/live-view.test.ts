/**
 * `usage --live` and `blocks --live` in a real pseudo-terminal (util-linux `script`), as the built CLI:
 * the first frame shows the session's usage, a record appended to the session file shows in a later frame
 * (the index reads the append), and SIGINT, Ctrl-C typed as a key, and `q` each end it with exit code 0 and
 * the terminal put back (cursor shown, wrapping on, main screen), as does a first refresh that fails. The
 * expected totals are summed here from the records the test writes. Without a terminal, `--live` is a usage
 * error (exit 2).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../src/cli/output.js';
import { runCli } from '../src/cli/run-cli.js';
import { tempDir } from './index-helpers.js';

const repoRoot = path.resolve(import.meta.dirname, '..');
const builtCli = path.join(repoRoot, 'dist/cli/main.js');
const hasScript = spawnSync('script', ['--version'], { encoding: 'utf8' }).stdout?.includes('util-linux');
const sessionId = '22222222-3333-4444-8555-000000000001';
const now = '2026-03-03T11:20:00.000Z';

let dir: string;
let logs: string;
let sessionFile: string;
let cache: string;
let counter = 0;

/** One prompt and one answer with the given usage, as Claude Code writes them. */
function exchange(time: string, usage: { input: number; output: number; cacheRead: number }): string {
  counter += 1;
  const base = {
    isSidechain: false,
    userType: 'external',
    cwd: '/home/me/app',
    sessionId,
    version: '2.1.30',
  };
  const user = {
    ...base,
    parentUuid: counter === 1 ? null : `a${counter - 1}`,
    type: 'user',
    message: { role: 'user', content: 'go on' },
    uuid: `u${counter}`,
    timestamp: time,
  };
  const assistant = {
    ...base,
    parentUuid: `u${counter}`,
    type: 'assistant',
    message: {
      model: 'claude-sonnet-4-5-20250929',
      id: `msg_${counter}`,
      type: 'message',
      role: 'assistant',
      content: [{ type: 'text', text: 'done' }],
      stop_reason: 'end_turn',
      usage: {
        input_tokens: usage.input,
        output_tokens: usage.output,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: usage.cacheRead,
      },
    },
    requestId: `req_${counter}`,
    uuid: `a${counter}`,
    timestamp: time,
  };
  return `${JSON.stringify(user)}\n${JSON.stringify(assistant)}\n`;
}

const first = [
  { time: '2026-03-03T09:20:00.000Z', input: 4000, output: 400, cacheRead: 30_000 },
  { time: '2026-03-03T10:20:00.000Z', input: 2000, output: 200, cacheRead: 0 },
];
const appended = { time: '2026-03-03T11:00:00.000Z', input: 7000, output: 700, cacheRead: 5000 };
const tokens = (r: { input: number; output: number; cacheRead: number }) => r.input + r.output + r.cacheRead;

beforeAll(() => {
  dir = tempDir('live');
  logs = path.join(dir, 'projects', '-home-me-app');
  mkdirSync(logs, { recursive: true });
  sessionFile = path.join(logs, `${sessionId}.jsonl`);
  writeFileSync(sessionFile, first.map((r) => exchange(r.time, r)).join(''));
  cache = path.join(dir, 'cache');
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** The CLI under `script` in a 120x60 pseudo-terminal, its output collected. */
function startLive(args: string[]) {
  const command = `stty cols 120 rows 60; exec ${JSON.stringify(process.execPath)} ${JSON.stringify(builtCli)} ${args.map((a) => JSON.stringify(a)).join(' ')}`;
  const child = spawn('script', ['-q', '-e', '-c', command, '/dev/null'], {
    env: { ...process.env, AGENTLOG_CACHE_DIR: cache, AGENTLOG_NOW: now, NO_COLOR: '1', TERM: 'xterm' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** The frames drawn so far (each from cursor home to "clear to end of screen"), without escape sequences. */
function frames(output: string): string[] {
  return output
    .split('\u001b[H')
    .slice(1)
    .filter((f) => f.includes('\u001b[J'))
    .map((f) => f.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '').replace(/\r/g, ''));
}

async function waitFor(what: string, test: () => boolean, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (!test()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The pid of the CLI: `script`'s child (the shell `exec`s node). */
function cliPid(child: ChildProcess): number {
  const children = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/);
  return Number(children[0]);
}

/** The Total row's total tokens in a `usage` frame. */
function totalOf(frame: string): number | undefined {
  const cells = frame
    .split('\n')
    .find((line) => /│ Total /.test(line))
    ?.split('│')
    .map((c) => c.trim());
  return cells?.[6] === undefined ? undefined : Number(cells[6].replace(/,/g, ''));
}

function expectRestored(output: string) {
  const hidden = output.lastIndexOf('\u001b[?25l');
  expect(hidden).toBeGreaterThanOrEqual(0);
  const tail = output.slice(output.lastIndexOf('\u001b[J'));
  expect(tail).toContain('\u001b[?25h');
  expect(tail).toContain('\u001b[?7h');
  expect(tail).toContain('\u001b[?1049l');
  expect(output.indexOf('\u001b[?1049h')).toBeLessThan(output.indexOf('\u001b[H'));
}

describe.runIf(hasScript)('--live in a pseudo-terminal', () => {
  it('usage --live redraws from the index, shows an append, and ends on SIGINT with exit 0', async () => {
    const live = startLive(['usage', logs, '--live', '--refresh', '1']);
    try {
      const before = first.reduce((n, r) => n + tokens(r), 0);
      await waitFor('the first frame', () => frames(live.output()).some((f) => totalOf(f) === before));
      appendFileSync(sessionFile, exchange(appended.time, appended));
      const after = before + tokens(appended);
      await waitFor('a frame with the appended usage', () =>
        frames(live.output()).some((f) => totalOf(f) === after),
      );
      const shown = frames(live.output());
      // Several frames, each drawn over the last in place: one cursor-home per frame, no full clear.
      expect(shown.length).toBeGreaterThanOrEqual(2);
      expect(live.output()).not.toContain('\u001b[2J');
      expect(shown.at(-1)).toContain('agentlog usage --live · every 1s');
      process.kill(cliPid(live.child), 'SIGINT');
      expect(await live.exited).toBe(0);
      expectRestored(live.output());
    } finally {
      live.child.kill('SIGKILL');
    }
  }, 60_000);

  it('blocks --live ends on q and on Ctrl-C typed at the terminal, with exit 0', async () => {
    for (const key of ['q', '\u0003']) {
      const live = startLive(['blocks', logs, '--live', '--refresh', '1']);
      try {
        await waitFor('the active block', () =>
          frames(live.output()).some((f) => f.includes('Active block 2026-03-03 09:00 to 14:00 UTC')),
        );
        live.child.stdin?.write(key);
        expect(await live.exited).toBe(0);
        expectRestored(live.output());
      } finally {
        live.child.kill('SIGKILL');
      }
    }
  }, 60_000);
});

describe.runIf(hasScript)('--live when the first refresh fails', () => {
  it('puts the terminal back, then reports the error in one sentence (exit 1)', async () => {
    const missing = path.join(dir, 'no-such-folder');
    const live = startLive(['usage', missing, '--live']);
    try {
      expect(await live.exited).toBe(1);
      const output = live.output();
      expectRestored(output);
      const after = output
        .slice(output.lastIndexOf('\u001b[?1049l'))
        .replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '');
      expect(after.trim().split('\n')).toHaveLength(1);
      expect(after).toContain('no-such-folder');
    } finally {
      live.child.kill('SIGKILL');
    }
  }, 30_000);
});

describe('--live without a terminal', () => {
  it('is refused in one sentence with exit 2, as are --refresh alone and --live --json', async () => {
    for (const args of [
      ['usage', '--live'],
      ['blocks', '--live', '--refresh', '2'],
      ['usage', '--refresh', '2'],
      ['blocks', '--live', '--json'],
      ['usage', '--live', '--refresh', '0'],
    ]) {
      const io = memoryIo({}, repoRoot);
      expect(await runCli([...args, '--demo'], io), args.join(' ')).toBe(2);
      expect(io.out()).toBe('');
      expect(io.err().trim().split('\n')).toHaveLength(1);
    }
  });
});
