import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cachedFileFacts, type FactFile } from './file-facts.js';
import { type IndexDb, openIndex } from './open-index.js';

describe('cachedFileFacts', () => {
  let dir: string;
  let index: IndexDb;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'agentlog-facts-'));
    index = openIndex({ cacheDir: path.join(dir, 'cache'), agentlogVersion: 'test' });
  });
  afterEach(() => {
    index.db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const file = (name: string, text: string): FactFile => {
    const target = path.join(dir, name);
    writeFileSync(target, text);
    const { size, mtimeMs } = statSync(target);
    return { path: target, size, mtimeMs };
  };

  it('computes each fact once per file state, in input order', async () => {
    const calls: string[] = [];
    const length = async (p: string) => {
      calls.push(path.basename(p));
      return { length: statSync(p).size, name: path.basename(p) };
    };
    const files = [file('b.jsonl', 'bb'), file('a.jsonl', 'a')];
    const first = await cachedFileFacts(index.db, 'length-v1', files, length);
    expect(first).toEqual({
      values: [
        { length: 2, name: 'b.jsonl' },
        { length: 1, name: 'a.jsonl' },
      ],
      computed: 2,
    });
    const again = await cachedFileFacts(index.db, 'length-v1', files, length);
    expect(again).toEqual({ ...first, computed: 0 });
    const changed = [files[0] as FactFile, file('a.jsonl', 'aaaa')];
    const third = await cachedFileFacts(index.db, 'length-v1', changed, length);
    expect(third.computed).toBe(1);
    expect(third.values[1]).toEqual({ length: 4, name: 'a.jsonl' });
    // Another kind (or version) is computed on its own.
    expect((await cachedFileFacts(index.db, 'length-v2', changed, length)).computed).toBe(2);
    expect(calls).toEqual(['b.jsonl', 'a.jsonl', 'a.jsonl', 'b.jsonl', 'a.jsonl']);
  });
});

describe('cachedFileFacts with concurrency', () => {
  it('keeps input order when computations finish out of order, and stores every value', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'agentlog-facts-'));
    const index = openIndex({ cacheDir: path.join(dir, 'cache'), agentlogVersion: 'test' });
    try {
      const files = ['a', 'b', 'c', 'd', 'e'].map((name, i): FactFile => {
        const target = path.join(dir, `${name}.jsonl`);
        writeFileSync(target, name.repeat(i + 1));
        const { size, mtimeMs } = statSync(target);
        return { path: target, size, mtimeMs };
      });
      let inFlight = 0;
      let most = 0;
      const slowFirst = async (p: string) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        const size = statSync(p).size;
        // Earlier files take longer, so they finish last.
        await new Promise((resolve) => setTimeout(resolve, (6 - size) * 5));
        inFlight -= 1;
        return path.basename(p);
      };
      const first = await cachedFileFacts(index.db, 'name-v1', files, slowFirst, { concurrency: 3 });
      expect(first.values).toEqual(['a.jsonl', 'b.jsonl', 'c.jsonl', 'd.jsonl', 'e.jsonl']);
      expect(most).toBe(3);
      const again = await cachedFileFacts(index.db, 'name-v1', files, slowFirst, { concurrency: 3 });
      expect(again).toEqual({ values: first.values, computed: 0 });
    } finally {
      index.db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
