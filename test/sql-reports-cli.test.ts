import { appendFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { indexFileName } from '../src/cache/cache-location.js';
import { memoryIo } from '../src/cli/output.js';
import { runCli } from '../src/cli/run-cli.js';
import { corpusDir } from './corpus.js';
import { copyCorpus, tempDir } from './index-helpers.js';

const repoRoot = path.resolve(import.meta.dirname, '..');

async function run(args: string[], cacheDir: string | undefined, input = corpusDir) {
  // A fixed clock for blocks (its JSON says when it was computed); the other commands do not read it.
  const env = { AGENTLOG_NOW: '2026-06-01T12:00:00Z' };
  const io = memoryIo(cacheDir === undefined ? env : { ...env, AGENTLOG_CACHE_DIR: cacheDir }, repoRoot);
  const code = await runCli([...args, input], io);
  return { code, out: io.out(), err: io.err() };
}

/** The commands answered by SQL over the index, with filters and splits the equivalence test leaves out. */
const commands: string[][] = [
  ['report', '--json'],
  ['report', '--json', '--by', 'session', '--project', 'code'],
  ['report', '--json', '--by', 'model', '--since', '2025-10-01'],
  ['report', '--by', 'month', '--top', '3', '--until', '2025-12-31'],
  ['ls', '--json'],
  ['ls', '--json', '--session', '0'],
  ['ls', '--project', 'spotter'],
  ['tools', '--json', '--mcp', '--by', 'version', '--agent', 'claude-code'],
  ['tools', '--json', '--by', 'day', '--since', '2025-09-01', '--until', '2026-01-31'],
  ['errors', '--json'],
  ['errors', '--json', '--session', '0'],
  ['usage', '--json'],
  ['usage', '--json', '--by', 'session', '--agent', 'codex'],
  ['usage', '--by', 'model', '--since', '2025-10-01'],
  ['usage', '--json', '--by', 'week', '--week-start', 'sunday', '--agent', 'claude-code'],
  ['tools', '--json', '--by', 'week', '--until', '2025-12-31'],
  ['blocks', '--json', '--all', '--since', '2025-10-01', '--token-limit', 'max'],
  ['blocks', '--project', 'code', '--week-start', 'sunday'],
];

describe('report, ls, tools and errors print the same bytes without the cache, cold and warm', () => {
  const caches: string[] = [];
  afterAll(() => {
    for (const dir of caches) rmSync(dir, { recursive: true, force: true });
  });

  it.each(commands.map((args) => [args.join(' '), args]))('%s', async (_name, args) => {
    const plain = await run(args as string[], undefined);
    expect(plain.code).toBe(0);
    expect(plain.out.length).toBeGreaterThan(0);
    const cacheDir = tempDir('sql-cli');
    caches.push(cacheDir);
    const cold = await run(args as string[], cacheDir);
    const warm = await run(args as string[], cacheDir);
    expect([cold.code, warm.code]).toEqual([0, 0]);
    expect(cold.out).toBe(plain.out);
    expect(warm.out).toBe(plain.out);
    expect(cold.err).toBe(plain.err);
    expect(warm.err).toBe(plain.err);
  });

  it('a warm run reads the index rows (a changed row shows), not stored sessions', async () => {
    const cacheDir = tempDir('sql-cli-rows');
    caches.push(cacheDir);
    const before = JSON.parse((await run(['report', '--json'], cacheDir)).out);
    const db = new Database(path.join(cacheDir, indexFileName));
    try {
      db.prepare('UPDATE usage_entries SET output_tokens = output_tokens + 1000').run();
      db.prepare("UPDATE sessions SET title = 'changed in the index'").run();
      // The cold run stored its report for these inputs (cache/answers.ts, tested in report-answers.test.ts);
      // rows changed behind the index's back are seen once that answer is gone.
      expect(db.prepare('DELETE FROM _answers').run().changes).toBe(1);
      // So are the trees' usage sums it stored (cache/tree-parts.ts), valid for the unit's signature.
      expect(db.prepare('DELETE FROM _tree_parts').run().changes).toBeGreaterThan(0);
    } finally {
      db.close();
    }
    const after = JSON.parse((await run(['report', '--json'], cacheDir)).out);
    expect(after.usage.total.outputTokens - before.usage.total.outputTokens).toBe(
      1000 * before.usage.total.requests,
    );
    const listed = JSON.parse((await run(['ls', '--json'], cacheDir)).out) as { title: string }[];
    expect(new Set(listed.map((s) => s.title))).toEqual(new Set(['changed in the index']));
  });

  it('after appends to a Claude Code session and a Codex rollout, the same bytes as without the cache', async () => {
    const root = tempDir('sql-cli-appends');
    caches.push(root);
    const claude = 'd-kimuson__claude-code-viewer/mock-global-claude-dir/projects/sample-project';
    const codex = 'AcidicSoil__codex-session-view/.sample_session';
    copyCorpus(root, [claude, codex]);
    const files = [
      path.join(root, claude, '5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl'),
      path.join(root, codex, 'rollout-2025-11-17T15-30-28-019a93b9-f380-7600-98ff-940e6b99603c.jsonl'),
    ];
    // Each file starts with its first half; the rest is appended after a cached run.
    const rests = files.map((file) => {
      const lines = readFileSync(file, 'utf8').split('\n');
      const half = Math.floor(lines.length / 2);
      writeFileSync(file, `${lines.slice(0, half).join('\n')}\n`);
      return lines.slice(half).join('\n');
    });
    const cacheDir = path.join(root, '..', `${path.basename(root)}-cache`);
    caches.push(cacheDir);
    const commands = [
      ['report', '--json'],
      ['ls', '--json'],
      ['tools', '--json', '--by', 'model'],
      ['errors', '--json'],
      ['usage', '--json', '--by', 'project'],
      ['blocks', '--json', '--all'],
    ];
    const halves: string[] = [];
    for (const args of commands) {
      const half = await run(args, cacheDir, root);
      expect(half.code).toBe(0);
      halves.push(half.out);
    }
    for (const [i, file] of files.entries()) appendFileSync(file, rests[i] as string);
    for (const [i, args] of commands.entries()) {
      const plain = await run(args, undefined, root);
      // The appended lines change every report (a test that compares two unchanged runs proves nothing).
      expect(plain.out, args.join(' ')).not.toBe(halves[i]);
      const appended = await run(args, cacheDir, root);
      expect(appended.out, args.join(' ')).toBe(plain.out);
      expect(appended.err).toBe(plain.err);
    }
  });
});
