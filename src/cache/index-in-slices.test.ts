// Large new files indexed a slice at a time must give the index a whole read gives. AGENTLOG_SLICE_KB=n
// reads the corpus in other slice sizes (the default 24 KiB cuts most of its session files several times).
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusDir, corpusFiles } from '../../test/corpus.js';
import { indexAnswers, indexContents } from '../../test/index-compare.js';
import { copyCorpus, tempDir } from '../../test/index-helpers.js';
import { readRecordSlice } from '../lifecycle/read-record-slice.js';
import { discoverPaths } from '../sources/index.js';
import { indexInSlices, lineEndAfter } from './index-in-slices.js';
import { openIndex } from './open-index.js';
import { type RefreshResult, refreshIndex } from './refresh-index.js';

async function refreshWith(
  cacheDir: string,
  root: string,
  sliceBytes: number | false,
): Promise<RefreshResult> {
  const index = openIndex({ cacheDir, agentlogVersion: 'test' });
  try {
    return await refreshIndex(index, {
      refs: (await discoverPaths([root])).files,
      roots: [root],
      readSlice: readRecordSlice,
      sliceBytes,
    });
  } finally {
    index.db.close();
  }
}

/** Indexes `logs` in slices of `sliceBytes` and whole; the two indexes must hold and answer the same. */
async function compareWithWhole(logs: string, sliceBytes: number) {
  const sliced = tempDir('agentlog-sliced-');
  const whole = tempDir('agentlog-whole-');
  const result = await refreshWith(sliced, logs, sliceBytes);
  const reference = await refreshWith(whole, logs, false);
  expect(reference.stats.sliceSteps).toBe(0);
  expect(indexContents(sliced)).toEqual(indexContents(whole));
  expect(await indexAnswers(sliced, logs)).toStrictEqual(await indexAnswers(whole, logs));
  return { result, sliced };
}

