import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readRowDump, writeOpencodeDatabase } from '../test-support/opencode-database.js';
import { listDatabaseSessions, openAtRest, readDatabaseSession } from './store-database.js';

const dirs: string[] = [];
afterEach(() => {
  vi.unstubAllEnvs();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function database(): { dir: string; file: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'agentlog-opencode-db-'));
  dirs.push(dir);
  const file = path.join(dir, 'opencode.db');
  writeOpencodeDatabase(file, readRowDump(), { wal: true });
  return { dir, file };
}

const tempCopies = () =>
  readdirSync(tmpdir()).filter((n) => n.startsWith('agentlog-opencode-') && !dirs.some((d) => d.endsWith(n)));

describe('OpenCode database at rest', () => {
  it('lists the root session with its subagent rows and reads them in order', () => {
    const { dir, file } = database();
    const rows = readRowDump();
    expect(listDatabaseSessions(file)).toEqual([
      {
        id: 'ses_f34a354dbffe8waMGOZgKvK6cK',
        rows: rows.length,
        updated: Math.max(...rows.map((r) => Number(r.row.time_updated ?? 0))),
      },
    ]);
    const read = readDatabaseSession(file, 'ses_f34a354dbffe8waMGOZgKvK6cK');
    // The root's rows in seq order, then its subagent's: the dump's order.
    expect(read.map((r) => ('row' in r ? r.row.id : r.error))).toEqual(rows.map((r) => r.row.id));
    expect(readdirSync(dir)).toEqual(['opencode.db']);
  });

  it('reads a large database from a temporary copy that it removes, writing nothing beside the file', () => {
    const { dir, file } = database();
    const before = tempCopies();
    const db = openAtRest(file, statSync(file).size, 0);
    expect((db.prepare('SELECT count(*) AS n FROM session_message').get() as { n: number }).n).toBe(13);
    expect(tempCopies()).toEqual(before);
    db.close();
    expect(readdirSync(dir)).toEqual(['opencode.db']);
  });

  it('reports a row whose data is not JSON in its place', () => {
    const { file } = database();
    const rows = readRowDump();
    const broken = rows.map((r, i) => (i === 2 ? { ...r, row: { ...r.row, data: '{not json' } } : r));
    rmSync(file);
    writeOpencodeDatabase(file, broken);
    const read = readDatabaseSession(file, 'ses_f34a354dbffe8waMGOZgKvK6cK');
    expect(read).toHaveLength(rows.length);
    expect(read[2]).toMatchObject({ error: expect.stringContaining('data column is not JSON') });
  });

  it('reads a v1 database (session, message, part tables with JSON data), subagent sessions under their root', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'agentlog-opencode-v1-'));
    dirs.push(dir);
    const file = path.join(dir, 'opencode.db');
    const t = (n: number) => ({ time_created: n, time_updated: n });
    writeOpencodeDatabase(file, [
      { table: 'session', row: { id: 'ses_a', parent_id: null, title: 'Root', directory: '/w', ...t(1) } },
      {
        table: 'session',
        row: { id: 'ses_b', parent_id: 'ses_a', title: 'Child', directory: '/w', ...t(5) },
      },
      { table: 'message', row: { id: 'msg_1', session_id: 'ses_a', data: { role: 'user' }, ...t(2) } },
      { table: 'message', row: { id: 'msg_2', session_id: 'ses_b', data: { role: 'assistant' }, ...t(6) } },
      {
        table: 'part',
        row: {
          id: 'prt_1',
          message_id: 'msg_1',
          session_id: 'ses_a',
          data: { type: 'text', text: 'hi' },
          ...t(3),
        },
      },
      {
        table: 'part',
        row: {
          id: 'prt_2',
          message_id: 'msg_2',
          session_id: 'ses_b',
          data: { type: 'text', text: 'yo' },
          ...t(9),
        },
      },
    ]);
    expect(listDatabaseSessions(file)).toEqual([{ id: 'ses_a', rows: 6, updated: 9 }]);
    expect(
      readDatabaseSession(file, 'ses_a').map((r) => ('row' in r ? `${r.table}:${r.row.id}` : r.error)),
    ).toEqual([
      'session:ses_a',
      'message:msg_1',
      'part:prt_1',
      'session:ses_b',
      'message:msg_2',
      'part:prt_2',
    ]);
  });

  it('reads the commits of a -wal left without its -shm, from a copy of both, writing nothing beside them', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'agentlog-opencode-crash-'));
    dirs.push(dir);
    // The private copy of a -wal is removed on the process's exit event, which a vitest worker (ended by a
    // signal) never has: made in this test's folder (os.tmpdir() reads TMPDIR), it is removed with it.
    vi.stubEnv('TMPDIR', dir);
    const live = path.join(dir, 'live.db');
    writeOpencodeDatabase(live, readRowDump(), { wal: true });
    const writer = new Database(live);
    writer.pragma('wal_autocheckpoint = 0');
    writer
      .prepare(
        "INSERT INTO session_message (id, session_id, type, seq, data) VALUES ('msg_wal', 'ses_f34a354dbffe8waMGOZgKvK6cK', 'user', 500, '{}')",
      )
      .run();
    // The state a crash leaves: the file and its log, no shared-memory file.
    const crashed = path.join(dir, 'crashed');
    mkdirSync(crashed);
    copyFileSync(live, path.join(crashed, 'opencode.db'));
    copyFileSync(`${live}-wal`, path.join(crashed, 'opencode.db-wal'));
    writer.close();
    const file = path.join(crashed, 'opencode.db');
    const read = readDatabaseSession(file, 'ses_f34a354dbffe8waMGOZgKvK6cK');
    expect(read.map((r) => ('row' in r ? r.row.id : r.error))).toContain('msg_wal');
    expect(readdirSync(crashed).sort()).toEqual(['opencode.db', 'opencode.db-wal']);
  });
});
