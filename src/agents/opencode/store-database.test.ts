import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readRowDump, writeOpencodeDatabase } from '../test-support/opencode-database.js';
import { listDatabaseSessions, openAtRest, readDatabaseSession } from './store-database.js';

const dirs: string[] = [];
afterEach(() => {
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
});
