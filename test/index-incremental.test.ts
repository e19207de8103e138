import {
  appendFileSync,
  chmodSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { indexFileName } from '../src/cache/cache-location.js';
import { ForeignIndexError, openIndex, removeIndexFiles } from '../src/cache/open-index.js';
import { coldSessions, copyCorpus, refreshed, reports, tempDir } from './index-helpers.js';

const claudeDir = 'microsoft__vscode-copilot-chat/src/extension/chatSessions/claude/node/test/fixtures';
const mainFile = '30530d66-37fb-4f3b-aa5f-d92b6a8afae2.jsonl';
const withSubagents = 'b3a7bd3c-5a10-4e7b-8ff0-7fc0cd6d1093';
const flatDir =
  'iansherr__claude-code-log/test/test_data/real_projects/-Users-dain-workspace-claude-code-log-sample';
const codexDir = 'codemie-ai__codemie-code/tests/integration/metrics/fixtures/codex/sessions/2026/01/02';

let logs: string;
let cache: string;

/** Makes every copied file writable (the corpus is read-only). */
function writable(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    chmodSync(path.join(entry.parentPath, entry.name), entry.isDirectory() ? 0o755 : 0o644);
  }
  chmodSync(dir, 0o755);
}

/** The file's lines, each with its `\n`. */
function linesOf(file: string): string[] {
  return readFileSync(file, 'utf8').split(/(?<=\n)/);
}

/** Moves the modification time forward, as a later write would. */
function later(file: string, seconds = 10): void {
  const { mtime } = statSync(file);
  const next = new Date(mtime.getTime() + seconds * 1000);
  utimesSync(file, next, next);
}

/** The index gives what a cold read of the same files gives. */
async function expectSameAsCold(result: { sessions: import('../src/model/session.js').Session[] }) {
  expect(reports(result.sessions)).toEqual(reports(await coldSessions(logs)));
}