describe('large new files indexed a slice at a time', () => {
  it('the whole corpus in 24 KiB slices equals it read whole, rows and answers', async () => {
    const logs = tempDir('agentlog-slices-corpus-');
    const files = corpusFiles().map((file) => path.relative(corpusDir, file));
    copyCorpus(logs, files);
    const sliceBytes = Number(process.env.AGENTLOG_SLICE_KB ?? 24) * 1024;
    // Which files are sliced, counted from the files: session files (not subagent files) larger than two
    // slices whose first line is a record (the corpus holds Claude Code and Codex line files only).
    const refs = (await discoverPaths([logs])).files;
    const firstLineIsRecord = (file: string) => {
      try {
        return typeof JSON.parse(readFileSync(file, 'utf8').split('\n', 1)[0] ?? '') === 'object';
      } catch {
        return false;
      }
    };
    const large = refs.filter(
      (r) => r.role === 'session' && r.size > 2 * sliceBytes && firstLineIsRecord(r.path),
    );
    expect(large.length).toBeGreaterThan(10);
    const expectedSteps = large.reduce((n, r) => n + Math.ceil(r.size / sliceBytes), 0);
    const { result } = await compareWithWhole(logs, sliceBytes);
    // Each file ends at its last step or where the fold gave up: at most one step per slice, at least two
    // for each file (its first slice built, its second appended or given up on).
    expect(result.stats.sliceSteps).toBeGreaterThanOrEqual(2 * large.length);
    expect(result.stats.sliceSteps).toBeLessThanOrEqual(expectedSteps);
    // Every file is counted once, as the run found it after the steps.
    expect(result.stats.files).toBe(refs.length);
    expect(result.stats.appended + result.stats.added).toBe(refs.length);
  });

  it('a session the fold takes is appended slice by slice, and the run appends the rest', async () => {
    const logs = tempDir('agentlog-slices-one-');
    const relative =
      'iansherr__claude-code-log/test/test_data/real_projects/-Users-dain-workspace-claude-code-log-sample/fe869ecb-c176-478f-9734-7e4b8ef12cff.jsonl';
    copyCorpus(logs, [relative]);
    const file = path.join(logs, relative);
    const size = readFileSync(file).length;
    const sliceBytes = 64 * 1024;
    const { result } = await compareWithWhole(logs, sliceBytes);
    // One step per slice boundary before the end, the last part appended by the run itself.
    let steps = 0;
    for (
      let end = lineEndAfter(file, sliceBytes, size);
      end < size;
      end = lineEndAfter(file, end + sliceBytes, size)
    )
      steps += 1;
    expect(steps).toBeGreaterThan(3);
    expect(result.stats).toMatchObject({ sliceSteps: steps, appended: 1, unitsAppended: 1 });
  });

  it('a file with sidechain records of the old layout is given up on and read whole', async () => {
    const logs = tempDir('agentlog-slices-sidechains-');
    const relative = 'd-kimuson__claude-code-viewer/mock-global-claude-dir/projects/sample-project';
    copyCorpus(logs, [relative]);
    const file = path.join(logs, relative, '5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl');
    const lines = readFileSync(file, 'utf8');
    expect(lines).toContain('"isSidechain":true');
    const size = Buffer.byteLength(lines);
    const sliceBytes = Math.max(1024, Math.floor(size / 6));
    const { result } = await compareWithWhole(logs, sliceBytes);
    expect(result.stats.sliceSteps).toBeGreaterThanOrEqual(2);
    // Given up on: dropped from the index, then read whole as a new file.
    expect(result.stats).toMatchObject({ appended: 0, added: result.stats.files });
  });

  it('a file that grew by more than two slices since it was indexed is stepped from what is stored', async () => {
    const logs = tempDir('agentlog-slices-grown-');
    const relative =
      'iansherr__claude-code-log/test/test_data/real_projects/-Users-dain-workspace-claude-code-log-sample/fe869ecb-c176-478f-9734-7e4b8ef12cff.jsonl';
    copyCorpus(logs, [relative]);
    const file = path.join(logs, relative);
    const whole = readFileSync(file);
    const sliceBytes = 64 * 1024;
    // Indexed when it held its first 20 KiB (to a line end), then grown to the whole file.
    const stored = lineEndAfter(file, 20 * 1024, whole.length);
    writeFileSync(file, whole.subarray(0, stored));
    const sliced = tempDir('agentlog-slices-grown-cache-');
    await refreshWith(sliced, logs, sliceBytes);
    writeFileSync(file, whole);
    const { stats } = await refreshWith(sliced, logs, sliceBytes);
    let steps = 0;
    for (let at = stored; lineEndAfter(file, at + sliceBytes, whole.length) < whole.length; steps++)
      at = lineEndAfter(file, at + sliceBytes, whole.length);
    expect(steps).toBeGreaterThan(3);
    expect(stats).toMatchObject({ sliceSteps: steps, appended: 1, unitsAppended: 1, unitsBuilt: 0 });
    const reference = tempDir('agentlog-slices-grown-whole-');
    await refreshWith(reference, logs, false);
    expect(indexContents(sliced)).toEqual(indexContents(reference));
  });

  it('a grown session stored with its subagent files is left to the run (a step would see it alone)', async () => {
    const logs = tempDir('agentlog-slices-subagents-');
    const folder = 'microsoft__vscode-copilot-chat/src/extension/chatSessions/claude/node/test/fixtures';
    const session = 'b3a7bd3c-5a10-4e7b-8ff0-7fc0cd6d1093';
    copyCorpus(logs, [`${folder}/${session}.jsonl`, `${folder}/${session}`]);
    const file = path.join(logs, folder, `${session}.jsonl`);
    const whole = readFileSync(file);
    const stored = lineEndAfter(file, 1024, whole.length);
    writeFileSync(file, whole.subarray(0, stored));
    const sliced = tempDir('agentlog-slices-subagents-cache-');
    await refreshWith(sliced, logs, 1024);
    writeFileSync(file, whole);
    const { stats } = await refreshWith(sliced, logs, 1024);
    expect(stats).toMatchObject({ sliceSteps: 0, appended: 1 });
    const reference = tempDir('agentlog-slices-subagents-whole-');
    await refreshWith(reference, logs, false);
    expect(indexContents(sliced)).toEqual(indexContents(reference));
  });

  it('stops stepping when another process stored the file meanwhile, and the run goes on from there', async () => {
    const logs = tempDir('agentlog-slices-race-');
    const relative =
      'iansherr__claude-code-log/test/test_data/real_projects/-Users-dain-workspace-claude-code-log-sample/fe869ecb-c176-478f-9734-7e4b8ef12cff.jsonl';
    copyCorpus(logs, [relative]);
    const cacheDir = tempDir('agentlog-slices-race-cache-');
    const refs = (await discoverPaths([logs])).files;
    const index = openIndex({ cacheDir, agentlogVersion: 'test' });
    const other = openIndex({ cacheDir, agentlogVersion: 'test' });
    try {
      let steps = 0;
      const done = await indexInSlices(
        index,
        { refs, roots: [logs], readSlice: readRecordSlice, sliceBytes: 64 * 1024 },
        async (step) => {
          const { stats } = await refreshIndex(index, step);
          // After the first step, another connection (as another process would) indexes the whole file.
          if (++steps === 1)
            await refreshIndex(other, { refs, roots: [logs], readSlice: readRecordSlice, sliceBytes: false });
          return stats;
        },
      );
      expect(done).toMatchObject({ files: 1, steps: 1, refused: 0 });
      const { stats } = await refreshIndex(index, { refs, roots: [logs], readSlice: readRecordSlice });
      expect(stats).toMatchObject({ sliceSteps: 0, unchanged: 1 });
    } finally {
      index.db.close();
      other.db.close();
    }
    const whole = tempDir('agentlog-slices-race-whole-');
    await refreshWith(whole, logs, false);
    expect(indexContents(cacheDir)).toEqual(indexContents(whole));
  });

  it('a run that fills the search rows reads large files whole (appends do not write search rows)', async () => {
    const logs = tempDir('agentlog-slices-search-');
    const relative =
      'iansherr__claude-code-log/test/test_data/real_projects/-Users-dain-workspace-claude-code-log-sample/fe869ecb-c176-478f-9734-7e4b8ef12cff.jsonl';
    copyCorpus(logs, [relative]);
    const index = openIndex({ cacheDir: tempDir('agentlog-slices-search-cache-'), agentlogVersion: 'test' });
    try {
      const { stats } = await refreshIndex(index, {
        refs: (await discoverPaths([logs])).files,
        roots: [logs],
        readSlice: readRecordSlice,
        sliceBytes: 16 * 1024,
        search: true,
      });
      expect(stats).toMatchObject({ sliceSteps: 0, added: 1 });
    } finally {
      index.db.close();
    }
  });
});

