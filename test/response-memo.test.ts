// The response memo (cli/response-memo.ts, cli/response-recorder.ts), with the built CLI on real corpus files
// in a home of their own: a report command run again with nothing changed prints what it printed, without
// loading the program (the index, deleted in between, is not made again); any change to what the run depends
// on (a file that grew, a new file, a file rewritten to the same size, a folder that appears, the
// environment) runs the program, whose output equals the one read without the index. A run that depends on
// something a path's state cannot vouch for, or that watched a path changed too recently, keeps nothing.
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoPlaceOf } from '../src/cli/response-memo.js';
import { corpusDir } from './corpus.js';
import { runBuiltCli } from './helpers/run-built-cli.js';
import { tempDir } from './index-helpers.js';

const claudeDir = 'microsoft__vscode-copilot-chat/src/extension/chatSessions/claude/node/test/fixtures';
const codexDir = 'codemie-ai__codemie-code/tests/integration/metrics/fixtures/codex/sessions/2026/01/02';
const mainFile = '30530d66-37fb-4f3b-aa5f-d92b6a8afae2.jsonl';

let dir: string;
let home: string;
let project: string;
let cache: string;

/** A run in the fixture's home, with its default discovery (every agent's folders under that home). */
async function agentlog(args: string[], env: Record<string, string | undefined> = {}) {
  const result = await runBuiltCli(args, dir, {
    HOME: home,
    AGENTLOG_CACHE_DIR: cache,
    XDG_CACHE_HOME: undefined,
    XDG_DATA_HOME: undefined,
    CLAUDE_CONFIG_DIR: undefined,
    CODEX_HOME: undefined,
    TZ: 'UTC',
    ...env,
  });
  expect(result.err).toBe('');
  expect(result.code).toBe(0);
  return result.out;
}

const indexFile = () => path.join(cache, 'index.sqlite');
const memos = () =>
  existsSync(path.join(cache, 'responses')) ? readdirSync(path.join(cache, 'responses')) : [];

/** Deletes the index: a run that makes it again ran the program; a replayed memo does not. */
function deleteIndex(): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(indexFile() + suffix, { force: true });
}

/** Waits until what was just written is older than the timestamps' grain (`watch-list.ts`, 2 s). */
const settle = () => sleep(2_100);

