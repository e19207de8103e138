// The answers a warm `report` reads back instead of running its queries (cache/answers.ts), with the built
// CLI on real corpus files: a run with the inputs, options and prices of an earlier run gets the earlier
// run's report; a run that differs in any of them (a file grew, another time zone, split, filter or pricing
// file) computes its own, which must equal the report read without the index. The stored answer is altered
// in place once, to show that a warm run really reads it.
import { appendFileSync, chmodSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPackageData } from '../src/analytics/pricing/shipped-price-database.js';
import { runBuiltCli } from './helpers/run-built-cli.js';
import { copyCorpus, tempDir } from './index-helpers.js';

const claudeDir = 'microsoft__vscode-copilot-chat/src/extension/chatSessions/claude/node/test/fixtures';
const mainFile = '30530d66-37fb-4f3b-aa5f-d92b6a8afae2.jsonl';
const codexDir = 'codemie-ai__codemie-code/tests/integration/metrics/fixtures/codex/sessions/2026/01/02';

let dir: string;
let logs: string;
let cache: string;

async function run(...args: string[]): Promise<string> {
  const result = await runBuiltCli(['report', logs, ...args], dir, { TZ: 'UTC' });
  expect(result.err).toBe('');
  expect(result.code).toBe(0);
  return result.out;
}

const warm = (...args: string[]) => run('--cache-dir', cache, ...args);
const fresh = (...args: string[]) => run('--no-cache', ...args);

function answers(): { inputs: string; value: Buffer }[] {
  const db = new Database(path.join(cache, 'index.sqlite'), { readonly: true });
  try {
    return db.prepare('SELECT inputs, value FROM _answers').all() as { inputs: string; value: Buffer }[];
  } finally {
    db.close();
  }
}

