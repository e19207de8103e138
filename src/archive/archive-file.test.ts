import { createHash } from 'node:crypto';
import {
  appendFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { archiveFile } from './archive-file.js';
import { allVersions, latestVersion, objectLocation } from './catalogue.js';
import { extractVersion } from './extract-version.js';
import { objectPath, segmentBytes } from './object-store.js';
import { type Archive, openArchive } from './open-archive.js';
import { packFolder, packPath } from './pack-writer.js';
import { verifyArchive } from './verify-archive.js';

let root: string;
let archive: Archive;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'agentlog-archive-file-'));
  archive = openArchive(path.join(root, 'archive'), { create: true }) as Archive;
});
afterEach(() => {
  archive.db.close();
  rmSync(root, { recursive: true, force: true });
});

const line = (i: number) =>
  `${JSON.stringify({ type: 'user', uuid: `u${i}`, message: { content: `prompt ${i} `.repeat(20) } })}\n`;
const lines = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => line(from + i)).join('');

async function archived(file: string) {
  return archiveFile(archive, { path: file, kind: 'session', ref: '{}' });
}

function objectSize(hash: string): number {
  return (archive.db.prepare('SELECT size FROM objects WHERE hash = ?').get(hash) as { size: number }).size;
}

async function bytesOf(version: Parameters<typeof extractVersion>[1]): Promise<Buffer> {
  return readFileSync(await extractVersion(archive, version));
}

