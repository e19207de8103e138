import { appendFileSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { archiveFile } from './archive-file.js';
import { allVersions, latestVersion } from './catalogue.js';
import { extractVersion } from './extract-version.js';
import { objectPath } from './object-store.js';
import { type Archive, openArchive } from './open-archive.js';
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
    writeFileSync(objectPath(archive.dir, second as string), 'not brotli');
    const result = await verifyArchive(archive);
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]?.path).toBe(file);
  });
});
