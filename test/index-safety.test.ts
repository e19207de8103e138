// The index cache as a user meets it, through the built CLI (`npm run build` first): it never writes or
// deletes a file that is not an agentlog index, it is private, it notices replaced files and damaged rows,
// and the demo never touches it.
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusPath } from './corpus.js';
import { runBuiltCli } from './helpers/run-built-cli.js';
import { giveToUnprivileged, unprivileged } from './helpers/run-unprivileged.js';
import { tempDir } from './index-helpers.js';

/** SQLite's application_id of an agentlog index, written independently of the code: "AgLg". */
const agentlogMark = Buffer.from('AgLg', 'latin1').readUInt32BE(0);

describe('the index cache, from the command line', () => {
  let work: string;
  const logs = () => path.join(work, 'logs');
  const run = (args: string[], env: Record<string, string | undefined> = {}) => runBuiltCli(args, work, env);

  beforeAll(() => {
    work = tempDir('safety');
    mkdirSync(logs());
    cpSync(corpusPath('marot__spotter'), path.join(logs(), 'spotter'), { recursive: true });
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  describe('a file at the index place that is not an agentlog index', () => {
    const userDb = () => {
      const dir = path.join(work, 'user-db');
      mkdirSync(dir, { recursive: true });
      const file = path.join(dir, 'index.sqlite');
      rmSync(file, { force: true });
      const db = new Database(file);
      db.exec("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('mine')");
      db.close();
      return dir;
    };
    const textFile = () => {
      const dir = path.join(work, 'text-file');
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'index.sqlite'), 'my own notes, not a database\n');
      return dir;
    };

    for (const [what, make] of [
      ['a user database', userDb],
      ['a text file', textFile],
    ] as const) {
      it(`is never written or deleted: ${what}`, async () => {
        const dir = make();
        const file = path.join(dir, 'index.sqlite');
        const before = readFileSync(file);
        for (const args of [
          ['report', 'logs'],
          ['ls', 'logs'],
          ['cache', 'update', 'logs'],
          ['search', 'error', 'logs'],
          ['sql', 'SELECT 1'],
          ['cache', 'clear'],
        ]) {
          const result = await run([...args, '--cache-dir', dir]);
          expect(result.code, args.join(' ')).toBe(1);
          expect(result.out).toBe('');
          const lines = result.err.trim().split('\n');
          expect(lines, args.join(' ')).toHaveLength(1);
          expect(lines[0]).toContain(file);
          expect(lines[0]).toContain('is not an agentlog index');
          expect(lines[0]).toContain('--cache-dir');
          expect(readFileSync(file).equals(before)).toBe(true);
          expect(readdirSync(dir)).toEqual(['index.sqlite']);
        }
      });
    }

    it('an empty file (what SQLite leaves before its first write) becomes the index', async () => {
      const dir = path.join(work, 'empty-file');
      mkdirSync(dir);
      writeFileSync(path.join(dir, 'index.sqlite'), '');
      const result = await run(['ls', 'logs', '--cache-dir', dir]);
      expect(result.err).toBe('');
      expect(result.code).toBe(0);
      expect(markOf(path.join(dir, 'index.sqlite'))).toBe(agentlogMark);
    });
  });

  it('marks its index, migrates an index from before the mark, and cache clear deletes only its own', async () => {
    const dir = path.join(work, 'marked');
    const file = path.join(dir, 'index.sqlite');
    expect((await run(['ls', 'logs', '--cache-dir', dir])).code).toBe(0);
    expect(markOf(file)).toBe(agentlogMark);
    // An index written before the mark: agentlog's own tables, no application id.
    const db = new Database(file);
    db.pragma('application_id = 0');
    db.close();
    const migrated = await run(['ls', '--json', 'logs', '--cache-dir', dir]);
    expect(migrated.code).toBe(0);
    expect(markOf(file)).toBe(agentlogMark);
    expect(migrated.out).toBe((await run(['ls', '--json', 'logs', '--no-cache'])).out);
    writeFileSync(path.join(dir, 'notes.txt'), 'mine');
    const cleared = await run(['cache', 'clear', '--cache-dir', dir]);
    expect(cleared.code).toBe(0);
    expect(readdirSync(dir)).toEqual(['notes.txt']);
  });

  it('creates its folder 0700 and its files 0600, the WAL and shared-memory files too', async () => {
    const dir = path.join(work, 'private', 'nested', 'cache');
    const result = await run(['ls', 'logs', '--cache-dir', dir]);
    expect(result.code).toBe(0);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(path.dirname(dir)).mode & 0o777).toBe(0o700);
    const file = path.join(dir, 'index.sqlite');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // A connection in WAL mode has its -wal and -shm files open: SQLite gives them the file's mode.
    const db = new Database(file);
    db.prepare('SELECT COUNT(*) FROM files').get();
    db.exec("INSERT OR REPLACE INTO _meta (key, value) VALUES ('probe', '1')");
    try {
      for (const suffix of ['-wal', '-shm']) {
        expect(existsSync(`${file}${suffix}`), suffix).toBe(true);
        expect(statSync(`${file}${suffix}`).mode & 0o777, suffix).toBe(0o600);
      }
    } finally {
      db.close();
    }
  });

  it('reads again a file replaced by another of the same size and modification time', async () => {
    const dir = path.join(work, 'replaced');
    const file = path.join(logs(), 'replaced', 'bbbbbbbb-0000-4000-8000-000000000002.jsonl');
    mkdirSync(path.dirname(file));
    const original = readFileSync(corpusPath('marot__spotter/test/fixtures/transcripts/short.jsonl'), 'utf8');
    writeFileSync(file, original);
    // A whole-second time, which utimes sets back exactly.
    const atime = new Date('2026-03-01T10:00:00Z');
    const mtime = atime;
    utimesSync(file, atime, mtime);
    expect((await run(['ls', 'logs', '--cache-dir', dir])).code).toBe(0);
    // Same length: every year of a timestamp moves back by two.
    const other = original.replaceAll('"timestamp":"2026-', '"timestamp":"2024-');
    expect(other).not.toBe(original);
    expect(other.length).toBe(original.length);
    writeFileSync(`${file}.new`, other);
    renameSync(`${file}.new`, file);
    utimesSync(file, atime, mtime);
    expect(statSync(file).size).toBe(Buffer.byteLength(original));
    expect(statSync(file).mtimeMs).toBe(mtime.getTime());
    try {
      const cached = await run(['ls', '--json', 'logs', '--cache-dir', dir]);
      expect(cached.out).toContain('"2024-');
      expect(cached.out).toBe((await run(['ls', '--json', 'logs', '--no-cache'])).out);
      // In place too (same inode): the change time tells.
      writeFileSync(file, original);
      utimesSync(file, atime, mtime);
      const inPlace = await run(['ls', '--json', 'logs', '--cache-dir', dir]);
      expect(inPlace.out).toBe((await run(['ls', '--json', 'logs', '--no-cache'])).out);
      // The stored validation counts too: one line is broken, at the same size and time.
      expect((await run(['report', 'logs', '--cache-dir', dir])).out).not.toContain('Could not read');
      const lines = original.split('\n');
      lines[1] = `x${lines[1]?.slice(1)}`;
      writeFileSync(file, lines.join('\n'));
      utimesSync(file, atime, mtime);
      const report = await run(['report', 'logs', '--cache-dir', dir]);
      expect(report.out).toContain('Could not read 1 line:');
      expect(report.out).toBe((await run(['report', 'logs', '--no-cache'])).out);
    } finally {
      rmSync(path.dirname(file), { recursive: true });
    }
  });

  // Units where one session id names two sessions keep their items in the stored sessions, not the rows.
  const unitsNotRowHeld = 'SELECT unit_id FROM sessions GROUP BY unit_id, id HAVING COUNT(*) > 1';
  it.each([
    ['a session', "UPDATE sessions SET detail = X'00ff' WHERE rowid = (SELECT MIN(rowid) FROM sessions)"],
    [
      'a message',
      `UPDATE messages SET detail = '{"parts":[99999]}' WHERE rowid = (SELECT MIN(rowid) FROM messages
        WHERE detail LIKE '%"parts"%' AND unit_id NOT IN (${unitsNotRowHeld}))`,
    ],
    [
      'a call',
      `UPDATE tool_calls SET detail = '[' WHERE rowid = (SELECT MIN(rowid) FROM tool_calls
        WHERE detail IS NOT NULL AND unit_id NOT IN (${unitsNotRowHeld}))`,
    ],
  ])(
    'rebuilds a damaged row (%s) from the logs, warns once, and gives exact results',
    async (what, damage) => {
      const dir = path.join(work, `damaged-${what.replace(/ /g, '-')}`);
      expect((await run(['report', 'logs', '--cache-dir', dir])).code).toBe(0);
      const expected = await run(['ls', '--json', 'logs', '--no-cache']);
      const db = new Database(path.join(dir, 'index.sqlite'));
      const damaged = db.prepare(damage).run();
      db.close();
      expect(damaged.changes).toBe(1);
      // ls, report, tools and errors answer by SQL over the rows and decode no stored session: cache update does.
      const first = await run(['cache', 'update', 'logs', '--cache-dir', dir]);
      expect(first.code).toBe(0);
      expect((await run(['ls', '--json', 'logs', '--cache-dir', dir])).out).toBe(expected.out);
      const warnings = first.err.trim().split('\n');
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/^warning: .*damaged.*built again/);
      const second = await run(['ls', '--json', 'logs', '--cache-dir', dir]);
      expect(second.err).toBe('');
      expect(second.out).toBe(expected.out);
    },
  );

  it('--demo never touches the user cache', async () => {
    const home = path.join(work, 'home');
    const xdg = path.join(work, 'xdg');
    mkdirSync(home);
    mkdirSync(xdg);
    const env = { HOME: home, XDG_CACHE_HOME: xdg };
    for (const args of [
      ['report', '--demo'],
      ['ls', '--demo'],
      ['search', '--demo', 'test'],
      ['cache', 'update', '--demo'],
      ['errors', '--demo'],
    ]) {
      const result = await run(args, env);
      expect(result.code, args.join(' ')).toBe(0);
      expect(readdirSync(xdg), args.join(' ')).toEqual([]);
      expect(readdirSync(home), args.join(' ')).toEqual([]);
    }
  });

  it('a cache folder that is a file: one warning, then the work is done without the cache', async () => {
    const blocker = path.join(work, 'a-file');
    writeFileSync(blocker, 'not a folder');
    for (const args of [
      ['report', 'logs'],
      ['ls', '--json', 'logs'],
      ['search', '--json', 'error', 'logs'],
    ]) {
      const result = await run([...args, '--cache-dir', blocker]);
      expect(result.code, args.join(' ')).toBe(0);
      const lines = result.err.trim().split('\n');
      expect(lines, args.join(' ')).toHaveLength(1);
      expect(lines[0]).toMatch(/^warning: The index cache in ".*a-file" cannot be used/);
      expect(result.out).toBe((await run([...args, '--cache-dir', path.join(work, 'for-a-file')])).out);
    }
    expect(readFileSync(blocker, 'utf8')).toBe('not a folder');
  });

  describe('a cache the user cannot write (run as an unprivileged user)', () => {
    let shared: string;
    const asUser = (args: string[]) => runBuiltCli(args, shared, {}, unprivileged());

    beforeAll(async () => {
      // Everything here must be reachable by the unprivileged user (`nobody` when the tests run as root).
      shared = tempDir('read-only');
      giveToUnprivileged(shared);
      cpSync(corpusPath('marot__spotter'), path.join(shared, 'logs'), { recursive: true });
      for (const name of ['folder', 'file']) {
        const made = await asUser(['ls', 'logs', '--cache-dir', name]);
        expect(made.code).toBe(0);
      }
      chmodSync(path.join(shared, 'folder'), 0o500);
      chmodSync(path.join(shared, 'file', 'index.sqlite'), 0o400);
    });
    afterAll(() => {
      chmodSync(path.join(shared, 'folder'), 0o700);
      rmSync(shared, { recursive: true, force: true });
    });

    for (const name of ['folder', 'file']) {
      it(`read-only ${name}: data commands work (without the index when it must change), sql and cache clear say what to do`, async () => {
        const file = path.join(shared, name, 'index.sqlite');
        const before = readFileSync(file);
        for (const args of [
          ['report', 'logs'],
          ['ls', '--json', 'logs'],
          ['search', '--json', 'error', 'logs'],
          ['tools', '--json', 'logs'],
        ]) {
          const result = await asUser([...args, '--cache-dir', name]);
          expect(result.code, args.join(' ')).toBe(0);
          expect(result.err.split('\n').filter((l) => l !== '').length).toBeLessThanOrEqual(1);
          expect(result.err).not.toMatch(/unable to open database file|Unexpected failure/);
          const fresh = await asUser([...args, '--cache-dir', `fresh-${name}`]);
          expect(result.out, args.join(' ')).toBe(fresh.out);
        }
        for (const args of [
          ['sql', 'SELECT COUNT(*) AS n FROM sessions'],
          ['cache', 'info'],
          ['cache', 'clear'],
        ]) {
          const result = await asUser([...args, '--cache-dir', name]);
          expect(result.err, args.join(' ')).not.toMatch(/unable to open database file|Unexpected failure/);
          if (result.code !== 0) expect(result.err.trim().split('\n')).toHaveLength(1);
        }
        if (name === 'folder') expect(readFileSync(file).equals(before)).toBe(true);
      });
    }
  });
});

/** The application id in an SQLite file's header (big-endian, offset 68), after a checkpoint. */
function markOf(file: string): number {
  const db = new Database(file);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return readFileSync(file).readUInt32BE(68);
}
