// `agentlog mcp` end to end: the built CLI started as a child process and driven over stdio by the MCP SDK's
// own client. Answers are checked against the index (opened here read-only) and, for search, against the log
// lines themselves; every answer of the session with fake secrets is checked for survivors.
import { appendFileSync, copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIndexReadOnly } from '../src/cache/open-index.js';
import { memoryIo } from '../src/cli/output.js';
import { packageVersion } from '../src/cli/package-version.js';
import { runCli } from '../src/cli/run-cli.js';
import { mcpTools } from '../src/mcp/mcp-tools.js';
import { corpusDir } from './corpus.js';
import { patternsFile, secretsDir, survivors } from './fake-secrets.js';
import { builtCli } from './helpers/run-built-cli.js';
import { tempDir } from './index-helpers.js';

const repoRoot = path.resolve(import.meta.dirname, '..');
const slow = 120_000;

interface Answer {
  text: string;
  data: Record<string, unknown>;
  isError: boolean;
}

/** A client connected to `agentlog mcp ...args` (a child process); every answer it gets is kept in `seen`. */
async function connect(args: readonly string[], home: string) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [builtCli, 'mcp', ...args],
    cwd: repoRoot,
    // The days of the answers are the system zone's: pinned, whatever the machine's zone.
    env: { PATH: process.env.PATH ?? '', HOME: home, NO_COLOR: '1', TZ: 'UTC' },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const client = new Client({ name: 'agentlog-test', version: '1.0.0' });
  await client.connect(transport);
  const seen: string[] = [];
  const call = async (name: string, args: Record<string, unknown> = {}): Promise<Answer> => {
    const result = await client.callTool({ name, arguments: args });
    const content = result.content as { type: string; text: string }[];
    const text = content.map((c) => c.text).join('\n');
    const data = (result.structuredContent ?? {}) as Record<string, unknown>;
    seen.push(text, JSON.stringify(data));
    return { text, data, isError: result.isError === true };
  };
  return { client, call, seen, stderr: () => stderr };
}

type Connection = Awaited<ReturnType<typeof connect>>;

/** Every row of a paged tool, page after page, with the number of pages it took. */
async function allPages<T>(server: Connection, tool: string, args: Record<string, unknown>, key: string) {
  const rows: T[] = [];
  let pages = 0;
  for (let page = 1; page <= 200; page += 1) {
    const answer = await server.call(tool, { ...args, page });
    expect(answer.isError, answer.text).toBe(false);
    rows.push(...(answer.data[key] as T[]));
    pages += 1;
    if (answer.data.more !== true) {
      expect(answer.text).not.toContain('more: page');
      break;
    }
    expect(answer.text).toContain(`more: page ${page + 1}`);
  }
  return { rows, pages };
}

