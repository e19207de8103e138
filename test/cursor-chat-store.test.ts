// Cursor CLI chat stores (`~/.cursor/chats/<hash>/<agent id>/store.db`, FORMATS.md section 6): the mock of
// corpus-more and a store written here in the production shape peers describe (AI SDK messages, a root node of
// field-1 child ids and a field-9 workspace URI), WAL mode with the writer still open, as Cursor leaves it.
// Expectations come from the test's own messages and a plain read of the tables, never from agentlog's output.
// The CLI cases run the built CLI (`npm run build`).
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverAgents } from '../src/agents/discover-agents.js';
import { readSession } from '../src/lifecycle/load-sessions.js';
import { corpusMoreDir } from './corpus.js';
import { runBuiltCli } from './helpers/run-built-cli.js';

// biome-ignore lint/suspicious/noExplicitAny: a plain read of JSON
type Json = Record<string, any>;

const mockStore = path.join(
  corpusMoreDir,
  'cursor/aaaAlexanderaaa__cchistory/mock_data/.cursor/chats/af011dd15c5531c7da90dca20a705268/9de177ee-1730-4758-96dd-3ce64a628980/store.db',
);

/** Each file of a folder with its bytes' hash, size and mtime: what a read must leave as it was. */
function listing(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir).map((name) => {
      const file = path.join(dir, name);
      const stats = statSync(file);
      return [
        name,
        `${createHash('sha256').update(readFileSync(file)).digest('hex')} ${stats.size} ${stats.mtimeMs}`,
      ];
    }),
  );
}

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const field = (n: number, payload: Buffer) =>
  Buffer.concat([Buffer.from([(n << 3) | 2, payload.length]), payload]);

/** A store in the production shape, left open in WAL mode; `add` appends a message and a new root. */
function writeStore(file: string, messages: Json[], workspace: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('wal_autocheckpoint = 0');
  db.exec(
    'CREATE TABLE blobs (id TEXT PRIMARY KEY, data BLOB); CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)',
  );
  const ids: string[] = [];
  const put = (data: Buffer) => {
    const id = sha(data);
    db.prepare('INSERT OR IGNORE INTO blobs (id, data) VALUES (?, ?)').run(id, data);
    return id;
  };
  const commit = () => {
    const root = put(
      Buffer.concat([...ids.map((id) => field(1, Buffer.from(id, 'hex'))), field(9, Buffer.from(workspace))]),
    );
    const meta = {
      agentId: path.basename(path.dirname(file)),
      latestRootBlobId: root,
      name: 'Fix the failing test',
      mode: 'agent',
      createdAt: 1_767_148_200_000,
      lastUsedModel: 'claude-4.5-sonnet',
    };
    db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(
      '0',
      Buffer.from(JSON.stringify(meta)).toString('hex'),
    );
  };
  for (const message of messages) ids.push(put(Buffer.from(JSON.stringify(message))));
  commit();
  return {
    db,
    add(message: Json) {
      ids.push(put(Buffer.from(JSON.stringify(message))));
      commit();
    },
  };
}

