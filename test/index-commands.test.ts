import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexFileName } from '../src/cache/cache-location.js';
import { memoryIo } from '../src/cli/output.js';
import { runCli } from '../src/cli/run-cli.js';
import { corpusDir, corpusPath } from './corpus.js';
import { copyCorpus, tempDir } from './index-helpers.js';

const repoRoot = path.resolve(import.meta.dirname, '..');

/** Runs the real CLI entry (every command, cache options on the data commands). */
async function run(args: string[], env: NodeJS.ProcessEnv = {}) {
  const io = memoryIo(env, repoRoot);
  const code = await runCli(args, io);
  return { code, out: io.out(), err: io.err() };
}

describe('index commands', () => {
  let cache: string;
  const env = () => ({ AGENTLOG_CACHE_DIR: cache });

  beforeAll(async () => {
    cache = tempDir('commands');
    expect((await run(['cache', 'update', corpusDir], env())).code).toBe(0);
  });
  afterAll(() => rmSync(cache, { recursive: true, force: true }));

  it('--cache-dir and --no-cache reach the data commands', async () => {
    const other = tempDir('flag');
    try {
      const withFlag = await run(['ls', '--json', '--cache-dir', other, corpusDir]);
      expect(withFlag.code).toBe(0);
      expect(existsSync(path.join(other, indexFileName))).toBe(true);
      const without = await run(['ls', '--json', '--no-cache', corpusDir], {
        AGENTLOG_CACHE_DIR: path.join(other, 'unused'),
      });
      expect(without.out).toBe(withFlag.out);
      expect(existsSync(path.join(other, 'unused'))).toBe(false);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('refuses a cache folder inside an input folder, before writing anything', async () => {
    const logs = tempDir('inside');
    try {
      copyCorpus(logs, ['marot__spotter/test/fixtures/transcripts/short.jsonl']);
      const inside = path.join(logs, 'cache');
      for (const args of [
        ['ls', logs],
        ['cache', 'update', logs],
        ['search', 'anything', logs],
      ]) {
        const result = await run(args, { AGENTLOG_CACHE_DIR: inside });
        expect(result.code).toBe(2);
        expect(result.err).toMatch(/cache folder ".*" is inside the input ".*"/);
      }
      const viaRunCli = memoryIo({ AGENTLOG_CACHE_DIR: logs }, repoRoot);
      expect(await runCli(['usage', logs], viaRunCli)).toBe(2);
      expect(existsSync(inside)).toBe(false);
      expect(readdirSync(logs)).toEqual(['marot__spotter']);
    } finally {
      rmSync(logs, { recursive: true, force: true });
    }
  });

  it('reads without the cache, with a warning, when the cache folder cannot be used', async () => {
    const where = corpusPath('marot__spotter');
    const blocker = path.join(tempDir('blocked'), 'a-file');
    try {
      writeFileSync(blocker, 'not a folder');
      const result = await run(['usage', '--json', where], { AGENTLOG_CACHE_DIR: blocker });
      expect(result.code).toBe(0);
      expect(result.err).toMatch(
        /warning: The index cache in ".*" cannot be used \(.*\); reading without it\./,
      );
      expect(result.out).toBe((await run(['usage', '--json', '--no-cache', where])).out);
    } finally {
      rmSync(path.dirname(blocker), { recursive: true, force: true });
    }
  });

  it('cache info describes the index; cache clear deletes it', async () => {
    const info = await run(['cache', 'info', '--json'], env());
    const parsed = JSON.parse(info.out) as Record<string, unknown>;
    expect(parsed).toMatchObject({ exists: true, current: true, file: path.join(cache, indexFileName) });
    expect(parsed.files).toBe(65);
    expect(parsed.sessions).toBeGreaterThan(40);
    expect(parsed.bytes).toBeGreaterThan(0);
    const text = await run(['cache', 'info'], env());
    expect(text.out).toMatch(/schema version\s+\d+/);
    expect(text.out).toMatch(/last update\s+\d{4}-/);
    const other = tempDir('clear');
    try {
      await run(['cache', 'update', corpusPath('marot__spotter')], { AGENTLOG_CACHE_DIR: other });
      expect(existsSync(path.join(other, indexFileName))).toBe(true);
      const cleared = await run(['cache', 'clear'], { AGENTLOG_CACHE_DIR: other });
      expect(cleared.out).toMatch(/^Deleted the index/);
      expect(readdirSync(other)).toEqual([]);
      expect((await run(['cache', 'info'], { AGENTLOG_CACHE_DIR: other })).out).toMatch(/^No index yet/);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('sql answers SELECTs from the index and agrees with the data commands', async () => {
    const result = await run(
      ['sql', '--json', "SELECT COUNT(*) AS n FROM tool_calls WHERE tool = 'Bash'"],
      env(),
    );
    expect(result.code).toBe(0);
    expect(JSON.parse(result.out)).toEqual([{ n: 140 }]);
    const sessions = JSON.parse((await run(['ls', '--json', corpusDir], env())).out) as unknown[];
    const top = JSON.parse(
      // ls leaves out sessions with nothing in them (metadata-only files); the table keeps every file's row.
      (
        await run(
          [
            'sql',
            '--json',
            'SELECT COUNT(*) AS n FROM sessions WHERE top_level = 1 AND (messages > 0 OR tool_calls > 0 OR subagents > 0 OR input_tokens + output_tokens + cache_write_tokens + cache_read_tokens > 0)',
          ],
          env(),
        )
      ).out,
    ) as { n: number }[];
    expect(top[0]?.n).toBe(sessions.length);
    const table = await run(
      ['sql', 'SELECT agent, COUNT(*) AS sessions FROM sessions GROUP BY agent'],
      env(),
    );
    expect(table.out).toMatch(/claude-code/);
    expect(table.out).toMatch(/2 rows/);
  });

  it('sql refuses statements that write', async () => {
    for (const query of [
      'DELETE FROM sessions',
      'UPDATE files SET size = 0',
      'DROP TABLE sessions',
      "INSERT INTO _meta (key, value) VALUES ('x', 'y')",
      'PRAGMA user_version = 3',
    ]) {
      const result = await run(['sql', query], env());
      expect(result.code, query).toBe(2);
      expect(result.err, query).toMatch(/Only read-only queries \(SELECT\) run on the index/);
    }
    const count = JSON.parse((await run(['sql', '--json', 'SELECT COUNT(*) AS n FROM sessions'], env())).out);
    expect(count[0].n).toBeGreaterThan(0);
    const bad = await run(['sql', 'SELEC nothing'], env());
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/SQLite rejected the query/);
  });

  it('sql --tables documents every public table and its columns', async () => {
    const result = await run(['sql', '--tables', '--json'], env());
    const tables = JSON.parse(result.out) as { name: string; columns: { name: string }[] }[];
    expect(tables.map((t) => t.name)).toEqual([
      'sessions',
      'trees',
      'messages',
      'tool_calls',
      'usage_entries',
      'problems',
      'files',
      'search',
    ]);
    // The documentation matches the database.
    for (const table of tables) {
      const columns = JSON.parse(
        (await run(['sql', '--json', `SELECT name FROM pragma_table_info('${table.name}')`], env())).out,
      ) as { name: string }[];
      expect(
        columns.map((c) => c.name),
        table.name,
      ).toEqual(table.columns.map((c) => c.name));
    }
  });

  it('search finds a corpus text in the right session, with the hit marked', async () => {
    const result = await run(['search', '--json', 'Phoenix server is starting', corpusDir], env());
    expect(result.code).toBe(0);
    const hits = JSON.parse(result.out) as {
      sessionId: string;
      source: string;
      snippet: string;
      file: string;
      timestamp: string;
    }[];
    expect(hits.length).toBeGreaterThan(0);
    const [first] = hits;
    expect(first?.sessionId).toBe('d6e0bada-1959-4eec-a9d2-0bfade768d8f');
    expect(first?.file).toBe(corpusPath('marot__spotter/test/fixtures/transcripts/tool_heavy.jsonl'));
    expect(first?.source).toBe('assistant');
    expect(first?.snippet).toMatch(/\*\*Phoenix\*\* \*\*server\*\* \*\*is\*\* \*\*starting\*\*/);
    const text = await run(['search', 'Phoenix server is starting', corpusDir], env());
    expect(text.out).toMatch(/d6e0bada/);
    const filtered = await run(
      ['search', '--json', '--agent', 'codex', 'Phoenix server is starting', corpusDir],
      env(),
    );
    expect(JSON.parse(filtered.out)).toEqual([]);
    const tools = await run(['search', '--json', '--in', 'tool_result', 'Phoenix', corpusDir], env());
    for (const hit of JSON.parse(tools.out) as { source: string }[]) expect(hit.source).toBe('tool_result');
  });

  it('search takes punctuation as text and FTS5 syntax with --fts', async () => {
    const plain = await run(['search', '--json', 'phx.server', corpusDir], env());
    expect(plain.code).toBe(0);
    const raw = await run(['search', '--fts', '--json', 'Phoenix NOT server', corpusDir], env());
    expect(raw.code).toBe(0);
    for (const hit of JSON.parse(raw.out) as { snippet: string }[])
      expect(hit.snippet).toMatch(/\*\*phoenix\*\*/i);
    const broken = await run(['search', '--fts', 'AND AND (', corpusDir], env());
    expect(broken.code).toBe(2);
    expect(broken.err).toMatch(/not valid/);
  });

  it('search fills the full-text table for sessions the data commands indexed', async () => {
    const fresh = tempDir('lazy');
    try {
      const where = corpusPath('marot__spotter');
      expect((await run(['ls', where], { AGENTLOG_CACHE_DIR: fresh })).code).toBe(0);
      const count = async () =>
        (
          JSON.parse(
            (await run(['sql', '--json', 'SELECT COUNT(*) AS n FROM search'], { AGENTLOG_CACHE_DIR: fresh }))
              .out,
          ) as { n: number }[]
        )[0]?.n;
      expect(await count()).toBe(0);
      const hits = await run(['search', '--json', 'Phoenix server is starting', where], {
        AGENTLOG_CACHE_DIR: fresh,
      });
      expect((JSON.parse(hits.out) as unknown[]).length).toBeGreaterThan(0);
      const filled = await count();
      expect(filled).toBeGreaterThan(0);
      await run(['search', '--json', 'Phoenix', where], { AGENTLOG_CACHE_DIR: fresh });
      expect(await count()).toBe(filled);
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  });

  it('search needs the cache', async () => {
    const result = await run(['search', 'x', '--no-cache', corpusDir], env());
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/needs the index cache/);
  });

  it('sql says what to do when there is no index', async () => {
    const empty = tempDir('empty');
    try {
      mkdirSync(empty, { recursive: true });
      const result = await run(['sql', 'SELECT 1'], { AGENTLOG_CACHE_DIR: empty });
      expect(result.code).toBe(1);
      expect(result.err).toMatch(/There is no index in ".*" yet/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