describe('response memo', () => {
  beforeAll(async () => {
    dir = tempDir('response-memo');
    home = path.join(dir, 'home');
    cache = path.join(dir, 'cache');
    project = path.join(home, '.claude', 'projects', '-work-demo');
    mkdirSync(project, { recursive: true });
    cpSync(path.join(corpusDir, claudeDir), project, { recursive: true });
    // Whole seconds, so that a file's times can be put back exactly (utimes takes seconds as a float).
    const hourAgo = Math.floor(Date.now() / 1000) - 3600;
    for (const entry of readdirSync(project, { withFileTypes: true, recursive: true }))
      if (entry.isFile()) utimesSync(path.join(entry.parentPath, entry.name), hourAgo, hourAgo);
    await settle();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a command run again with nothing changed prints the same, without running the program', async () => {
    for (const args of [['report'], ['usage', '--json'], ['tools'], ['errors', '--json'], ['ls']]) {
      const first = await agentlog(args);
      deleteIndex();
      expect(await agentlog(args)).toBe(first);
      expect(existsSync(indexFile()), args.join(' ')).toBe(false);
      expect(await agentlog([...args, '--no-cache'])).toBe(first);
    }
    expect(memos()).toHaveLength(5);
    for (const name of memos())
      expect(statSync(path.join(cache, 'responses', name)).mode & 0o777).toBe(0o600);
  });

  it('any change to what the run depends on runs the program, which prints what the logs say now', async () => {
    const before = await agentlog(['report']);
    const changes: [string, () => void][] = [
      ['a file that grew', () => appendFileSync(path.join(project, mainFile), '{"broken":\n')],
      [
        'a new file',
        () =>
          cpSync(
            path.join(project, mainFile),
            path.join(project, '11111111-2222-4333-8444-555555555555.jsonl'),
          ),
      ],
      [
        'a file rewritten to the same size, its times put back',
        () => {
          const file = path.join(project, 'b02ed4d8-1f00-45cc-949f-3ea63b2dbde2.jsonl');
          const before = statSync(file);
          const text = readFileSync(file, 'utf8');
          writeFileSync(file, text.replace(/"type":"user"/, '"type":"xser"'));
          utimesSync(file, before.atimeMs / 1000, before.mtimeMs / 1000);
          // Only its change time (ctime) tells.
          const after = statSync(file);
          expect([after.size, after.mtimeMs, after.ino]).toEqual([before.size, before.mtimeMs, before.ino]);
        },
      ],
      [
        'a folder an agent would be read from appears',
        () =>
          cpSync(path.join(corpusDir, codexDir), path.join(home, '.codex', 'sessions', '2026', '01', '02'), {
            recursive: true,
          }),
      ],
    ];
    let last = before;
    for (const [what, change] of changes) {
      expect(await agentlog(['report']), what).toBe(last);
      change();
      deleteIndex();
      const now = await agentlog(['report']);
      expect(existsSync(indexFile()), what).toBe(true);
      expect(now, what).not.toBe(last);
      expect(now, what).toBe(await agentlog(['report', '--no-cache']));
      // Changed less than 2 s ago: nothing is kept, so the next run runs the program too.
      deleteIndex();
      expect(await agentlog(['report']), what).toBe(now);
      expect(existsSync(indexFile()), what).toBe(true);
      await settle();
      last = now;
    }
  }, 60_000);

  it('an ls memo holds until the state of a session would change, then the program runs', async () => {
    const first = await agentlog(['ls', '--json']);
    // The newest memo is this run's.
    const memo = memos()
      .map((name) => path.join(cache, 'responses', name))
      .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0] as string;
    expect(readFileSync(memo, 'utf8')).toContain(
      JSON.stringify(JSON.stringify(['ls', '--json'])).slice(1, -1),
    );
    // The corpus's sessions are over: their states hold for ever.
    const bytes = readFileSync(memo);
    const head = bytes.subarray(0, bytes.indexOf(10, bytes.indexOf(10) + 1) + 1).toString('utf8');
    expect(head).toContain('"validThrough":null');
    const setThrough = (through: number) =>
      writeFileSync(
        memo,
        Buffer.concat([
          Buffer.from(head.replace('"validThrough":null', `"validThrough":${through}`)),
          bytes.subarray(Buffer.byteLength(head)),
        ]),
      );
    setThrough(Date.now() + 3_600_000);
    deleteIndex();
    expect(await agentlog(['ls', '--json'])).toBe(first);
    expect(existsSync(indexFile())).toBe(false);
    setThrough(Date.now() - 1);
    expect(await agentlog(['ls', '--json'])).toBe(first);
    expect(existsSync(indexFile())).toBe(true);
  });

  it('a damaged memo is no memo: the program runs and keeps a good one again', async () => {
    const first = await agentlog(['errors']);
    const memo = memos()
      .map((name) => path.join(cache, 'responses', name))
      .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0] as string;
    for (const damage of [
      'agentlog response memo 2\n{"key":"x"\n',
      `agentlog response memo 2\n${JSON.stringify({ key: 'x', folders: [[1, 2]] })}\n`,
      'not a memo at all',
    ]) {
      const bytes = readFileSync(memo, 'utf8');
      // The same key, with folders that are not what a memo holds.
      const key = JSON.parse(bytes.split('\n')[1] as string).key as string;
      writeFileSync(memo, damage.replace('"x"', JSON.stringify(key)));
      deleteIndex();
      expect(await agentlog(['errors'])).toBe(first);
      expect(existsSync(indexFile())).toBe(true);
      // Written again whole, and replayed.
      await settle();
      expect(await agentlog(['errors'])).toBe(first);
      deleteIndex();
      expect(await agentlog(['errors'])).toBe(first);
      expect(existsSync(indexFile())).toBe(false);
    }
  }, 60_000);

  it('another environment is another invocation', async () => {
    const wide = await agentlog(['report']);
    expect(await agentlog(['report'])).toBe(wide);
    deleteIndex();
    const narrow = await agentlog(['report'], { COLUMNS: '60' });
    expect(existsSync(indexFile())).toBe(true);
    expect(narrow).not.toBe(wide);
    expect(narrow).toBe(await agentlog(['report', '--no-cache'], { COLUMNS: '60' }));
  });

  it('keeps nothing for a run priced with a --pricing file (its entries apply as of today)', async () => {
    const pricing = path.join(dir, 'pricing.json');
    writeFileSync(pricing, JSON.stringify({ models: {} }));
    const count = memos().length;
    const first = await agentlog(['usage', '--pricing', pricing]);
    deleteIndex();
    expect(await agentlog(['usage', '--pricing', pricing])).toBe(first);
    expect(existsSync(indexFile())).toBe(true);
    expect(memos()).toHaveLength(count);
  });

  it('cache clear deletes the memos with the index', async () => {
    expect(memos().length).toBeGreaterThan(0);
    await agentlog(['cache', 'clear']);
    expect(memos()).toEqual([]);
    expect(existsSync(indexFile())).toBe(false);
  });

  it('is never kept for a run that does more than print, nor without a cache folder', () => {
    const bundle = path.resolve('dist/cli/main-bundle.cjs');
    expect(memoPlaceOf(['report', '--archive'], bundle)).toBeUndefined();
    expect(memoPlaceOf(['usage', '--live'], bundle)).toBeUndefined();
    expect(memoPlaceOf(['blocks'], bundle)).toBeUndefined();
    expect(memoPlaceOf(['report'], path.join(dir, 'no-bundle.cjs'))).toBeUndefined();
    const place = memoPlaceOf(['report', '--cache-dir', dir], bundle);
    expect(place?.file.startsWith(path.join(dir, 'responses'))).toBe(true);
  });
});
