/**
 * The index and OpenCode's stores: a database session is read again only when its watermark (rows and
 * newest `time_updated` of it and its subagents) moves, a tree session when one of its documents changes;
 * the other sessions of the same store are not read; and every report equals a run without the index.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { readRowDump, writeOpencodeDatabase } from '../src/agents/test-support/opencode-database.js';
import { runBuiltCli } from './helpers/run-built-cli.js';

const work = mkdtempSync(path.join(tmpdir(), 'agentlog-opencode-index-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const home = path.join(work, 'home');
const cache = path.join(work, 'cache');
const data = path.join(home, '.local', 'share', 'opencode');
const db = path.join(data, 'opencode.db');
const tree = path.resolve(
  import.meta.dirname,
  'data/corpus-more/opencode/jazzyalex__agent-sessions/Resources/Fixtures/stage0/agents/opencode/storage_v2',
);
const env = { HOME: home, XDG_DATA_HOME: undefined, OPENCODE_DB: undefined };

async function run(args: string[], cached: boolean) {
  const result = await runBuiltCli(
    cached ? args : [...args, '--no-cache'],
    work,
    cached ? { ...env, AGENTLOG_CACHE_DIR: cache } : env,
  );
  expect(result.code, result.err).toBe(0);
  return result.out;
}

async function sameReports() {
  for (const command of [
    ['report', '--json'],
    ['usage', '--json', '--by', 'session'],
    ['validate', '--json'],
    ['tools', '--json'],
  ])
    expect(await run(command, true)).toEqual(await run(command, false));
}

/** `cache update`'s counts: unchanged, read again, new. */
async function update() {
  const out = await run(['cache', 'update'], true);
  const match = /(\d+) unchanged, \d+ appended, (\d+) read again, (\d+) new/.exec(out);
  return { unchanged: Number(match?.[1]), reread: Number(match?.[2]), added: Number(match?.[3]) };
}

async function totalInput(): Promise<number> {
  const usage = JSON.parse(await run(['usage', '--json'], true)) as { total: { inputTokens: number } };
  return usage.total.inputTokens;
}

const assistantRow = (id: string, seq: number, input: number) => ({
  id,
  session_id: 'ses_f34a354dbffe8waMGOZgKvK6cK',
  type: 'assistant',
  seq,
  time_created: 1790118300000 + seq,
  time_updated: 1790118300000 + seq,
  data: JSON.stringify({
    agent: 'build',
    content: [{ type: 'text', text: 'one more step' }],
    model: { id: 'big-pickle', providerID: 'opencode' },
    finish: 'stop',
    tokens: { input, output: 7, reasoning: 0, cache: { read: 0, write: 0 } },
    cost: 0,
  }),
});

describe('OpenCode stores in the index', () => {
  it('reads again only the sessions whose watermark moved, with the reports of a fresh read', async () => {
    mkdirSync(data, { recursive: true });
    cpSync(tree, path.join(data, 'storage'), { recursive: true });
    // The dump, and a second root session in the same database.
    writeOpencodeDatabase(
      db,
      [
        ...readRowDump(),
        {
          table: 'session_v2',
          row: { id: 'ses_other', title: 'Other', directory: '/tmp/o', time_created: 1, time_updated: 1 },
        },
        {
          table: 'session_message',
          row: {
            id: 'msg_o',
            session_id: 'ses_other',
            type: 'user',
            seq: 1,
            time_created: 2,
            time_updated: 2,
            data: { text: 'hi' },
          },
        },
      ],
      { wal: true },
    );
    const listing = readdirSync(data).sort();
    expect(await update()).toEqual({ unchanged: 0, reread: 0, added: 4 });
    expect(await update()).toEqual({ unchanged: 4, reread: 0, added: 0 });
    await sameReports();
    const inputBefore = await totalInput();

    // OpenCode writes one more step into the main session: that session alone is read again.
    const writer = new Database(db);
    writer.pragma('journal_mode = WAL');
    const row = assistantRow('msg_more', 300, 1000);
    writer
      .prepare(
        'INSERT INTO session_message (id, session_id, type, seq, time_created, time_updated, data) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .run(row.id, row.session_id, row.type, row.seq, row.time_created, row.time_updated, row.data);
    expect(await update()).toEqual({ unchanged: 3, reread: 1, added: 0 });
    // The new step's tokens are counted, once.
    expect(await totalInput()).toBe(inputBefore + 1000);
    await sameReports();
    writer.close();

    // A new part in a tree session: that session alone is read again.
    writeFileSync(
      path.join(data, 'storage', 'part', 'm_assistant_large_2', '002.json'),
      JSON.stringify({
        id: 'p_more',
        sessionID: 's_stage0_large',
        messageID: 'm_assistant_large_2',
        type: 'text',
        text: 'More',
      }),
    );
    expect(await update()).toEqual({ unchanged: 3, reread: 1, added: 0 });
    await sameReports();
    // Nothing of agentlog's next to OpenCode's data.
    expect(readdirSync(data).sort()).toEqual(listing);
  });
});
