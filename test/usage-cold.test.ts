// `usage` with no index yet (cli/usage-cold.ts): a usage-only pass whose output equals `--no-cache`, that
// leaves the index as it was, and after which `report` builds the index and a warm `usage` says the same.
// Run on the built CLI, with worker threads (`--jobs 2`), against both corpora; the totals are also held to
// a plain scan of the Claude Code files.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { indexFileName } from '../src/cache/cache-location.js';
import { corpusDir, corpusFiles, corpusMoreDir } from './corpus.js';
import { runBuiltCli } from './helpers/run-built-cli.js';
import { tempDir } from './index-helpers.js';

const repoRoot = path.resolve(import.meta.dirname, '..');
const caches: string[] = [];
afterAll(() => {
  for (const dir of caches) rmSync(dir, { recursive: true, force: true });
});

async function agentlog(args: string[]): Promise<string> {
  const run = await runBuiltCli([...args, '--timezone', 'UTC'], repoRoot, {
    AGENTLOG_NOW: '2026-06-01T12:00:00Z',
  });
  expect(run.err).toBe('');
  expect(run.code).toBe(0);
  return run.out;
}

function indexedFiles(cacheDir: string): number {
  const db = new Database(path.join(cacheDir, indexFileName), { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM files').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

describe.each([
  ['corpus', corpusDir],
  ['corpus-more', corpusMoreDir],
])('usage with no index on %s', (_name, dir) => {
  it('cold, then report, then warm: all equal to --no-cache', async () => {
    const splits = [
      ['--by', 'day'],
      ['--by', 'session', '--project', 'a'],
      ['--by', 'model'],
    ];
    const plain = await Promise.all(
      splits.map((by) => agentlog(['usage', dir, '--json', ...by, '--no-cache'])),
    );
    for (const out of plain) expect(JSON.parse(out).total.requests).toBeGreaterThan(0);
    const cacheDir = tempDir('usage-cold');
    caches.push(cacheDir);
    const cached = ['--cache-dir', cacheDir];
    for (const [i, by] of splits.entries())
      expect(await agentlog(['usage', dir, '--json', ...by, '--jobs', '2', ...cached])).toBe(plain[i]);
    // The usage-only pass stores nothing: no file is left half built for the next command.
    expect(indexedFiles(cacheDir)).toBe(0);
    const report = await agentlog(['report', dir, '--json', ...cached]);
    expect(report).toBe(await agentlog(['report', dir, '--json', '--no-cache']));
    expect(indexedFiles(cacheDir)).toBeGreaterThan(0);
    for (const [i, by] of splits.entries())
      expect(await agentlog(['usage', dir, '--json', ...by, ...cached])).toBe(plain[i]);
  });
});

// The Claude Code requests of the corpus, by a plain scan of its files: each `message.id` + `requestId`
// counted once with the per-field maximum of its copies (the README's usage rule), `<synthetic>` responses
// left out. The usage-only pass must count exactly these.
describe('usage with no index counts what the Claude Code files say', () => {
  it('equals a plain scan of message ids and request ids', async () => {
    const byKey = new Map<string, number[]>();
    const fields = [
      'input_tokens',
      'output_tokens',
      'cache_creation_input_tokens',
      'cache_read_input_tokens',
    ];
    for (const file of corpusFiles()) {
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        let value: Record<string, unknown>;
        try {
          value = JSON.parse(line) as Record<string, unknown>;
        } catch {
          continue;
        }
        const message = value.message as Record<string, unknown> | undefined;
        if (
          value.type !== 'assistant' ||
          typeof message?.usage !== 'object' ||
          message.model === '<synthetic>'
        )
          continue;
        if (typeof message.id !== 'string') continue;
        const usage = message.usage as Record<string, number | null | undefined>;
        const key = `${message.id}|${String(value.requestId ?? '')}`;
        const counts = fields.map((f) => usage[f] ?? 0);
        const seen = byKey.get(key);
        byKey.set(key, seen ? seen.map((n, i) => Math.max(n, counts[i] ?? 0)) : counts);
      }
    }
    const sum = (i: number) => [...byKey.values()].reduce((s, c) => s + (c[i] ?? 0), 0);
    const cacheDir = tempDir('usage-cold-scan');
    caches.push(cacheDir);
    const report = JSON.parse(
      await agentlog(['usage', corpusDir, '--json', '--agent', 'claude-code', '--cache-dir', cacheDir]),
    ) as { total: Record<string, number> };
    expect(byKey.size).toBeGreaterThan(100);
    expect(report.total).toMatchObject({
      requests: byKey.size,
      inputTokens: sum(0),
      outputTokens: sum(1),
      cacheWriteTokens: sum(2),
      cacheReadTokens: sum(3),
    });
  });
});
