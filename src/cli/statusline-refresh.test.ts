import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eagerBytes, refreshInBackground } from './statusline-refresh.js';

// The refresher is a real detached process: here a script standing for the CLI, which records each start and
// frees the lock as the real refresher does when it ends.
let dir: string;
let cli: string;
let starts: string;

function start(pendingBytes: number): boolean {
  return refreshInBackground({
    cli,
    cacheDir: dir,
    transcript: '/logs/session.jsonl',
    env: { ...process.env },
    pendingBytes,
  });
}

async function finished(): Promise<void> {
  const lock = path.join(dir, 'statusline-refresh.lock');
  for (let waited = 0; waited < 20_000 && existsSync(lock); waited += 50)
    await new Promise((resolve) => setTimeout(resolve, 50));
  expect(existsSync(lock)).toBe(false);
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'agentlog-refresh-'));
  cli = path.join(dir, 'cli.cjs');
  starts = path.join(dir, 'starts.txt');
  writeFileSync(
    cli,
    [
      "const fs = require('node:fs');",
      `fs.appendFileSync(${JSON.stringify(starts)}, process.argv.slice(2).join(' ') + '\\n');`,
      `fs.rmSync(${JSON.stringify(path.join(dir, 'statusline-refresh.lock'))}, { force: true });`,
    ].join('\n'),
  );
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('refreshInBackground', () => {
  it('starts one refresher, then none for a while unless much is waiting', async () => {
    expect(start(100)).toBe(true);
    await finished();
    expect(readFileSync(starts, 'utf8')).toBe(
      `statusline --refresh-index /logs/session.jsonl --cache-dir ${dir}\n`,
    );
    // One started a moment ago and a few bytes wait: the calls show them from the file meanwhile.
    expect(start(100)).toBe(false);
    expect(start(eagerBytes - 1)).toBe(false);
    // A megabyte waits: worth a refresher at once.
    expect(start(eagerBytes)).toBe(true);
    await finished();
    expect(readFileSync(starts, 'utf8').split('\n').filter(Boolean)).toHaveLength(2);
  });

  it('never starts a second one while one runs', () => {
    writeFileSync(path.join(dir, 'statusline-refresh.lock'), String(process.pid));
    expect(start(eagerBytes * 2)).toBe(false);
    expect(existsSync(starts)).toBe(false);
  });
});