describe('archiveFile', () => {
  it('stores a new file once, and nothing when it is unchanged', async () => {
    const file = path.join(root, 'a.jsonl');
    writeFileSync(file, lines(0, 50));
    expect((await archived(file)).outcome).toBe('new');
    expect(await archived(file)).toEqual({ outcome: 'unchanged', bytesRead: 0, bytesStored: 0 });
    const version = latestVersion(archive, file);
    expect(version?.segments).toHaveLength(1);
    expect(await bytesOf(version as NonNullable<typeof version>)).toEqual(readFileSync(file));
  });

  it('stores only the appended bytes of a file that grew', async () => {
    const file = path.join(root, 'a.jsonl');
    writeFileSync(file, lines(0, 50));
    await archived(file);
    const first = latestVersion(archive, file);
    appendFileSync(file, lines(50, 60));
    const result = await archived(file);
    expect(result.outcome).toBe('appended');
    const second = latestVersion(archive, file);
    expect(second?.segments.slice(0, 1)).toEqual(first?.segments);
    expect(second?.segments).toHaveLength(2);
    // The new object holds the new lines' bytes, no more.
    expect(objectSize(second?.segments[1] as string)).toBe(Buffer.byteLength(lines(50, 60)));
    expect(await bytesOf(second as NonNullable<typeof second>)).toEqual(readFileSync(file));
  });

  it('keeps every earlier version of a file truncated or rewritten at the source', async () => {
    const file = path.join(root, 'a.jsonl');
    writeFileSync(file, lines(0, 50));
    await archived(file);
    appendFileSync(file, lines(50, 60));
    await archived(file);
    const full = readFileSync(file);
    truncateSync(file, Buffer.byteLength(lines(0, 10)));
    expect((await archived(file)).outcome).toBe('rewritten');
    writeFileSync(file, lines(100, 160));
    expect((await archived(file)).outcome).toBe('rewritten');
    const versions = allVersions(archive);
    expect(versions.map((v) => v.size)).toEqual([
      Buffer.byteLength(lines(0, 50)),
      full.length,
      Buffer.byteLength(lines(0, 10)),
      Buffer.byteLength(lines(100, 160)),
    ]);
    expect(await bytesOf(versions[1] as (typeof versions)[number])).toEqual(full);
    expect(await bytesOf(versions[2] as (typeof versions)[number])).toEqual(Buffer.from(lines(0, 10)));
    expect(await bytesOf(versions[3] as (typeof versions)[number])).toEqual(readFileSync(file));
    expect((await verifyArchive(archive)).problems).toEqual([]);
  });

  it('stores the same bytes once, whatever the file', async () => {
    const a = path.join(root, 'a.jsonl');
    const b = path.join(root, 'b.jsonl');
    writeFileSync(a, lines(0, 40));
    writeFileSync(b, lines(0, 40));
    expect((await archived(a)).bytesStored).toBeGreaterThan(0);
    const copy = await archived(b);
    expect(copy.outcome).toBe('new');
    expect(copy.bytesStored).toBe(0);
    expect(archive.db.prepare('SELECT count(*) AS n FROM objects').get()).toEqual({ n: 1 });
  });

  it('verifyArchive finds an object whose bytes changed', async () => {
    const file = path.join(root, 'a.jsonl');
    writeFileSync(file, lines(0, 20));
    await archived(file);
    appendFileSync(file, lines(20, 30));
    await archived(file);
    expect(await verifyArchive(archive)).toMatchObject({ files: 1, versions: 2, problems: [] });
    const [, second] = latestVersion(archive, file)?.segments ?? [];
    const at = objectLocation(archive, second as string);
    const pack = path.join(packPath(archive.dir, at?.pack as string));
    const bytes = readFileSync(pack);
    bytes.fill(0x21, at?.offset, (at?.offset ?? 0) + (at?.stored ?? 0));
    writeFileSync(pack, bytes);
    const result = await verifyArchive(archive);
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]?.path).toBe(file);
  });

  it('cuts a large file into segments of at most segmentBytes, and reads them back in order', async () => {
    const file = path.join(root, 'big.jsonl');
    let text = '';
    for (let i = 0; text.length < 2 * segmentBytes + 12345; i++) text += line(i);
    writeFileSync(file, text);
    expect((await archived(file)).outcome).toBe('new');
    const version = latestVersion(archive, file) as NonNullable<ReturnType<typeof latestVersion>>;
    expect(version.segments.map(objectSize)).toEqual([
      segmentBytes,
      segmentBytes,
      text.length - 2 * segmentBytes,
    ]);
    // Compared with equals(): a diff of 16 MiB would take longer than the test.
    expect((await bytesOf(version)).equals(readFileSync(file))).toBe(true);
    expect((await verifyArchive(archive)).problems).toEqual([]);
  });

  it('reads an archive written before packs (loose objects, catalogue version 1)', async () => {
    archive.db.close();
    const dir = path.join(root, 'old');
    const content = Buffer.from(lines(0, 30));
    const hash = createHash('sha256').update(content).digest('hex');
    mkdirSync(path.dirname(objectPath(dir, hash)), { recursive: true });
    writeFileSync(objectPath(dir, hash), brotliCompressSync(content));
    const db = new Database(path.join(dir, 'archive.sqlite'));
    db.exec(`CREATE TABLE files (id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE, kind TEXT NOT NULL, ref TEXT NOT NULL);
      CREATE TABLE versions (id INTEGER PRIMARY KEY, file_id INTEGER NOT NULL REFERENCES files(id), size INTEGER NOT NULL,
        sha256 TEXT NOT NULL, mtime_ms REAL NOT NULL, identity TEXT, segments TEXT NOT NULL, archived_at TEXT NOT NULL);
      CREATE TABLE objects (hash TEXT PRIMARY KEY, size INTEGER NOT NULL, stored INTEGER NOT NULL);
      PRAGMA application_id = ${0x41674172}; PRAGMA user_version = 1;`);
    db.prepare("INSERT INTO files VALUES (1, '/x/a.jsonl', 'session', '{}')").run();
    db.prepare('INSERT INTO versions VALUES (1, 1, ?, ?, 0, NULL, ?, ?)').run(
      content.length,
      hash,
      JSON.stringify([hash]),
      new Date(0).toISOString(),
    );
    db.prepare('INSERT INTO objects VALUES (?, ?, ?)').run(hash, content.length, 1);
    db.close();
    archive = openArchive(dir, { create: false }) as Archive;
    const [version] = allVersions(archive);
    expect(await bytesOf(version as NonNullable<typeof version>)).toEqual(content);
    expect((await verifyArchive(archive)).problems).toEqual([]);
    // New bytes of that file go to a pack beside the loose objects.
    const file = path.join(root, 'a.jsonl');
    writeFileSync(file, lines(0, 40));
    expect((await archived(file)).outcome).toBe('new');
    expect(readdirSync(packFolder(dir))).toHaveLength(1);
    expect((await verifyArchive(archive)).problems).toEqual([]);
  });
});
