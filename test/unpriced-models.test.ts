/**
 * A model without a price is never counted as $0: `usage`, `report`, `blocks` and `statusline` list it as
 * unpriced with its requests and tokens, the priced requests keep their cost, and `--pricing FILE` fills it in.
 * The session is crafted: two Claude Code requests of `claude-sonnet-4-5` (priced by the database) and two of
 * `zz-next-model` (priced by nothing), with their tokens written below; the expectations are sums of those.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../src/cli/output.js';
import { runCli } from '../src/cli/run-cli.js';
import { builtCli } from './helpers/run-built-cli.js';
import { tempDir } from './index-helpers.js';

interface Request {
  model: string;
  input: number;
  output: number;
  cacheWrite: number;
  cacheRead: number;
}
const requests: Request[] = [
  { model: 'claude-sonnet-4-5-20250929', input: 1000, output: 2000, cacheWrite: 10_000, cacheRead: 100_000 },
  { model: 'zz-next-model', input: 500, output: 700, cacheWrite: 0, cacheRead: 40_000 },
  { model: 'claude-sonnet-4-5-20250929', input: 3000, output: 1000, cacheWrite: 0, cacheRead: 120_000 },
  { model: 'zz-next-model', input: 100, output: 300, cacheWrite: 2000, cacheRead: 0 },
];
const tokens = (r: Request) => r.input + r.output + r.cacheWrite + r.cacheRead;
const unpriced = requests.filter((r) => r.model === 'zz-next-model');
const unpricedTokens = unpriced.reduce((n, r) => n + tokens(r), 0);
/** Claude Sonnet 4.5: $3 input, $15 output, $3.75 cache write, $0.30 cache read per million (Anthropic's page). */
const sonnetCost = requests
  .filter((r) => r.model !== 'zz-next-model')
  .reduce((n, r) => n + (r.input * 3 + r.output * 15 + r.cacheWrite * 3.75 + r.cacheRead * 0.3) / 1e6, 0);
/** The `--pricing` file's rates for the new model: $1 input, $4 output, $1.25 cache write, $0.10 cache read. */
const nextCost = unpriced.reduce(
  (n, r) => n + (r.input * 1 + r.output * 4 + r.cacheWrite * 1.25 + r.cacheRead * 0.1) / 1e6,
  0,
);
const now = '2026-11-20T10:30:00.000Z';
const id = 'cccccccc-2222-4333-8444-000000000001';

let dir: string;
let logs: string;
let pricing: string;

