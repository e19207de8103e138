import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusDir } from '../../test/corpus.js';
import { tempDir } from '../../test/index-helpers.js';
import { openIndex } from '../cache/open-index.js';
import { refreshIndex } from '../cache/refresh-index.js';
import { exposedGc } from '../lifecycle/heap-fit.js';
import { readRecordSlice } from '../lifecycle/read-record-slice.js';
import { discoverPaths } from '../sources/index.js';
import { memoryReleaser } from './release-memory.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('memoryReleaser', () => {
  it('collects once every `everyBytes` of units done, and looks the collector up only then', () => {
    let lookups = 0;
    let done = 0;
    const collectedAt: number[] = [];
    const release = memoryReleaser(100, () => {
      lookups += 1;
      return () => collectedAt.push(done);
    });
    for (const bytes of [30, 30, 30]) {
      done += bytes;
      release(bytes);
    }
    expect(lookups).toBe(0);
    // 90 + 10 = 100; then 5 + 200 = 205; then 99 < 100; then 99 + 1 = 100; then 49 < 100.
    for (const bytes of [10, 5, 200, 99, 1, 49]) {
      done += bytes;
      release(bytes);
    }
    expect(collectedAt).toEqual([100, 305, 405]);
    expect(lookups).toBe(3);
  });

  it('goes on without collecting where no collector can be had', () => {
    const release = memoryReleaser(1, () => undefined);
    expect(() => release(10)).not.toThrow();
  });

  it("exposes V8's full collection: an object nothing refers to is gone after it", async () => {
    const collect = exposedGc();
    expect(collect).toBeTypeOf('function');
    let ref: WeakRef<object> | undefined;
    (() => {
      ref = new WeakRef({ payload: new Array(1000).fill('x') });
    })();
    // A WeakRef's target lives to the end of the job that made it.
    await new Promise((resolve) => setImmediate(resolve));
    collect?.();
    expect(ref?.deref()).toBeUndefined();
  });
});

describe('refreshIndex release', () => {
  it('is told the bytes read of each unit once it is stored: every file read, once', async () => {
    const cacheDir = tempDir('release');
    dirs.push(cacheDir);
    const { files } = await discoverPaths([corpusDir]);
    const index = openIndex({ cacheDir, agentlogVersion: 'test' });
    const told: number[] = [];
    const refresh = () =>
      refreshIndex(index, {
        refs: files,
        roots: [corpusDir],
        readSlice: readRecordSlice,
        sessions: false,
        release: (bytes) => told.push(bytes),
      });
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    try {
      await refresh();
      expect(told.filter((bytes) => bytes > 0).length).toBeGreaterThan(10);
      expect(sum(told)).toBe(sum(files.map((f) => f.size)));
      // A warm refresh reads nothing.
      told.length = 0;
      await refresh();
      expect(sum(told)).toBe(0);
    } finally {
      index.db.close();
    }
  });
});
