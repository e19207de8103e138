import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { discoverPaths } from './discover-paths.js';
import { restatFiles } from './restat-files.js';

const dir = mkdtempSync(path.join(tmpdir(), 'agentlog-restat-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('restatFiles', () => {
  it('gives the sizes and identities of now, and leaves out files gone since', async () => {
    const grown = path.join(dir, 'a.jsonl');
    const gone = path.join(dir, 'b.jsonl');
    writeFileSync(grown, '{"type":"summary"}\n');
    writeFileSync(gone, '{"type":"summary"}\n');
    const { files } = await discoverPaths([dir]);
    expect(files.map((f) => f.path).sort()).toEqual([grown, gone]);
    appendFileSync(grown, '{"type":"summary","summary":"more"}\n');
    rmSync(gone);
    const now = await restatFiles(files);
    expect(now.map((f) => [f.path, f.size])).toEqual([[grown, 55]]);
    const before = files.find((f) => f.path === grown);
    // A file read from the archive was gone already: it stays as it is.
    const archived = { ...(before as (typeof files)[number]), path: gone, fromArchive: true };
    expect(await restatFiles([archived])).toEqual([archived]);
    expect({ ...now[0], size: before?.size, mtimeMs: before?.mtimeMs, identity: before?.identity }).toEqual(
      before,
    );
  });
});
