/**
 * `agentlog blocks` over crafted Claude Code sessions whose blocks are known by hand (a block across
 * midnight and a week boundary, one opened by a request at the end of the previous one, one after a long
 * pause, an active one at a pinned clock): expected tokens and costs are summed here from the fixture's
 * requests, and weekly totals from the requests whose day falls in the week. Also the token limit (a number
 * and `max`), `--json`'s shape, the same output with and without the index, and bad input.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayWidth } from '../src/analytics/terminal-text.js';
import { memoryIo } from '../src/cli/output.js';
import { runCli } from '../src/cli/run-cli.js';
import { corpusDir } from './corpus.js';
import { tempDir } from './index-helpers.js';

const repoRoot = path.resolve(import.meta.dirname, '..');

interface Request {
  time: string;
  input: number;
  output: number;
  cacheRead: number;
  model?: string;
  session: 1 | 2;
}

const requests: Request[] = [
  // 0-2: block 22:00 Sunday 1 March to 03:00 Monday 2 March, across midnight and the ISO week boundary.
  { time: '2026-03-01T22:10:00.000Z', input: 1000, output: 100, cacheRead: 10_000, session: 1 },
  { time: '2026-03-02T01:30:00.000Z', input: 2000, output: 200, cacheRead: 20_000, session: 1 },
  { time: '2026-03-02T02:59:00.000Z', input: 500, output: 50, cacheRead: 0, session: 1 },
  // 3: at that block's end: the next block, 03:00 to 08:00.
  { time: '2026-03-02T03:00:00.000Z', input: 100, output: 10, cacheRead: 0, session: 1 },
  // 4: after a pause of more than five hours, 14:00 to 19:00; a model without a price.
  {
    time: '2026-03-02T14:45:00.000Z',
    input: 3000,
    output: 300,
    cacheRead: 0,
    model: 'zz-unpriced-model',
    session: 1,
  },
  // 5-6: another session, 09:00 to 14:00 on Tuesday 3 March; active at `now`.
  { time: '2026-03-03T09:20:00.000Z', input: 4000, output: 400, cacheRead: 30_000, session: 2 },
  { time: '2026-03-03T10:20:00.000Z', input: 2000, output: 200, cacheRead: 0, session: 2 },
];
/** The blocks by hand: start, end, and the requests in them. */
const expectedBlocks: [string, string, number[]][] = [
  ['2026-03-01T22:00:00.000Z', '2026-03-02T03:00:00.000Z', [0, 1, 2]],
  ['2026-03-02T03:00:00.000Z', '2026-03-02T08:00:00.000Z', [3]],
  ['2026-03-02T14:00:00.000Z', '2026-03-02T19:00:00.000Z', [4]],
  ['2026-03-03T09:00:00.000Z', '2026-03-03T14:00:00.000Z', [5, 6]],
];
const now = '2026-03-03T11:20:00.000Z';
/** USD per million tokens for `test-model` (the pricing file below). */
const rates = { input: 1, output: 2, cacheRead: 0.5 };

const tokensOf = (r: Request) => r.input + r.output + r.cacheRead;
const costOf = (r: Request) =>
  (r.input * rates.input + r.output * rates.output + r.cacheRead * rates.cacheRead) / 1e6;
const sum = (indices: number[], f: (r: Request) => number) =>
  indices.reduce((n, i) => n + f(requests[i] as Request), 0);

let dir: string;
let logs: string;
let pricing: string;
const caches: string[] = [];