describe('incremental index', () => {
  beforeEach(() => {
    logs = tempDir('logs');
    cache = tempDir('cache');
    copyCorpus(logs, [claudeDir, flatDir, codexDir]);
    writable(logs);
  });
  afterEach(() => {
    rmSync(logs, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
  });

  it('builds cold, then reads nothing when nothing changed', async () => {
    const cold = await refreshed(cache, logs);
    expect(cold.stats).toMatchObject({ unchanged: 0, appended: 0, reread: 0, removed: 0 });
    expect(cold.stats.added).toBe(cold.stats.files);
    // Each unit is built as soon as its files are read: nothing is loaded back from the index.
    expect(cold.stats).toMatchObject({ unitsReused: 0, loadedBack: 0 });
    expect(cold.stats.unitsBuilt).toBeGreaterThan(0);
    await expectSameAsCold(cold);
    const warm = await refreshed(cache, logs);
    expect(warm.stats).toMatchObject({ unchanged: warm.stats.files, bytesParsed: 0, unitsBuilt: 0 });
    expect(warm.stats.unitsReused).toBeGreaterThan(0);
    expect(reports(warm.sessions)).toEqual(reports(cold.sessions));
  });

  it('takes no write lock when nothing changed (another process may be writing)', async () => {
    await refreshed(cache, logs);
    const writer = new Database(path.join(cache, indexFileName));
    writer.exec('BEGIN IMMEDIATE');
    try {
      const warm = await refreshed(cache, logs);
      expect(warm.stats.unchanged).toBe(warm.stats.files);
      await expectSameAsCold(warm);
    } finally {
      writer.exec('ROLLBACK');
      writer.close();
    }
  });

  it('parses only the appended bytes of a grown file', async () => {
    const file = path.join(logs, claudeDir, mainFile);
    const lines = linesOf(file);
    const half = Math.floor(lines.length / 2);
    writeFileSync(file, lines.slice(0, half).join(''));
    await expectSameAsCold(await refreshed(cache, logs));
    const appended = lines.slice(half).join('');
    appendFileSync(file, appended);
    later(file);
    const result = await refreshed(cache, logs);
    // The unit is brought up to date from the appended lines: not built again, nothing loaded back.
    expect(result.stats).toMatchObject({
      appended: 1,
      reread: 0,
      added: 0,
      unitsBuilt: 0,
      unitsAppended: 1,
      loadedBack: 0,
    });
    expect(result.stats.bytesParsed).toBe(Buffer.byteLength(appended));
    await expectSameAsCold(result);
  });

  it('keeps a partial last line apart and reads it again once it is complete', async () => {
    const file = path.join(logs, claudeDir, mainFile);
    const lines = linesOf(file);
    const half = Math.floor(lines.length / 2);
    const next = lines[half] ?? '';
    const cut = Math.floor(next.length / 2);
    writeFileSync(file, lines.slice(0, half).join('') + next.slice(0, cut));
    const partial = await refreshed(cache, logs);
    await expectSameAsCold(partial);
    const problems = partial.sessions.flatMap((s) => s.problems).filter((p) => p.type === 'truncated');
    expect(problems).toHaveLength(1);
    const rest = next.slice(cut) + lines.slice(half + 1).join('');
    appendFileSync(file, rest);
    later(file);
    const complete = await refreshed(cache, logs);
    expect(complete.stats.appended).toBe(1);
    // From the start of the partial line: its first half again, then what was appended, folded into the
    // stored session (its problem for the partial line taken out): nothing else is read.
    expect(complete.stats).toMatchObject({ loadedBack: 0, unitsAppended: 1, unitsBuilt: 0 });
    expect(complete.stats.bytesParsed).toBe(Buffer.byteLength(next.slice(0, cut)) + Buffer.byteLength(rest));
    await expectSameAsCold(complete);
    expect(complete.sessions.flatMap((s) => s.problems).filter((p) => p.type === 'truncated')).toEqual([]);
  });

  it('reads a truncated file again whole', async () => {
    await refreshed(cache, logs);
    const file = path.join(logs, claudeDir, mainFile);
    const lines = linesOf(file);
    writeFileSync(file, lines.slice(0, 5).join(''));
    later(file);
    const result = await refreshed(cache, logs);
    expect(result.stats).toMatchObject({ reread: 1, appended: 0 });
    expect(result.stats.bytesParsed).toBe(statSync(file).size);
    await expectSameAsCold(result);
  });

  it('reads a file rewritten with other content of the same size again whole', async () => {
    await refreshed(cache, logs);
    const file = path.join(logs, claudeDir, mainFile);
    const before = readFileSync(file, 'utf8');
    // Another tool in the first call: same length, different content.
    const after = before.replace('"name":"Bash"', '"name":"Glob"');
    expect(after).not.toBe(before);
    expect(Buffer.byteLength(after)).toBe(Buffer.byteLength(before));
    writeFileSync(file, after);
    later(file);
    const result = await refreshed(cache, logs);
    expect(result.stats).toMatchObject({ reread: 1, appended: 0 });
    await expectSameAsCold(result);
  });

  it('reads a grown file whose beginning changed again whole', async () => {
    await refreshed(cache, logs);
    const file = path.join(logs, claudeDir, mainFile);
    const before = readFileSync(file, 'utf8');
    writeFileSync(file, `${before.replace('"name":"Bash"', '"name":"Glob"')}${linesOf(file).slice(-1)[0]}`);
    later(file);
    const result = await refreshed(cache, logs);
    expect(result.stats).toMatchObject({ reread: 1, appended: 0 });
    await expectSameAsCold(result);
  });

  it('adds a new file and removes a deleted one', async () => {
    const extra = path.join(logs, claudeDir, 'b02ed4d8-1f00-45cc-949f-3ea63b2dbde2.jsonl');
    const saved = readFileSync(extra);
    rmSync(extra);
    await refreshed(cache, logs);
    writeFileSync(extra, saved);
    const added = await refreshed(cache, logs);
    expect(added.stats).toMatchObject({ added: 1, reread: 0, appended: 0, unitsBuilt: 1 });
    await expectSameAsCold(added);
    rmSync(path.join(logs, claudeDir, mainFile));
    const removed = await refreshed(cache, logs);
    expect(removed.stats).toMatchObject({ removed: 1, added: 0, unitsBuilt: 0 });
    await expectSameAsCold(removed);
    const db = new Database(path.join(cache, indexFileName), { readonly: true });
    const paths = (db.prepare('SELECT path FROM files').all() as { path: string }[]).map((r) => r.path);
    const sessions = db.prepare('SELECT COUNT(*) AS n FROM sessions WHERE files LIKE ?').get(`%${mainFile}%`);
    db.close();
    expect(paths).not.toContain(path.join(logs, claudeDir, mainFile));
    expect(sessions).toEqual({ n: 0 });
  });

  it('links a new subagent file to its existing session', async () => {
    const sub = path.join(logs, claudeDir, withSubagents, 'subagents', 'agent-a775a67.jsonl');
    const saved = readFileSync(sub);
    rmSync(sub);
    const before = await refreshed(cache, logs);
    await expectSameAsCold(before);
    writeFileSync(sub, saved);
    const after = await refreshed(cache, logs);
    expect(after.stats).toMatchObject({ added: 1, unitsBuilt: 0, unitsAppended: 1 });
    await expectSameAsCold(after);
    const session = after.sessions.find((s) => s.id === withSubagents);
    expect(session?.subagents.map((s) => s.session.files[0])).toContain(sub);
  });

  it('moves a rewritten subagent file to the session it now names (read under its old unit, built under the new)', async () => {
    const dir = path.join(logs, flatDir);
    const sub = path.join(dir, 'agent-41be4aa9.jsonl');
    const owner = '89488521-e2e7-4d97-bc02-38197efdddc8';
    const before = await refreshed(cache, logs);
    expect(before.sessions.find((s) => s.id === owner)?.subagents ?? []).toHaveLength(0);
    // The stored row still groups the file under its old session: the refresh reads it with that unit,
    // and the rows then group it under its new owner, built after the reads.
    writeFileSync(sub, readFileSync(sub, 'utf8').replaceAll('4e062ed2-cbfa-4cb8-bc9a-1551bf168eaf', owner));
    later(sub);
    const after = await refreshed(cache, logs);
    expect(after.stats.reread).toBe(1);
    await expectSameAsCold(after);
    expect(after.sessions.find((s) => s.id === owner)?.subagents.map((s) => s.session.files[0])).toContain(
      sub,
    );
  });

  it('appends to a Codex rollout', async () => {
    const dir = path.join(logs, codexDir);
    const file = path.join(dir, readdirSync(dir).sort()[0] as string);
    const lines = linesOf(file);
    writeFileSync(file, lines.slice(0, 3).join(''));
    await refreshed(cache, logs);
    appendFileSync(file, lines.slice(3).join(''));
    later(file);
    const result = await refreshed(cache, logs);
    expect(result.stats.appended).toBe(1);
    await expectSameAsCold(result);
  });

  it('leaves indexed files outside the inputs alone', async () => {
    await refreshed(cache, logs);
    const one = path.join(logs, claudeDir);
    const narrow = await refreshed(cache, one);
    expect(narrow.stats.removed).toBe(0);
    const db = new Database(path.join(cache, indexFileName), { readonly: true });
    const count = db.prepare('SELECT COUNT(*) AS n FROM files').get() as { n: number };
    db.close();
    expect(count.n).toBeGreaterThan(narrow.stats.files);
    const again = await refreshed(cache, logs);
    expect(again.stats.unchanged).toBe(again.stats.files);
    await expectSameAsCold(again);
  });

  it('rebuilds an index of another schema version or agentlog version by itself', async () => {
    await refreshed(cache, logs);
    const file = path.join(cache, indexFileName);
    const db = new Database(file);
    db.pragma('user_version = 1');
    db.close();
    const index = openIndex({ cacheDir: cache, agentlogVersion: 'test' });
    expect(index.created).toBe(true);
    index.db.close();
    const rebuilt = await refreshed(cache, logs);
    expect(rebuilt.stats.added).toBe(rebuilt.stats.files);
    await expectSameAsCold(rebuilt);
    const upgraded = await refreshed(cache, logs, 'test-2');
    expect(upgraded.stats.added).toBe(upgraded.stats.files);
    expect((await refreshed(cache, logs, 'test-2')).stats.unchanged).toBe(upgraded.stats.files);
  });

  it('leaves alone a file that is not an agentlog index', () => {
    const file = path.join(cache, indexFileName);
    writeFileSync(file, 'not a database');
    expect(() => openIndex({ cacheDir: cache, agentlogVersion: 'test' })).toThrow(ForeignIndexError);
    expect(readFileSync(file, 'utf8')).toBe('not a database');
  });

  it('sets a damaged index of its own aside, with a warning, and starts again', async () => {
    await refreshed(cache, logs);
    const file = path.join(cache, indexFileName);
    // Keep SQLite's header (with agentlog's mark), overwrite every page after the first with garbage.
    const bytes = readFileSync(file);
    const pageSize = bytes.readUInt16BE(16);
    bytes.fill(0x5a, pageSize);
    writeFileSync(file, bytes);
    const warnings: string[] = [];
    const index = openIndex({ cacheDir: cache, agentlogVersion: 'test', onWarning: (m) => warnings.push(m) });
    index.db.close();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/was damaged .* moved to ".*index\.sqlite\.damaged"/);
    expect(readFileSync(`${file}.damaged`).equals(bytes)).toBe(true);
    const result = await refreshed(cache, logs);
    expect(result.stats.added).toBe(result.stats.files);
    await expectSameAsCold(result);
    // Both are ours: clearing the cache deletes them.
    expect(removeIndexFiles(file)).toBe(true);
    expect(readdirSync(cache)).toEqual([]);
  });
});
