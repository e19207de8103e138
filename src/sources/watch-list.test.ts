import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { walkTree } from './walk-tree.js';
import { WatchList, watchedState } from './watch-list.js';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A folder with a session file, a side file and a subfolder, every time an hour old. */
function tree(): string {
  dir = mkdtempSync(path.join(tmpdir(), 'agentlog-watch-'));
  mkdirSync(path.join(dir, 'sub'));
  writeFileSync(path.join(dir, 'a.jsonl'), '{}\n');
  writeFileSync(path.join(dir, 'a.meta.json'), '{}');
  writeFileSync(path.join(dir, 'sub', 'b.jsonl'), '{}\n');
  const hourAgo = Date.now() / 1000 - 3600;
  for (const file of ['a.jsonl', 'a.meta.json', 'sub/b.jsonl', 'sub', '.'])
    utimesSync(path.join(dir, file), hourAgo, hourAgo);
  return dir;
}

describe('WatchList', () => {
  it('records a path once, as first seen, and a missing one as missing', () => {
    const root = tree();
    const watch = new WatchList();
    const file = path.join(root, 'a.jsonl');
    const first = statSync(file);
    watch.see(file, first);
    writeFileSync(file, 'grown\n');
    watch.see(file, statSync(file));
    watch.see(path.join(root, 'none'), undefined);
    expect(watch.entries()).toEqual([
      [file, watchedState(first)],
      [path.join(root, 'none'), [0]],
    ]);
    expect(watchedState(first)).toEqual([1, first.size, first.mtimeMs, first.ctimeMs, first.ino]);
  });

  it('is not trusted once it saw a path changed within the timestamps’ grain, or was told so', () => {
    const root = tree();
    const watch = new WatchList();
    watch.see(path.join(root, 'a.jsonl'), statSync(path.join(root, 'a.jsonl')));
    // utimes moves the change time (ctime) to now.
    expect(watch.trusted).toBe(false);
    const other = new WatchList();
    other.see(path.join(root, 'none'), undefined);
    expect(other.trusted).toBe(true);
    other.distrust();
    expect(other.trusted).toBe(false);
  });

  it('watches every folder a walk lists and every file in it, collected or not', async () => {
    const root = tree();
    const watch = new WatchList();
    const walk = await walkTree(root, { collect: (name) => name.endsWith('.jsonl'), watch });
    expect(walk.files.map((f) => path.basename(f.path)).sort()).toEqual(['a.jsonl', 'b.jsonl']);
    const seen = new Map(watch.entries());
    expect([...seen.keys()].map((p) => path.relative(root, p)).sort()).toEqual([
      '',
      'a.jsonl',
      'a.meta.json',
      'sub',
      'sub/b.jsonl',
    ]);
    expect(seen.get(path.join(root, 'sub'))?.[0]).toBe(2);
    expect(seen.get(path.join(root, 'a.meta.json'))).toEqual(
      watchedState(statSync(path.join(root, 'a.meta.json'))),
    );
  });
});