beforeAll(() => {
  dir = tempDir('blocks');
  logs = path.join(dir, 'projects', '-home-me-app');
  mkdirSync(logs, { recursive: true });
  for (const session of [1, 2] as const) {
    const id = `11111111-2222-4333-8444-00000000000${session}`;
    const lines: unknown[] = [];
    let parent: string | null = null;
    requests.forEach((r, i) => {
      if (r.session !== session) return;
      const base = {
        isSidechain: false,
        userType: 'external',
        cwd: '/home/me/app',
        sessionId: id,
        version: '2.1.30',
      };
      lines.push({
        ...base,
        parentUuid: parent,
        type: 'user',
        message: { role: 'user', content: 'go on' },
        uuid: `u${i}`,
        timestamp: r.time,
      });
      lines.push({
        ...base,
        parentUuid: `u${i}`,
        type: 'assistant',
        message: {
          model: r.model ?? 'test-model',
          id: `msg_${i}`,
          type: 'message',
          role: 'assistant',
          content: [{ type: 'text', text: 'done' }],
          stop_reason: 'end_turn',
          usage: {
            input_tokens: r.input,
            output_tokens: r.output,
            cache_creation_input_tokens: 0,
            cache_read_input_tokens: r.cacheRead,
          },
        },
        requestId: `req_${i}`,
        uuid: `a${i}`,
        timestamp: r.time,
      });
      parent = `a${i}`;
    });
    writeFileSync(path.join(logs, `${id}.jsonl`), `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
  }
  pricing = path.join(dir, 'pricing.json');
  writeFileSync(pricing, JSON.stringify({ models: { 'test-model': { ...rates, cacheWrite: 1 } } }));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  for (const cache of caches) rmSync(cache, { recursive: true, force: true });
});

async function run(args: string[], env: NodeJS.ProcessEnv = {}) {
  const io = memoryIo({ AGENTLOG_NOW: now, ...env }, repoRoot);
  const code = await runCli(args, io);
  return { code, out: io.out(), err: io.err() };
}

async function json(args: string[], env: NodeJS.ProcessEnv = {}) {
  const result = await run([...args, '--json'], env);
  expect(result.code, result.err).toBe(0);
  return JSON.parse(result.out);
}

describe('agentlog blocks', () => {
  it('puts the requests into the hand-made blocks, with their tokens by kind, cost and models', async () => {
    const report = await json(['blocks', logs, '--no-cache', '--pricing', pricing]);
    expect(report.blocks.map((b: { start: string; end: string }) => [b.start, b.end])).toEqual(
      expectedBlocks.map(([start, end]) => [start, end]),
    );
    report.blocks.forEach((block: Record<string, unknown>, n: number) => {
      const [, , ids] = expectedBlocks[n] as [string, string, number[]];
      const priced = ids.filter((i) => requests[i]?.model === undefined);
      expect(block.requests).toBe(ids.length);
      expect(block.inputTokens).toBe(sum(ids, (r) => r.input));
      expect(block.outputTokens).toBe(sum(ids, (r) => r.output));
      expect(block.cacheReadTokens).toBe(sum(ids, (r) => r.cacheRead));
      expect(block.totalTokens).toBe(sum(ids, tokensOf));
      expect(block.cost).toBeCloseTo(sum(priced, costOf), 12);
      expect(block.unpricedRequests).toBe(ids.length - priced.length);
      expect(block.models).toEqual([...new Set(ids.map((i) => requests[i]?.model ?? 'test-model'))].sort());
      expect(block.active).toBe(n === 3);
    });
    expect(report.unpricedModels).toEqual({ 'zz-unpriced-model': 1 });
    expect(report.unpricedTokens).toEqual({ 'zz-unpriced-model': tokensOf(requests[4] as Request) });
  });

  it('gives the active block at the pinned clock its time left, burn rate and projection', async () => {
    const report = await json(['blocks', logs, '--no-cache', '--pricing', pricing]);
    const active = report.blocks[3];
    const ids = [5, 6];
    const left = (Date.parse('2026-03-03T14:00:00Z') - Date.parse(now)) / 3_600_000;
    const since = (Date.parse(now) - Date.parse(requests[5]?.time ?? '')) / 3_600_000;
    const rate = sum(ids, tokensOf) / since;
    expect(report.now).toBe(now);
    expect(active.remainingMs).toBe(left * 3_600_000);
    expect(active.burnRate.tokensPerHour).toBeCloseTo(rate, 9);
    expect(active.burnRate.costPerHour).toBeCloseTo(sum(ids, costOf) / since, 12);
    expect(active.projected.totalTokens).toBe(Math.round(sum(ids, tokensOf) + rate * left));
    const text = await run(['blocks', logs, '--no-cache', '--pricing', pricing], { COLUMNS: '200' });
    expect(text.code).toBe(0);
    expect(text.out).toContain('Active block 2026-03-03 09:00 to 14:00 UTC: 2h 40m left.');
    expect(text.out).toContain(`burn rate     ${Math.round(rate).toLocaleString('en-US')} tokens/h`);
    expect(text.out).toContain(
      `projected     ${Math.round(sum(ids, tokensOf) + rate * left).toLocaleString('en-US')} tokens`,
    );
    // Long after: no block is active.
    const later = await json(['blocks', logs, '--no-cache'], { AGENTLOG_NOW: '2026-03-04T00:00:00Z' });
    expect(later.blocks.some((b: { active: boolean }) => b.active)).toBe(false);
  });

  it('has weekly totals equal to the sums of each week’s requests, ISO or from Sunday', async () => {
    for (const [extra, weeks] of [
      // 1 March 2026 is a Sunday: the last day of ISO week 9, the first of the Sunday week of 1 March.
      [[], { '2026-W09': [0], '2026-W10': [1, 2, 3, 4, 5, 6] }],
      [['--week-start', 'sunday'], { '2026-03-01': [0, 1, 2, 3, 4, 5, 6] }],
    ] as const) {
      const report = await json(['blocks', logs, '--no-cache', '--pricing', pricing, ...extra]);
      expect(report.weeks.map((w: { key: string }) => w.key)).toEqual(Object.keys(weeks));
      for (const week of report.weeks) {
        const ids = weeks[week.key as keyof typeof weeks] as readonly number[];
        expect(week.requests).toBe(ids.length);
        expect(week.totalTokens).toBe(sum([...ids], tokensOf));
        expect(week.cost).toBeCloseTo(
          sum(
            [...ids].filter((i) => requests[i]?.model === undefined),
            costOf,
          ),
          12,
        );
      }
      expect(report.total.totalTokens).toBe(sum([0, 1, 2, 3, 4, 5, 6], tokensOf));
    }
  });

  it('measures the blocks against --token-limit N, and warns when the active block nears it', async () => {
    const active = sum([5, 6], tokensOf);
    // Used 73%, and on course for more than the limit.
    const tight = await json(['blocks', logs, '--no-cache', '--token-limit', '50000']);
    expect(tight.tokenLimit).toBe(50_000);
    expect(tight.tokenLimitSource).toBe('given');
    expect(tight.blocks.map((b: { limitShare: number }) => b.limitShare)).toEqual(
      expectedBlocks.map(([, , ids]) => sum(ids, tokensOf) / 50_000),
    );
    expect(tight.blocks[3].projectedShare).toBe(tight.blocks[3].projected.totalTokens / 50_000);
    expect(tight.limitWarning).toBe(true);
    const text = await run(['blocks', logs, '--no-cache', '--token-limit', '50000'], { COLUMNS: '200' });
    expect(text.out).toContain('token limit   50,000 tokens\n');
    expect(text.out).toContain(`of the limit  ${((active / 50_000) * 100).toFixed(1)}% used, `);
    expect(text.out).toMatch(/^Warning: on course for \d+\.\d% of the token limit by 14:00 UTC\.$/m);
    // Used 18%, projected under 80%: no warning.
    const roomy = await run(['blocks', logs, '--no-cache', '--token-limit', '1000000'], { COLUMNS: '200' });
    expect(roomy.out).toContain(`of the limit  ${((active / 1e6) * 100).toFixed(1)}% used, `);
    expect(roomy.out).not.toContain('Warning');
  });

  it('takes the largest finished block for --token-limit max', async () => {
    const largest = Math.max(...expectedBlocks.slice(0, 3).map(([, , ids]) => sum(ids, tokensOf)));
    const report = await json(['blocks', logs, '--no-cache', '--token-limit', 'max']);
    expect(report.tokenLimit).toBe(largest);
    expect(report.tokenLimitSource).toBe('max');
    // The active block already used more than the largest finished one.
    expect(sum([5, 6], tokensOf)).toBeGreaterThan(largest);
    expect(report.limitWarning).toBe(true);
    const text = await run(['blocks', logs, '--no-cache', '--token-limit', 'max'], { COLUMNS: '200' });
    expect(text.out).toMatch(
      /^Warning: \d+\.\d% of the token limit used, 160 minutes before the block ends\.$/m,
    );
    expect(text.out).toContain(
      `token limit   ${largest.toLocaleString('en-US')} tokens, the largest finished block`,
    );
  });

  it('prints what the README shows for the demo data', async () => {
    const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    const command = 'AGENTLOG_NOW=2026-11-20T18:30:00Z COLUMNS=80 agentlog blocks --demo --token-limit max';
    const shown = readme.split(`$ ${command}\n`)[1]?.split('\n```')[0];
    const result = await run(['blocks', '--demo', '--token-limit', 'max'], {
      AGENTLOG_NOW: '2026-11-20T18:30:00Z',
      COLUMNS: '80',
    });
    expect(result.out.trimEnd()).toBe(shown);
  });

  it('says so in one line when there is no Claude Code usage (Codex only)', async () => {
    const result = await run(['blocks', corpusDir, '--no-cache', '--agent', 'codex']);
    expect(result.code).toBe(0);
    expect(result.out.split('\n\n')[0]).toBe(
      'No Claude Code usage in these sessions: blocks count Claude Code requests only.',
    );
    // Then only the Codex rate limits the rollouts recorded (test/codex-rate-limits.test.ts checks them).
    expect(result.out.split('\n\n')[1]).toMatch(/^Codex rate limits/);
    const report = await json(['blocks', corpusDir, '--no-cache', '--agent', 'codex']);
    expect(report.blocks).toEqual([]);
    // The Codex sessions do have usage: it is left out, not missing.
    const usage = await json(['usage', corpusDir, '--no-cache', '--agent', 'codex']);
    expect(usage.total.requests).toBeGreaterThan(0);
  });

  it('prints --json with raw numbers and ISO times', async () => {
    const report = await json(['blocks', logs, '--no-cache', '--token-limit', '50000']);
    expect(Object.keys(report).sort()).toEqual(
      [
        'now',
        'weekStart',
        'timeZone',
        'tokenLimit',
        'tokenLimitSource',
        'warnAt',
        'limitWarning',
        'blocks',
        'weeks',
        'total',
        'untimedRequests',
        'unpricedModels',
        'unpricedTokens',
        'sharedRequests',
        'rateLimits',
      ].sort(),
    );
    for (const block of report.blocks) {
      for (const key of ['start', 'end', 'firstRequest', 'lastRequest'])
        expect(new Date(block[key]).toISOString()).toBe(block[key]);
      for (const key of [
        'requests',
        'inputTokens',
        'outputTokens',
        'cacheWriteTokens',
        'cacheReadTokens',
        'totalTokens',
        'cost',
        'limitShare',
      ])
        expect(typeof block[key]).toBe('number');
    }
    expect(
      Object.keys(report.blocks[3])
        .filter((k) => !(k in report.blocks[0]))
        .sort(),
    ).toEqual(['burnRate', 'projected', 'projectedShare', 'remainingMs']);
  });

  it('fits 80 columns, and shows the last 10 blocks unless --all', async () => {
    const narrow = await run(['blocks', '--demo', '--token-limit', 'max'], { COLUMNS: '80' });
    expect(narrow.code).toBe(0);
    for (const line of narrow.out.split('\n').filter((l) => /^[┌│├└]/.test(l)))
      expect(displayWidth(line), line).toBeLessThanOrEqual(80);
    const all = await json(['blocks', '--demo', '--no-cache']);
    expect(all.blocks.length).toBeGreaterThan(10);
    const rows = (out: string) =>
      out.split('\n').filter((l) => /^│ \d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(l)).length;
    expect(rows(narrow.out)).toBe(10);
    expect(narrow.out).toContain(`(last 10 of ${all.blocks.length} blocks; --all shows every one)`);
    const every = await run(['blocks', '--demo', '--all']);
    expect(rows(every.out)).toBe(all.blocks.length);
  });

  it.each([
    ['the crafted sessions', () => [logs, '--pricing', pricing, '--token-limit', 'max']],
    ['the corpus', () => [corpusDir, '--all', '--token-limit', '100000']],
  ])('gives the same output with and without the index (%s)', async (_name, args) => {
    // The corpus's last requests: pinned inside its last block, so that one is active.
    const plainJson = await json(['blocks', ...args(), '--no-cache']);
    const last = plainJson.blocks.at(-1);
    const env = { AGENTLOG_NOW: new Date(Date.parse(last.lastRequest) + 60_000).toISOString() };
    for (const format of [['--json'], []]) {
      const plain = await run(['blocks', ...args(), ...format], env);
      expect(plain.code, plain.err).toBe(0);
      const cacheDir = tempDir('blocks-cache');
      caches.push(cacheDir);
      const cold = await run(['blocks', ...args(), ...format, '--cache-dir', cacheDir], env);
      const warm = await run(['blocks', ...args(), ...format, '--cache-dir', cacheDir], env);
      expect(cold.out).toBe(plain.out);
      expect(warm.out).toBe(plain.out);
      expect(cold.code).toBe(0);
    }
    const report = await json(['blocks', ...args(), '--no-cache'], env);
    expect(report.blocks.at(-1).active).toBe(true);
  });

  it.each([
    [
      ['--token-limit', 'abc'],
      {},
      'error: Option --token-limit needs a whole number of tokens (1 or more) or "max", got "abc".',
    ],
    [
      ['--token-limit', '0'],
      {},
      'error: Option --token-limit needs a whole number of tokens (1 or more) or "max", got "0".',
    ],
    [
      ['--week-start', 'friday'],
      {},
      'error: Option --week-start must be "monday" or "sunday", got "friday".',
    ],
    [
      [],
      { AGENTLOG_NOW: 'yesterday' },
      'error: AGENTLOG_NOW must be an ISO time such as 2026-03-02T12:00:00Z, got "yesterday"; unset it to use the clock.',
    ],
  ])('rejects %j with exit 2 and one sentence', async (args, env, message) => {
    const result = await run(['blocks', '--demo', ...args], env);
    expect(result.code).toBe(2);
    expect(result.out).toBe('');
    expect(result.err.trim()).toBe(message);
  });
});
