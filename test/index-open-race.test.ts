// Two processes opening one new index (or archive catalogue) at once: while the file is new, SQLite is in its
// rollback journal (WAL is not on yet), and a connection that reads and then needs to write while another process
// holds the write lock gets SQLITE_BUSY at once, without waiting for its busy timeout. `openIndex` and
// `openArchive` wait and try again: here a real second process holds the write lock of a new, empty file for
// 400 ms.
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogueFileName, openArchive } from '../src/archive/open-archive.js';
import { openIndex } from '../src/cache/open-index.js';
import { tempDir } from './index-helpers.js';

const sqlite = createRequire(import.meta.url).resolve('better-sqlite3');
const dir = tempDir('open-race');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Starts a process that takes the write lock of `file` and releases it after `ms`; resolves once it holds it. */
function holdWriteLock(file: string, ms: number): Promise<void> {
  const script = `const Database = require(${JSON.stringify(sqlite)});
const db = new Database(${JSON.stringify(file)});
db.exec('BEGIN IMMEDIATE');
process.stdout.write('held\\n');
setTimeout(() => { db.exec('COMMIT'); db.close(); }, ${ms});`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.once('data', () => resolve());
    child.on('error', reject);
  });
}

describe('opening a new index while another process sets it up', () => {
  it('waits for the other process instead of failing with "database is locked"', async () => {
    const file = path.join(dir, 'index.sqlite');
    closeSync(openSync(file, 'w', 0o600));
    await holdWriteLock(file, 400);
    const started = Date.now();
    const index = openIndex({ cacheDir: dir, agentlogVersion: 'test' });
    try {
      expect(Date.now() - started).toBeGreaterThanOrEqual(300);
      expect(index.db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(index.db.prepare("SELECT value FROM _meta WHERE key = 'agentlog_version'").pluck().get()).toBe(
        'test',
      );
    } finally {
      index.db.close();
    }
  });
});

describe('opening a new archive while another process sets it up', () => {
  it('waits for the other process instead of failing with "database is locked"', async () => {
    const archiveDir = path.join(dir, 'archive');
    mkdirSync(archiveDir, { mode: 0o700 });
    const file = path.join(archiveDir, catalogueFileName);
    closeSync(openSync(file, 'w', 0o600));
    await holdWriteLock(file, 400);
    const started = Date.now();
    const archive = openArchive(archiveDir, { create: true });
    try {
      expect(Date.now() - started).toBeGreaterThanOrEqual(300);
      expect(archive?.db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(archive?.db.prepare('SELECT count(*) FROM versions').pluck().get()).toBe(0);
    } finally {
      archive?.db.close();
    }
  });
});
