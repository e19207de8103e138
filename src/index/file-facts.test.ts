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