describe('report answers', () => {
  beforeAll(() => {
    dir = tempDir('answers-cli');
    logs = path.join(dir, 'logs');
    cache = path.join(dir, 'cache');
    copyCorpus(logs, [claudeDir, codexDir]);
    for (const entry of readdirSync(logs, { withFileTypes: true, recursive: true }))
      chmodSync(path.join(entry.parentPath, entry.name), entry.isDirectory() ? 0o755 : 0o644);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a warm run reads the report the cold run stored, equal to the report without the index', async () => {
    const cold = await warm('--json');
    expect(answers()).toHaveLength(1);
    expect(await warm('--json')).toBe(cold);
    expect(await fresh('--json')).toBe(cold);
    // The text report is printed from the same answer, at any width.
    expect(await warm()).toBe(await fresh());
    expect(answers()).toHaveLength(1);
  });

  it('really is read back: an answer altered in place shows until the inputs change', async () => {
    const db = new Database(path.join(cache, 'index.sqlite'));
    const [row] = db.prepare('SELECT key, value FROM _answers').all() as { key: string; value: Buffer }[];
    const stored = deserialize(inflateRawSync(row?.value as Buffer)) as {
      report: { sessions: { sessions: number } };
    };
    stored.report.sessions.sessions = 4242;
    db.prepare('UPDATE _answers SET value = ? WHERE key = ?').run(
      deflateRawSync(serialize(stored)),
      row?.key,
    );
    db.close();
    // The response memo of an earlier identical run would print that run's output without the index.
    rmSync(path.join(cache, 'responses'), { recursive: true, force: true });
    expect(JSON.parse(await warm('--json')).sessions.sessions).toBe(4242);
    // Any other time zone, split, filter or pricing file is another answer, computed from the rows.
    for (const args of [
      ['--timezone', 'Asia/Kolkata'],
      ['--by', 'model'],
      ['--agent', 'codex'],
      ['--since', '2026-01-01'],
    ]) {
      const answer = await warm('--json', ...args);
      expect(answer, args.join(' ')).toBe(await fresh('--json', ...args));
      expect(JSON.parse(answer).sessions.sessions).not.toBe(4242);
      expect(await warm('--json', ...args)).toBe(answer);
    }
    const pricing = path.join(dir, 'pricing.json');
    writeFileSync(pricing, JSON.stringify({ models: { 'claude-sonnet-4': { input: 100, output: 200 } } }));
    const priced = await warm('--json', '--pricing', pricing);
    expect(priced).toBe(await fresh('--json', '--pricing', pricing));
    expect(JSON.parse(priced).usage.total.cost).not.toBe(JSON.parse(await fresh('--json')).usage.total.cost);
    expect(JSON.parse(await warm('--json')).sessions.sessions).toBe(4242);
  });

  it('prices downloaded since (agentlog pricing update) make a fresh answer', async () => {
    const before = JSON.parse(await warm('--json'));
    // A downloaded copy in the cache folder, as `pricing update` writes it: here without any provider, so
    // that only agentlog's own supplement prices anything, and then with the shipped providers again.
    const stored = path.join(cache, 'genai-prices.json');
    const write = (fetchedAt: string, providers: unknown[]) =>
      writeFileSync(stored, JSON.stringify({ url: 'http://127.0.0.1/data.json', fetchedAt, providers }));
    write('2026-11-01T00:00:00.000Z', []);
    const bare = await warm('--json');
    expect(bare).toBe(await fresh('--json', '--cache-dir', cache));
    expect(JSON.parse(bare).usage.total.cost).not.toBe(before.usage.total.cost);
    expect(await warm('--json')).toBe(bare);
    const { providers } = await readPackageData();
    write('2026-11-02T00:00:00.000Z', providers);
    const full = await warm('--json');
    expect(full).toBe(await fresh('--json', '--cache-dir', cache));
    expect(JSON.parse(full).usage.total.cost).not.toBe(JSON.parse(bare).usage.total.cost);
    rmSync(stored);
  });

  it('usage keeps its own answers, equal to usage without the index', async () => {
    const usage = async (...args: string[]) => {
      const result = await runBuiltCli(['usage', logs, '--json', ...args], dir, { TZ: 'UTC' });
      expect(result.code, result.err).toBe(0);
      return result.out;
    };
    const count = answers().length;
    for (const by of ['day', 'week', 'session']) {
      const first = await usage('--cache-dir', cache, '--by', by);
      expect(first).toBe(await usage('--no-cache', '--by', by));
      expect(await usage('--cache-dir', cache, '--by', by)).toBe(first);
    }
    expect(answers()).toHaveLength(count + 3);
    expect(await usage('--cache-dir', cache, '--week-start', 'sunday', '--by', 'week')).toBe(
      await usage('--no-cache', '--week-start', 'sunday', '--by', 'week'),
    );
  });

  it('tools and errors keep answers of their own, equal to their output without the index', async () => {
    const command = async (...args: string[]) => {
      const result = await runBuiltCli([...args, logs, '--json'], dir, { TZ: 'UTC' });
      expect(result.code, result.err).toBe(0);
      return result.out;
    };
    const count = answers().length;
    const runs = [
      ['tools'],
      ['tools', '--mcp'],
      ['tools', '--by', 'week', '--week-start', 'sunday'],
      ['tools', '--by', 'day', '--timezone', 'Asia/Kolkata'],
      ['errors'],
      ['errors', '--agent', 'claude-code'],
    ];
    for (const args of runs) {
      const first = await command(...args, '--cache-dir', cache);
      expect(first, args.join(' ')).toBe(await command(...args, '--no-cache'));
      expect(await command(...args, '--cache-dir', cache), args.join(' ')).toBe(first);
    }
    expect(answers()).toHaveLength(count + runs.length);
  });

  it('a file that grew makes the next run compute its report, and forgets the answers of the old files', async () => {
    const file = path.join(logs, claudeDir, mainFile);
    const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    const before = answers()[0]?.inputs;
    appendFileSync(file, `${lines.at(-1)}\n`);
    const grown = await warm('--json');
    expect(JSON.parse(grown).sessions.sessions).not.toBe(4242);
    expect(grown).toBe(await fresh('--json'));
    const after = answers();
    expect(after).toHaveLength(1);
    expect(after[0]?.inputs).not.toBe(before);
    expect(await warm('--json')).toBe(grown);
  });
});