describe('lineEndAfter', () => {
  const file = path.join(tempDir('agentlog-line-end-'), 'lines.jsonl');
  writeFileSync(file, 'ab\ncd\n');
  const size = 6;

  it('is the offset after the first line end at or after the offset', () => {
    expect(lineEndAfter(file, 1, size)).toBe(3);
    expect(lineEndAfter(file, 4, size)).toBe(6);
  });

  it('stays at an offset right after a line end', () => {
    expect(lineEndAfter(file, 3, size)).toBe(3);
  });

  it('is the size past the last line end, past the size, or for a file it cannot read', () => {
    const open = path.join(path.dirname(file), 'open.jsonl');
    mkdirSync(path.dirname(open), { recursive: true });
    writeFileSync(open, 'ab\ncd');
    expect(lineEndAfter(open, 4, 5)).toBe(5);
    expect(lineEndAfter(file, 9, size)).toBe(size);
    expect(lineEndAfter(path.join(path.dirname(file), 'gone.jsonl'), 1, 10)).toBe(10);
  });

  it('finds a line end beyond its first read', () => {
    const long = path.join(path.dirname(file), 'long.jsonl');
    writeFileSync(long, `${'x'.repeat(200_000)}\n{}\n`);
    appendFileSync(long, '');
    expect(lineEndAfter(long, 10, 200_004)).toBe(200_001);
  });
});