describe('agentlog mcp', () => {
  const home = tempDir('mcp-home');
  const cacheDir = path.join(home, 'cache');
  let server: Connection;
  let db: Database.Database;

  beforeAll(async () => {
    server = await connect(
      [corpusDir, secretsDir, '--cache-dir', cacheDir, '--redact-patterns', patternsFile],
      home,
    );
    db = openIndexReadOnly(cacheDir, packageVersion()).db;
  }, slow);

  afterAll(async () => {
    await server?.client.close();
    db?.close();
    rmSync(home, { recursive: true, force: true });
  });

  const conversationTrees = () =>
    db.prepare('SELECT session_id AS id, start_time AS start FROM trees WHERE conversation = 1').all() as {
      id: string;
      start: string | null;
    }[];

  it('lists every tool with a JSON Schema input and a description', async () => {
    const { tools } = await server.client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      'search',
      'list_sessions',
      'get_session',
      'tool_calls',
      'errors',
      'usage',
      'sql',
    ]);
    for (const tool of tools) {
      expect(tool.description?.length ?? 0, tool.name).toBeGreaterThan(40);
      expect(tool.inputSchema.type).toBe('object');
      expect(Object.keys(tool.inputSchema.properties ?? {}).length, tool.name).toBeGreaterThan(0);
      expect(tool.annotations?.readOnlyHint).toBe(true);
    }
    expect(tools.find((t) => t.name === 'search')?.inputSchema.required).toEqual(['query']);
  });

  it('list_sessions pages through exactly the sessions of the index, newest first', async () => {
    const { rows, pages } = await allPages<{ id: string; startTime: string | null; state: string }>(
      server,
      'list_sessions',
      { limit: 7 },
      'sessions',
    );
    const trees = conversationTrees();
    expect(rows).toHaveLength(trees.length);
    expect(pages).toBe(Math.ceil(trees.length / 7));
    expect(rows.map((r) => r.id).sort()).toEqual(trees.map((t) => t.id).sort());
    const starts = rows.map((r) => r.startTime ?? '');
    expect(starts).toEqual([...starts].sort().reverse());
    // The states split the sessions.
    let byState = 0;
    for (const state of ['active', 'idle', 'ended', 'abandoned'])
      byState += ((await server.call('list_sessions', { state, limit: 100 })).data.total as number) ?? 0;
    expect(byState).toBe(trees.length);
    const codex = await server.call('list_sessions', { agent: 'codex', limit: 100 });
    expect(codex.data.total).toBe(
      db.prepare("SELECT COUNT(*) FROM trees WHERE conversation = 1 AND agent = 'codex'").pluck().get(),
    );
  });

  it('search finds hits whose log lines hold the word, as many as the full-text index has', async () => {
    const { rows } = await allPages<{ sessionId: string; at: string; snippet: string; refId: string }>(
      server,
      'search',
      { query: 'pytest', limit: 50 },
      'hits',
    );
    const roots = JSON.stringify(conversationTrees().map((t) => t.id));
    const expected = db
      .prepare(
        `SELECT COUNT(*) FROM search WHERE search MATCH '"pytest"' AND root_session_id IN (SELECT value FROM json_each(?))`,
      )
      .pluck()
      .get(roots);
    expect(rows.length).toBe(expected);
    expect(rows.length).toBeGreaterThan(3);
    for (const hit of rows) {
      expect(hit.snippet.toLowerCase()).toContain('**pytest');
      // The line the hit names, read from the log itself, holds the word, or (a Claude Code answer written as
      // several records of one API message) another record of the same message does.
      const [, file, line] = /^(.*):(\d+)$/.exec(hit.at) ?? [];
      const lines = readFileSync(file as string, 'utf8').split('\n');
      const named = lines[Number(line) - 1] ?? '';
      const messageId = (JSON.parse(named) as { message?: { id?: string } }).message?.id;
      const records =
        messageId === undefined ? [named] : lines.filter((l) => l.includes(`"id":"${messageId}"`));
      expect(records.join('\n').toLowerCase(), hit.at).toContain('pytest');
    }
    const narrowed = await server.call('search', { query: 'pytest', in: ['tool_result'], limit: 50 });
    expect((narrowed.data.hits as { source: string }[]).every((h) => h.source === 'tool_result')).toBe(true);
    const none = await server.call('search', { query: 'zzqxjv-no-such-word' });
    expect(none).toMatchObject({ isError: false, text: 'No match for "zzqxjv-no-such-word".' });
  });

  it('get_session pages a long session by turns, one page per prompt', async () => {
    const [tree] = db
      .prepare(
        `SELECT t.session_id AS id, t.prompts FROM trees t WHERE t.conversation = 1
          AND (SELECT COUNT(*) FROM trees u WHERE u.session_id = t.session_id) = 1
          ORDER BY t.prompts DESC LIMIT 1`,
      )
      .all() as { id: string; prompts: number }[];
    const id = tree?.id as string;
    const prompts = db
      .prepare("SELECT COUNT(*) FROM messages WHERE session_id = ? AND kind = 'prompt' AND off_branch = 0")
      .pluck()
      .get(id) as number;
    expect(prompts).toBeGreaterThan(5);
    const first = await server.call('get_session', { session: id.slice(0, 13), turns: 1 });
    expect(first.isError, first.text).toBe(false);
    expect(first.data).toMatchObject({
      sessionId: id,
      turns: prompts,
      firstTurn: 1,
      lastTurn: 1,
      more: true,
    });
    expect(first.text).toContain(`**Session:** \`${id}\``);
    let pages = 1;
    for (let page = 2; ; page += 1) {
      const answer = await server.call('get_session', { session: id, turns: 1, page });
      expect(answer.isError, answer.text).toBe(false);
      expect(answer.text).toContain(`(turns ${page}-${page} of ${prompts})`);
      expect(answer.text.match(/^## User/gm)).toHaveLength(1);
      pages = page;
      if (answer.data.more !== true) break;
    }
    expect(pages).toBe(prompts);
    const past = await server.call('get_session', { session: id, turns: 1, page: prompts + 1 });
    expect(past.isError).toBe(true);
    expect(past.text).toContain(`has ${prompts} turns`);
    const user = await server.call('get_session', { session: id, detail: 'user', turns: 50 });
    expect(user.data.turns).toBe(prompts);
    const shown = (user.data.markdown as string).match(/^## User/gm)?.length ?? 0;
    // All turns on one page, unless the page was cut at the answer's size limit (and says so).
    if (shown < prompts) expect(user.text).toContain('[answer cut at 40,000 characters');
    else expect(shown).toBe(prompts);
    expect(user.text.length).toBeLessThan(41_000);
  });

  it('tool_calls and errors count what the index holds', async () => {
    const inTrees =
      'session_row IN (SELECT s.rowid FROM sessions s JOIN trees t ON t.id = s.tree WHERE t.conversation = 1)';
    const count = (where: string) =>
      db.prepare(`SELECT COUNT(*) FROM tool_calls WHERE ${inTrees} AND ${where}`).pluck().get() as number;
    const bash = await server.call('tool_calls', { tool: 'bash', limit: 5 });
    expect(bash.data.total).toBe(count("(lower(tool) = 'bash' OR lower(canonical) = 'bash')"));
    expect(bash.data.total).toBeGreaterThan(20);
    const failedCount = count("status IN ('error', 'denied', 'interrupted', 'hook_blocked')");
    const { rows: failed } = await allPages<{ status: string; id: string }>(
      server,
      'tool_calls',
      { failed: true, limit: 20 },
      'calls',
    );
    expect(failed).toHaveLength(failedCount);
    expect(failed.every((c) => c.status !== 'ok')).toBe(true);
    const denied = await server.call('tool_calls', { status: 'denied', limit: 100 });
    expect(denied.data.total).toBe(count("status = 'denied'"));

    const { rows: groups } = await allPages<{ count: number; example: { sessionId: string } }>(
      server,
      'errors',
      { limit: 10 },
      'groups',
    );
    expect(groups.reduce((sum, g) => sum + g.count, 0)).toBe(failedCount);
    const ids = new Set(conversationTrees().map((t) => t.id));
    expect(groups.every((g) => ids.has(g.example.sessionId))).toBe(true);
  });

  it('usage totals equal agentlog usage; weeks and blocks add up to the same requests', async () => {
    const cli = async (args: string[]) => {
      const io = memoryIo({ HOME: home, NO_COLOR: '1' }, repoRoot);
      expect(
        await runCli(['usage', corpusDir, secretsDir, '--cache-dir', cacheDir, '--json', ...args], io),
      ).toBe(0);
      return JSON.parse(io.out()) as { total: { totalTokens: number; requests: number; cost: number } };
    };
    const byDay = await server.call('usage', { by: 'day', limit: 200 });
    const expected = (await cli([])).total;
    const total = byDay.data.total as { totalTokens: number; requests: number; cost: number };
    expect(total.totalTokens).toBe(expected.totalTokens);
    expect(total.requests).toBe(expected.requests);
    expect(total.cost).toBeCloseTo(expected.cost, 9);
    const weeks = (await server.call('usage', { by: 'week', limit: 200 })).data.rows as {
      key: string;
      totalTokens: number;
    }[];
    expect(weeks.reduce((sum, w) => sum + w.totalTokens, 0)).toBe(expected.totalTokens);
    expect(weeks.every((w) => /^\d{4}-W\d\d$|^unknown$/.test(w.key))).toBe(true);

    const claude = (await cli(['--agent', 'claude-code'])).total;
    const blockAnswer = await server.call('usage', { by: 'block', limit: 200 });
    const blocks = blockAnswer.data.blocks as {
      requests: number;
      totalTokens: number;
      start: string;
      end: string;
    }[];
    // A request whose time is a placeholder ("[trimmed for fixture]" in the corpus) is in no block, and said so.
    const untimed = blockAnswer.data.untimedRequests as number;
    expect(untimed).toBe(
      db
        .prepare(
          `SELECT COUNT(*) FROM usage_entries u JOIN sessions s ON s.rowid = u.session_row JOIN trees t ON t.id = s.tree
            WHERE t.conversation = 1 AND t.agent = 'claude-code' AND u.timestamp NOT GLOB '[0-9][0-9][0-9][0-9]-*'`,
        )
        .pluck()
        .get(),
    );
    if (untimed > 0) expect(blockAnswer.text).toContain(`without a valid time`);
    expect(blocks.reduce((sum, b) => sum + b.requests, 0) + untimed).toBe(claude.requests);
    for (const b of blocks) expect(Date.parse(b.end) - Date.parse(b.start)).toBe(5 * 3_600_000);
  });

  it('sql runs read-only statements on the index, paged', async () => {
    const count = await server.call('sql', { query: 'SELECT COUNT(*) AS n FROM sessions;' });
    expect(count.data.rows).toEqual([[db.prepare('SELECT COUNT(*) FROM sessions').pluck().get()]]);
    const { rows } = await allPages<unknown[]>(
      server,
      'sql',
      { query: 'SELECT id FROM tool_calls', limit: 200 },
      'rows',
    );
    expect(rows).toHaveLength(db.prepare('SELECT COUNT(*) FROM tool_calls').pluck().get() as number);
  });

  it('answers bad input with a clear tool error', async () => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['get_session', { session: 'no-such-session' }, /^No session "no-such-session" in the index/],
      ['search', { query: 'pytest', since: 'last week' }, /^"since" needs a date like "2026-01-31"/],
      ['list_sessions', { since: '2026-02-30' }, /^"since" needs a date/],
      ['usage', { since: '2026-03-01', until: '2026-01-01' }, /^"since" \(2026-03-01\) is after "until"/],
      ['sql', { query: 'DELETE FROM sessions' }, /^Only read-only queries \(SELECT\) run on the index/],
      ['sql', { query: 'SELEKT 1' }, /^SQLite rejected the query/],
      ['list_sessions', { limit: 0 }, /Input validation error/],
      ['usage', { by: 'year' }, /Input validation error/],
      ['search', { query: 'ab*' }, /prefix "ab\*" is too short/],
    ];
    for (const [tool, args, message] of cases) {
      const answer = await server.call(tool, args);
      expect(answer.isError, `${tool} ${JSON.stringify(args)}`).toBe(true);
      expect(answer.text).toMatch(message);
      expect(answer.text).not.toMatch(/\n\s+at /);
    }
  });

  it('serves sessions as resources', async () => {
    const { resources } = await server.client.listResources();
    expect(resources.length).toBe(Math.min(50, conversationTrees().length));
    const first = resources[0];
    const read = await server.client.readResource({ uri: first?.uri as string });
    const content = read.contents[0] as { text: string; mimeType: string };
    expect(content.mimeType).toBe('text/markdown');
    expect(content.text).toContain(`**Session:** \`${first?.name}\``);
    server.seen.push(JSON.stringify(resources), content.text);
    await expect(server.client.readResource({ uri: 'agentlog://session/no-such-session' })).rejects.toThrow(
      /No session "no-such-session"/,
    );
  });

  it('sends no escape or control character of the logs (answers are shown in terminals)', async () => {
    // The corpus holds ANSI colours in hook and tool output (written as \u001b in the JSON lines).
    const escaped = db
      .prepare('SELECT COUNT(*) FROM search WHERE instr(text, char(27)) > 0')
      .pluck()
      .get() as number;
    expect(escaped).toBeGreaterThan(0);
    const before = server.seen.length;
    await server.call('search', { query: 'Stop', limit: 50 });
    await server.call('sql', { query: 'SELECT text FROM search WHERE instr(text, char(27)) > 0', limit: 50 });
    const [tree] = db
      .prepare(
        'SELECT DISTINCT root_session_id FROM search WHERE instr(text, char(27)) > 0 ORDER BY root_session_id LIMIT 1',
      )
      .pluck()
      .all() as string[];
    await server.call('get_session', { session: tree as string, detail: 'full', turns: 50 });
    const answers = server.seen.slice(before).join('\n');
    expect(answers).toContain('\\x1b');
    // Only line breaks and tabs (Markdown needs them) stay as they are; JSON texts carry no escape either.
    expect(answers.replace(/[\n\t]/g, '')).not.toMatch(
      /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/,
    );
    expect(answers).not.toContain('\\u001b');
  });

  it('lets no fake secret out, in any answer', async () => {
    const secretSessions = ['5ec7e7aa-0000-4000-8000-00000000f4ce', '019c0000-fa4e-7000-8000-00000000c0de'];
    for (const session of secretSessions) {
      for (const detail of ['user', 'minimal', 'full'])
        await server.call('get_session', { session, detail, turns: 50 });
      await server.call('tool_calls', { session, limit: 100 });
      await server.client.readResource({ uri: `agentlog://session/${session}` }).then((r) => {
        server.seen.push(JSON.stringify(r));
      });
    }
    for (const query of ['password', 'token', 'key', 'secret', 'postgres', 'AKIA*', 'ghp*', 'sk*'])
      await server.call('search', { query, limit: 50 });
    await server.call('errors', { limit: 100 });
    await server.call('list_sessions', { limit: 100 });
    for (const table of ['messages', 'tool_calls', 'search', 'sessions', 'problems'])
      await server.call('sql', { query: `SELECT * FROM ${table}`, limit: 200 });
    const all = server.seen.join('\n');
    expect(all).toContain('[REDACTED:');
    expect(survivors(all)).toEqual([]);
    expect(server.stderr()).not.toMatch(/Error|at /);
  });

  it(
    'without redaction the same answers hold the secrets (the check above can fail)',
    async () => {
      const plain = await connect([secretsDir, '--cache-dir', cacheDir, '--no-redact'], home);
      try {
        await plain.call('get_session', { session: '5ec7e7aa', detail: 'full', turns: 50 });
        await plain.call('sql', { query: 'SELECT * FROM search', limit: 200 });
        expect(survivors(plain.seen.join('\n')).length).toBeGreaterThan(0);
      } finally {
        await plain.client.close();
      }
    },
    slow,
  );

  it(
    '--project scopes every answer and leaves sql out',
    async () => {
      const [project] = db
        .prepare(
          'SELECT project FROM trees WHERE conversation = 1 AND project IS NOT NULL GROUP BY project ORDER BY COUNT(*) DESC',
        )
        .pluck()
        .all() as string[];
      const scoped = await connect(
        [corpusDir, '--cache-dir', cacheDir, '--project', project as string],
        home,
      );
      try {
        const { tools } = await scoped.client.listTools();
        expect(tools.map((t) => t.name)).not.toContain('sql');
        const listed = await scoped.call('list_sessions', { limit: 100 });
        const sessions = listed.data.sessions as { id: string; project: string | null; cwd: string | null }[];
        expect(sessions.length).toBeGreaterThan(0);
        const inScope = db
          .prepare('SELECT session_id, cwds, project FROM trees WHERE conversation = 1')
          .all() as { session_id: string; cwds: string; project: string | null }[];
        const needle = (project as string).toLowerCase();
        const expected = inScope
          .filter(
            (t) =>
              (t.project ?? '').toLowerCase().includes(needle) ||
              (JSON.parse(t.cwds) as string[]).some((c) => c.toLowerCase().includes(needle)),
          )
          .filter((t) => !t.session_id.startsWith('5ec7e7aa') && !t.session_id.startsWith('019c0000'));
        expect(sessions.map((s) => s.id).sort()).toEqual(expected.map((t) => t.session_id).sort());
        const outside = inScope.find((t) => !expected.some((e) => e.session_id === t.session_id));
        const refused = await scoped.call('get_session', { session: outside?.session_id as string });
        expect(refused.isError).toBe(true);
      } finally {
        await scoped.client.close();
      }
    },
    slow,
  );

  it(
    'answers from the index brought up to date: lines appended to a running session are found',
    async () => {
      const logs = path.join(home, 'live-logs');
      const file = path.join(logs, 'tests/sample_session.jsonl');
      mkdirSync(path.dirname(file), { recursive: true });
      copyFileSync(path.join(corpusDir, 'simonw__claude-code-transcripts/tests/sample_session.jsonl'), file);
      const live = await connect([logs, '--cache-dir', path.join(home, 'live-cache')], home);
      try {
        const word = 'quuxmarmalade';
        expect((await live.call('search', { query: word })).data.hits).toEqual([]);
        const before = (await live.call('get_session', { session: 'test-session-id' })).data.turns as number;
        appendFileSync(
          file,
          `${JSON.stringify({
            type: 'user',
            timestamp: '2025-12-24T10:02:00.000Z',
            sessionId: 'test-session-id',
            cwd: '/project',
            parentUuid: 'msg-007',
            uuid: 'msg-008',
            message: { role: 'user', content: `Now add a ${word} function` },
          })}\n`,
        );
        // The index is refreshed at most every 2 s.
        await new Promise((resolve) => setTimeout(resolve, 2200));
        const hits = (await live.call('search', { query: word })).data.hits as {
          sessionId: string;
          source: string;
        }[];
        expect(hits).toEqual([expect.objectContaining({ sessionId: 'test-session-id', source: 'prompt' })]);
        expect((await live.call('get_session', { session: 'test-session-id' })).data.turns).toBe(before + 1);
      } finally {
        await live.client.close();
      }
    },
    slow,
  );

  it('documents every tool and parameter in agentlog mcp --help', async () => {
    const io = memoryIo({ HOME: home, COLUMNS: '80' }, repoRoot);
    expect(await runCli(['mcp', '--help'], io)).toBe(0);
    const help = io.out();
    for (const tool of mcpTools) {
      expect(help).toContain(`  ${tool.name}: `);
      for (const field of Object.keys(tool.input.shape))
        expect(help, `${tool.name}.${field}`).toContain(`- ${field} (`);
    }
    expect(help.split('\n').filter((line) => line.length > 80)).toEqual([]);
  });
});