beforeAll(() => {
  dir = tempDir('unpriced');
  logs = path.join(dir, 'projects', '-home-me-app');
  mkdirSync(logs, { recursive: true });
  const common = {
    isSidechain: false,
    userType: 'external',
    cwd: '/home/me/app',
    sessionId: id,
    version: '2.1.30',
  };
  const lines: unknown[] = [];
  let parent: string | null = null;
  requests.forEach((r, i) => {
    const time = new Date(Date.parse('2026-11-20T10:00:00.000Z') + i * 60_000).toISOString();
    lines.push({
      ...common,
      parentUuid: parent,
      type: 'user',
      message: { role: 'user', content: 'go on' },
      uuid: `u${i}`,
      timestamp: time,
    });
    lines.push({
      ...common,
      parentUuid: `u${i}`,
      type: 'assistant',
      message: {
        model: r.model,
        id: `msg_${i}`,
        type: 'message',
        role: 'assistant',
        content: [{ type: 'text', text: 'done' }],
        stop_reason: 'end_turn',
        usage: {
          input_tokens: r.input,
          output_tokens: r.output,
          cache_creation_input_tokens: r.cacheWrite,
          cache_read_input_tokens: r.cacheRead,
        },
      },
      requestId: `req_${i}`,
      uuid: `a${i}`,
      timestamp: time,
    });
    parent = `a${i}`;
  });
  writeFileSync(path.join(logs, `${id}.jsonl`), lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
  pricing = path.join(dir, 'pricing.json');
  writeFileSync(
    pricing,
    JSON.stringify({
      models: { 'zz-next-model': { input: 1, output: 4, cacheWrite: 1.25, cacheRead: 0.1 } },
    }),
  );
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function run(args: string[], stdin?: string) {
  const io = memoryIo({ AGENTLOG_NOW: now, AGENTLOG_CACHE_DIR: path.join(dir, 'cache'), NO_COLOR: '1' }, dir);
  if (stdin !== undefined) io.stdin = () => Readable.from([Buffer.from(stdin)]);
  const code = await runCli(args, io);
  expect(code, io.err()).toBe(0);
  return io.out();
}

describe('a model without a price', () => {
  it('usage: its tokens are counted, its cost is not, and it is listed with requests and tokens', async () => {
    const report = JSON.parse(await run(['usage', logs, '--json', '--by', 'model']));
    expect(report.total.totalTokens).toBe(requests.reduce((n, r) => n + tokens(r), 0));
    expect(report.total.cost).toBeCloseTo(sonnetCost, 12);
    expect(report.total.unpricedRequests).toBe(unpriced.length);
    expect(report.unpricedModels).toEqual({ 'zz-next-model': unpriced.length });
    expect(report.unpricedTokens).toEqual({ 'zz-next-model': unpricedTokens });
    const row = report.rows.find((r: { key: string }) => r.key === 'zz-next-model');
    expect(row).toMatchObject({ cost: 0, unpricedRequests: 2, totalTokens: unpricedTokens });
    const text = await run(['usage', logs, '--by', 'model']);
    expect(text).toMatch(/zz-next-model .* n\/a/);
    expect(text).toContain(
      `* no price for "zz-next-model" (2 requests, ${unpricedTokens.toLocaleString('en-US')} tokens): tokens counted, cost left out. Use --pricing FILE to add prices.`,
    );
  });

  it('report and blocks list it the same way', async () => {
    const line = `* no price for "zz-next-model" (2 requests, ${unpricedTokens.toLocaleString('en-US')} tokens)`;
    expect(await run(['report', logs])).toContain(line);
    expect(await run(['blocks', logs])).toContain(line);
    const blocks = JSON.parse(await run(['blocks', logs, '--json']));
    expect(blocks.unpricedTokens).toEqual({ 'zz-next-model': unpricedTokens });
    expect(blocks.blocks[0]).toMatchObject({ unpricedRequests: 2, cost: expect.closeTo(sonnetCost, 12) });
  });

  it('statusline says the session cost is partial', async () => {
    const input = JSON.stringify({ session_id: id, transcript_path: path.join(logs, `${id}.jsonl`) });
    const figures = JSON.parse(await run(['statusline', '--json'], input));
    expect(figures.session).toMatchObject({ usd: expect.closeTo(sonnetCost, 12), unpricedRequests: 2 });
    expect(await run(['statusline', '--format', '{session_cost}'], input)).toBe(
      `$${sonnetCost.toFixed(2)}+unpriced\n`,
    );
  });

  it('the MCP usage tool lists it with its requests and tokens (the built CLI)', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [builtCli, 'mcp', logs, '--cache-dir', path.join(dir, 'mcp-cache')],
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', HOME: dir, NO_COLOR: '1' },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'agentlog-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const result = await client.callTool({ name: 'usage', arguments: { by: 'model' } });
      const data = result.structuredContent as { unpricedModels: unknown; unpricedTokens: unknown };
      expect(data.unpricedModels).toEqual({ 'zz-next-model': 2 });
      expect(data.unpricedTokens).toEqual({ 'zz-next-model': unpricedTokens });
      const text = (result.content as { text: string }[]).map((c) => c.text).join('\n');
      expect(text).toContain(
        `No price known for zz-next-model (2 requests, ${unpricedTokens.toLocaleString('en-US')} tokens): their tokens are counted, their cost is not.`,
      );
    } finally {
      await client.close();
    }
  }, 60_000);

  it('--pricing FILE fills it in', async () => {
    const report = JSON.parse(await run(['usage', logs, '--json', '--pricing', pricing]));
    expect(report.unpricedModels).toEqual({});
    expect(report.unpricedTokens).toEqual({});
    expect(report.total.cost).toBeCloseTo(sonnetCost + nextCost, 12);
    const figures = JSON.parse(
      await run(
        ['statusline', '--json', '--pricing', pricing],
        JSON.stringify({ session_id: id, transcript_path: path.join(logs, `${id}.jsonl`) }),
      ),
    );
    expect(figures.session).toMatchObject({
      usd: expect.closeTo(sonnetCost + nextCost, 12),
      unpricedRequests: 0,
    });
  });
});
