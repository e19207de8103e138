/**
 * A refresh whose inputs are those of the last complete refresh reads no file row and loads no reader
 * (cache/unchanged-inputs.ts); any change of a file, of the files found or of the roots makes it a full
 * refresh again, and its stats are those the full refresh gives when nothing changed.
 */
import { appendFileSync, chmodSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type IndexDb, openIndex } from '../src/cache/open-index.js';
import { refreshIndex } from '../src/cache/refresh-index.js';
import { inputsHash, storedInputsHash, unchangedRefresh } from '../src/cache/unchanged-inputs.js';
import { readRecordSlice } from '../src/lifecycle/read-record-slice.js';
import { discoverPaths } from '../src/sources/index.js';
import { copyCorpus, tempDir } from './index-helpers.js';

const claudeDir = 'microsoft__vscode-copilot-chat/src/extension/chatSessions/claude/node/test/fixtures';
const mainFile = '30530d66-37fb-4f3b-aa5f-d92b6a8afae2.jsonl';
const codexDir = 'codemie-ai__codemie-code/tests/integration/metrics/fixtures/codex/sessions/2026/01/02';

let logs: string;
let cache: string;
let index: IndexDb;

async function inputsOf(root = logs) {
  return { refs: (await discoverPaths([root])).files, roots: [root] };
}

async function refresh(root = logs, sessions = false) {
  return refreshIndex(index, { ...(await inputsOf(root)), readSlice: readRecordSlice, sessions });
}

describe('a refresh of unchanged inputs', () => {
  beforeEach(() => {
    logs = tempDir('logs');
    cache = tempDir('cache');
    copyCorpus(logs, [claudeDir, codexDir]);
    for (const entry of readdirSync(logs, { withFileTypes: true, recursive: true }))
      chmodSync(path.join(entry.parentPath, entry.name), entry.isDirectory() ? 0o755 : 0o644);
    index = openIndex({ cacheDir: cache, agentlogVersion: 'test' });
  });
  afterEach(() => {
    index.db.close();
    rmSync(logs, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
  });

  it('is answered without reading, with the stats of a full refresh that finds nothing changed', async () => {
    expect(unchangedRefresh(index, await inputsOf())).toBeUndefined();
    const cold = await refresh();
    expect(cold.stats.added).toBe(cold.stats.files);
    expect(storedInputsHash(index.db)).toBe(inputsHash(await inputsOf()));
    const shortcut = unchangedRefresh(index, await inputsOf());
    expect(shortcut).toBeDefined();
    // The full path (taken when sessions are asked for) on the same unchanged files.
    const full = await refresh(logs, true);
    expect(full.stats).toMatchObject({ unchanged: full.stats.files, bytesParsed: 0, unitsBuilt: 0 });
    expect(shortcut?.stats).toEqual(full.stats);
    expect(shortcut?.sessions).toEqual([]);
  });

  it('is not taken once a file grew, was touched, or the files or roots differ', async () => {
    await refresh();
    const file = path.join(logs, claudeDir, mainFile);
    const { mtime } = statSync(file);
    // Touched: same bytes, a later modification time.
    utimesSync(file, mtime, new Date(mtime.getTime() + 10_000));
    expect(unchangedRefresh(index, await inputsOf())).toBeUndefined();
    const touched = await refresh();
    expect(touched.stats.unchanged).toBe(touched.stats.files - 1);
    expect(unchangedRefresh(index, await inputsOf())).toBeDefined();
    // Grown: the appended line is read by the next refresh, which stores the new inputs.
    const first = readFileSync(file, 'utf8').split('\n')[0] ?? '';
    appendFileSync(file, `${first}\n`);
    expect(unchangedRefresh(index, await inputsOf())).toBeUndefined();
    const grown = await refresh();
    expect(grown.stats.appended).toBe(1);
    expect(unchangedRefresh(index, await inputsOf())).toBeDefined();
    // Another run over part of the files (another process, other inputs) stores its own inputs.
    await refresh(path.join(logs, codexDir));
    expect(unchangedRefresh(index, await inputsOf())).toBeUndefined();
    const again = await refresh();
    expect(again.stats.unchanged).toBe(again.stats.files);
    expect(unchangedRefresh(index, await inputsOf())).toBeDefined();
    // A file removed.
    rmSync(file);
    expect(unchangedRefresh(index, await inputsOf())).toBeUndefined();
    expect((await refresh()).stats.removed).toBe(1);
    expect(unchangedRefresh(index, await inputsOf())).toBeDefined();
  });

  it('is not taken after a refresh that could not read a file (it is tried again)', async () => {
    await refresh();
    const file = path.join(logs, claudeDir, mainFile);
    // A file that discovery lists but that cannot be read: a folder is read as a file by the refresh.
    const inputs = await inputsOf();
    const ghost = { ...(inputs.refs.find((r) => r.path === file) as (typeof inputs.refs)[number]) };
    ghost.path = path.join(logs, claudeDir);
    ghost.size += 1;
    const result = await refreshIndex(index, {
      refs: [...inputs.refs, ghost],
      roots: inputs.roots,
      readSlice: readRecordSlice,
      sessions: false,
    });
    expect(result.stats.skipped).toBe(1);
    expect(storedInputsHash(index.db)).toBeUndefined();
    expect(unchangedRefresh(index, { refs: [...inputs.refs, ghost], roots: inputs.roots })).toBeUndefined();
  });
});
