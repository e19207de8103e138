import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { discoverAgents } from '../discover-agents.js';
import { readRowDump, writeOpencodeDatabase } from '../test-support/opencode-database.js';
import { claimsOpencodeStore, readOpencodeStore } from './read.js';
import { opencodeDataDirs } from './roots.js';

const corpus = path.resolve(import.meta.dirname, '../../../test/data/corpus-more/opencode');
const jazzyTree = path.join(
  corpus,
  'jazzyalex__agent-sessions/Resources/Fixtures/stage0/agents/opencode/storage_v2',
);
const mockTree = path.join(corpus, 'aaaAlexanderaaa__cchistory/mock_data/.local/share/opencode/storage');

const homes: string[] = [];
afterEach(() => {
  for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true });
});

/** A fresh home laid out as OpenCode lays it out: `~/.local/share/opencode/{opencode.db,storage/}`. */
function opencodeHome(): { home: string; data: string } {
  const home = mkdtempSync(path.join(tmpdir(), 'agentlog-opencode-home-'));
  homes.push(home);
  const data = path.join(home, '.local', 'share', 'opencode');
  mkdirSync(data, { recursive: true });
  cpSync(jazzyTree, path.join(data, 'storage'), { recursive: true });
  writeOpencodeDatabase(path.join(data, 'opencode.db'), readRowDump(), { wal: true });
  return { home, data };
}

const opencodeFiles = async (env: NodeJS.ProcessEnv, home: string) =>
  (await discoverAgents({ env, home })).files.filter((f) => f.agent === 'opencode');

describe('OpenCode roots', () => {
  it('is $XDG_DATA_HOME/opencode (default ~/.local/share) and Kilo beside it', () => {
    expect(opencodeDataDirs({}, '/home/u')).toEqual([
      '/home/u/.local/share/opencode',
      '/home/u/.local/share/kilo',
    ]);
    expect(opencodeDataDirs({ XDG_DATA_HOME: '/x/data' }, '/home/u')[0]).toBe('/x/data/opencode');
    expect(opencodeDataDirs({ XDG_DATA_HOME: 'relative' }, '/home/u')[0]).toBe(
      '/home/u/.local/share/opencode',
    );
  });

  it('finds the database sessions and the tree sessions, one ref per root session', async () => {
    const { home, data } = opencodeHome();
    const files = await opencodeFiles({}, home);
    const dump = readRowDump();
    // Independent: the dump's session rows without a parent are the roots; the tree's session documents.
    const roots = dump.filter((r) => r.table === 'session_v2' && !r.row.parent_id).map((r) => r.row.id);
    expect(files.filter((f) => f.store === 'database').map((f) => f.path)).toEqual(
      roots.map((id) => `${path.join(data, 'opencode.db')}#${id}`),
    );
    const db = files.find((f) => f.store === 'database');
    // The watermark covers the root's rows and its subagent's: all 15 rows of the dump.
    expect(db?.size).toBe(dump.length);
    const tree = files.filter((f) => f.store === 'tree');
    expect(tree.map((f) => path.basename(f.path)).sort()).toEqual(
      readdirSync(path.join(jazzyTree, 'session', 'proj_test')).sort(),
    );
  });

  it('follows XDG_DATA_HOME and OPENCODE_DB', async () => {
    const { home, data } = opencodeHome();
    const moved = mkdtempSync(path.join(tmpdir(), 'agentlog-opencode-xdg-'));
    homes.push(moved);
    cpSync(mockTree, path.join(moved, 'opencode', 'storage'), { recursive: true });
    const viaXdg = await opencodeFiles({ XDG_DATA_HOME: moved }, home);
    expect(viaXdg.map((f) => path.basename(f.path)).sort()).toEqual([
      'ses_11111111aaaaMockOpenCode01.json',
      'ses_22222222bbbbMockOpenCode02.json',
    ]);
    const other = path.join(moved, 'elsewhere.db');
    writeOpencodeDatabase(other, readRowDump());
    const viaDb = await opencodeFiles({ XDG_DATA_HOME: moved, OPENCODE_DB: other }, home);
    expect(viaDb.filter((f) => f.store === 'database').map((f) => f.path)).toEqual([
      `${other}#ses_f34a354dbffe8waMGOZgKvK6cK`,
    ]);
    expect(data).toContain(home);
  });

  it("finds Kilo CLI's kilo.db beside OpenCode's folder", async () => {
    const { home } = opencodeHome();
    const kilo = path.join(home, '.local', 'share', 'kilo');
    mkdirSync(kilo, { recursive: true });
    writeOpencodeDatabase(path.join(kilo, 'kilo.db'), readRowDump());
    const files = await opencodeFiles({}, home);
    expect(files.filter((f) => f.path.startsWith(kilo)).map((f) => path.basename(f.path))).toEqual([
      'kilo.db#ses_f34a354dbffe8waMGOZgKvK6cK',
    ]);
  });

  it('claims store sessions by path, not look-alike file names', () => {
    expect(claimsOpencodeStore('/d/opencode.db#ses_1')).toBe(true);
    expect(claimsOpencodeStore('/d/custom.sqlite#ses_1')).toBe(true);
    expect(claimsOpencodeStore('/d/s/storage/session/global/ses_1.json')).toBe(true);
    expect(claimsOpencodeStore('/d/notes#ses_1.jsonl')).toBe(false);
    expect(claimsOpencodeStore('/d/a#b')).toBe(false);
    expect(claimsOpencodeStore('/d/chats/session/x/y.json')).toBe(false);
  });

  it('writes nothing next to the database, at rest or while OpenCode writes to it', async () => {
    const { home, data } = opencodeHome();
    const db = path.join(data, 'opencode.db');
    const before = readdirSync(data).sort();
    const files = await opencodeFiles({}, home);
    const ref = files.find((f) => f.store === 'database');
    expect(ref).toBeDefined();
    const atRest = await readOpencodeStore(ref?.path ?? '');
    expect(atRest.records).toHaveLength(15);
    expect(readdirSync(data).sort()).toEqual(before);

    // A second process holds the database open in WAL mode and commits a new row while we read.
    const script = `
      const Database = require(${JSON.stringify(createRequire(import.meta.url).resolve('better-sqlite3'))});
      const db = new Database(${JSON.stringify(db)});
      db.pragma('journal_mode = WAL');
      db.prepare("INSERT INTO session_message (id, session_id, type, seq, time_created, time_updated, data) VALUES ('msg_new', 'ses_f34a354dbffe8waMGOZgKvK6cK', 'user', 200, 1790118300000, 1790118300000, '{\\"text\\":\\"more\\"}')").run();
      process.stdout.write('ready\\n');
      process.stdin.on('data', () => { db.close(); process.exit(0); });
    `;
    const writer = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
    await new Promise<void>((resolve) => writer.stdout.once('data', () => resolve()));
    const whileLive = readdirSync(data).sort();
    expect(whileLive).toEqual([...before, 'opencode.db-shm', 'opencode.db-wal'].sort());
    const live = await opencodeFiles({}, home);
    const liveRef = live.find((f) => f.store === 'database');
    expect(liveRef?.size).toBe(16);
    const read = await readOpencodeStore(liveRef?.path ?? '');
    expect(read.records.map((r) => (r.value.row as { id: string }).id)).toContain('msg_new');
    expect(readdirSync(data).sort()).toEqual(whileLive);
    writer.stdin.write('x');
    await new Promise((resolve) => writer.on('exit', resolve));
    expect(readdirSync(data).sort()).toEqual(before);
  });
});