const conversation: Json[] = [
  { role: 'system', content: 'You are a coding agent.' },
  {
    role: 'user',
    content: '<user_info>OS: linux</user_info>\n<user_query>\nWhy does the test fail?\n</user_query>',
  },
  {
    id: '1',
    role: 'assistant',
    content: [
      {
        type: 'reasoning',
        text: 'Read the test first.',
        providerOptions: { cursor: { modelName: 'claude-4.5-sonnet-thinking' } },
      },
      { type: 'text', text: 'Reading it.' },
      { type: 'tool-call', toolCallId: 'toolu_01', toolName: 'Read', args: { path: '/work/app/test.ts' } },
      { type: 'tool-call', toolCallId: 'toolu_02', toolName: 'Shell', args: { command: 'npm test' } },
    ],
  },
  {
    role: 'tool',
    id: 'toolu_01',
    content: [{ type: 'tool-result', toolName: 'Read', toolCallId: 'toolu_01', result: 'expect(1).toBe(2)' }],
  },
  {
    role: 'tool',
    id: 'toolu_02',
    content: [
      {
        type: 'tool-result',
        toolName: 'Shell',
        toolCallId: 'toolu_02',
        result: [{ type: 'text', text: '1 failed' }],
        isError: true,
      },
    ],
  },
  { id: '1', role: 'assistant', content: [{ type: 'text', text: 'The expectation is wrong.' }] },
];

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(path.join(tmpdir(), 'agentlog-cursor-store-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The built CLI (`npm run build`) in a fresh HOME: the default folders are that HOME's. */
function cli(args: string[], home: string) {
  return runBuiltCli(args, tmp, {
    HOME: home,
    AGENTLOG_CACHE_DIR: path.join(tmp, `${path.basename(home)}-cache`),
    CURSOR_CONFIG_DIR: undefined,
  });
}

describe('the mock store of corpus-more', () => {
  const plain = new Database(mockStore, { readonly: true, fileMustExist: true });
  const metaRows = plain.prepare('SELECT key, value FROM meta').all() as { key: string; value: string }[];
  const blobs = plain.prepare('SELECT id, data FROM blobs').all() as { id: string; data: Buffer }[];
  plain.close();
  const meta = JSON.parse(Buffer.from(metaRows[0]?.value ?? '', 'hex').toString()) as Json;
  const root = blobs.find((b) => b.id === meta.latestRootBlobId);

  it('is read into one session: the root node and the JSON message after its fields', async () => {
    const before = listing(path.dirname(mockStore));
    const session = await readSession(mockStore);
    expect(listing(path.dirname(mockStore))).toEqual(before);
    if (!session || !root) throw new Error('no session');
    // The root: one empty field 1 (0x0a 0x00), then a JSON message.
    expect([...root.data.subarray(0, 2)]).toEqual([0x0a, 0x00]);
    const embedded = JSON.parse(root.data.subarray(root.data.indexOf('{')).toString()) as Json;
    expect(session.id).toBe(meta.agentId);
    expect(session.title).toBe(meta.name);
    expect(session.models).toEqual([meta.lastUsedModel]);
    expect(session.startTime).toBe(new Date(meta.createdAt).toISOString());
    expect(session.messages).toHaveLength(1);
    const texts = session.messages[0]?.parts.map((p) => ('text' in p ? p.text : ''));
    expect(texts).toEqual(embedded.content.map((c: Json) => c.text));
  });

  it('validate accounts for every meta row and blob: the blobs the root does not reach are kept as unknowns', async () => {
    const run = await cli(['validate', path.dirname(mockStore), '--json'], path.join(tmp, 'mock-home'));
    expect(run.code).toBe(0);
    const report = JSON.parse(run.out) as Json;
    const lines = metaRows.length + blobs.length;
    const records = Object.values(report.records as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(report.lines).toBe(lines);
    expect(records + report.errors.length + report.blankLines).toBe(lines);
    // The root holds no 32-byte child id (no 0x0a 0x20): every other blob is unreferenced.
    expect(root?.data.includes(Buffer.from([0x0a, 0x20]))).toBe(false);
    expect(report.unknownRecordTypes).toEqual({ 'store-unreferenced': blobs.length - 1 });
    expect(report.records['store-meta']).toBe(1);
    expect(report.records['store-node']).toBe(1);
  });
});

describe('a store in the production shape, the agent still writing', () => {
  const hash = 'e4e90b7bcae743c9a1a1a045a49e1b1d';
  const agentId = 'ac437fdf-3e7e-4a54-98a4-7bb04fd3efc6';
  let home: string;
  let store: string;
  let writer: ReturnType<typeof writeStore>;
  beforeAll(() => {
    home = path.join(tmp, 'home');
    store = path.join(home, '.cursor', 'chats', hash, agentId, 'store.db');
    writer = writeStore(store, conversation, 'file:///work/My%20App');
    // An earlier root the latest one replaced: unreferenced.
    writer.db
      .prepare('INSERT INTO blobs (id, data) VALUES (?, ?)')
      .run('00'.repeat(32), field(9, Buffer.from('old')));
    // A folder at the wrong depth: not a session.
    mkdirSync(path.join(home, '.cursor', 'chats', 'stray'), { recursive: true });
    new Database(path.join(home, '.cursor', 'chats', 'stray', 'store.db')).close();
  });
  afterAll(() => writer.db.close());

  it('is found by default discovery in a fresh HOME, beside its -wal and -shm', async () => {
    const found = await discoverAgents({ env: {}, home });
    const cursor = found.files.filter((f) => f.agent === 'cursor');
    expect(cursor.map((f) => f.path)).toEqual([store]);
    expect(found.skipped.map((s) => s.path)).toContain(
      path.join(home, '.cursor', 'chats', 'stray', 'store.db'),
    );
    // The size counts the log the writes are in.
    expect(cursor[0]?.size).toBe(statSync(store).size + statSync(`${store}-wal`).size);
  });

  it('pairs the calls with their results, by toolCallId, and leaves the files as they were', async () => {
    const dir = path.dirname(store);
    const before = listing(dir);
    expect(Object.keys(before).sort()).toEqual(['store.db', 'store.db-shm', 'store.db-wal']);
    const session = await readSession(store);
    expect(listing(dir)).toEqual(before);
    if (!session) throw new Error('no session');
    expect(session.id).toBe(agentId);
    expect(session.cwd).toBe('/work/My App');
    expect(session.title).toBe('Fix the failing test');
    expect(session.models.sort()).toEqual(['claude-4.5-sonnet', 'claude-4.5-sonnet-thinking']);
    expect(session.messages.map((m) => `${m.role}:${m.kind}`)).toEqual([
      'system:system',
      'user:prompt',
      'assistant:response',
      'user:tool_results',
      'user:tool_results',
      'assistant:response',
    ]);
    const calls = conversation.flatMap((m) =>
      Array.isArray(m.content) ? m.content.filter((p: Json) => p.type === 'tool-call') : [],
    );
    const results = new Map<string, Json>(
      conversation.flatMap((m) =>
        m.role === 'tool' ? m.content.map((p: Json) => [p.toolCallId, p] as const) : [],
      ),
    );
    expect(session.toolCalls.map((c) => [c.id, c.name, c.input])).toEqual(
      calls.map((c: Json) => [c.toolCallId, c.toolName, c.args]),
    );
    for (const call of session.toolCalls)
      expect(call.status).toBe(results.get(call.id)?.isError ? 'error' : 'ok');
    expect(session.usageEntries).toEqual([]);
  });

  it('the CLI lists it, says no usage was recorded, and reads it again when the agent writes to the log', async () => {
    const probe = await cli(['ls', '--agent', 'cursor', '--json'], home);
    expect(probe.err).toBe('');
    const ls = async () =>
      (JSON.parse((await cli(['ls', '--agent', 'cursor', '--json'], home)).out) as Json[])[0];
    const first = await ls();
    expect(first?.messages).toBe(conversation.length);
    const usage = await cli(['usage', '--agent', 'cursor'], home);
    expect(usage.out).toMatch(/no usage recorded/i);
    const dbBefore = statSync(store);
    writer.add({ role: 'user', content: '<user_query>Thanks</user_query>' });
    // The write went to the log only: the database file is as it was.
    expect(statSync(store).mtimeMs).toBe(dbBefore.mtimeMs);
    expect(statSync(store).size).toBe(dbBefore.size);
    expect((await ls())?.messages).toBe(conversation.length + 1);
  });

  it('validate accounts for every row: records, the unreferenced old root, no errors', async () => {
    const plain = new Database(store, { readonly: true, fileMustExist: true });
    const rows =
      (plain.prepare('SELECT COUNT(*) AS n FROM meta').get() as { n: number }).n +
      (plain.prepare('SELECT COUNT(*) AS n FROM blobs').get() as { n: number }).n;
    plain.close();
    const run = await cli(['validate', '--agent', 'cursor', '--json'], home);
    const report = JSON.parse(run.out) as Json;
    const records = Object.values(report.records as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(report.lines).toBe(rows);
    expect(records).toBe(rows);
    // Every message blob reached once, two roots written (one per commit) and the old one put by the test.
    expect(report.unknownRecordTypes).toEqual({ 'store-unreferenced': 2 });
    expect(report.schemaIssues).toEqual([]);
  });
});
