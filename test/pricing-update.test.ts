/**
 * `agentlog pricing update` against a local HTTP server (node:http on 127.0.0.1; no network here) serving a real
 * copy of the genai-prices database: the JSON of the installed @pydantic/genai-prices, as its published
 * `data.json` holds it, with one model added the way a newer release adds one (Claude Sonnet 5.5, which the
 * shipped data lacks and agentlog's supplement keeps meanwhile). Then `pricing` names the source in use and its
 * date, data commands price with the stored copy and `--offline` ignores it, and bad answers (HTTP 500, a cut
 * body, JSON that is not a database, no server) fail in one sentence and keep the stored copy.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseProvider } from '../src/analytics/pricing/price-database.js';
import { readPackageData } from '../src/analytics/pricing/shipped-price-database.js';
import { memoryIo } from '../src/cli/output.js';
import { runCli } from '../src/cli/run-cli.js';
import { tempDir } from './index-helpers.js';

let dir: string;
let cacheDir: string;
let logs: string;
let server: Server;
let base: string;
let served: DatabaseProvider[];
const stored = () => path.join(cacheDir, 'genai-prices.json');

/** Claude Sonnet 5.5 as a newer database would have it, at a price of its own to tell the copies apart. */
const sonnet55 = {
  id: 'claude-sonnet-5-5',
  name: 'Claude Sonnet 5.5',
  match: { or: [{ starts_with: 'claude-sonnet-5-5' }, { starts_with: 'claude-sonnet-5.5' }] },
  prices: {
    input_mtok: 2,
    output_mtok: 10,
    cache_write_mtok: 2.5,
    cache_read_mtok: 0.05,
    cache_write_1h_mtok: 4,
  },
};

beforeAll(async () => {
  dir = tempDir('pricing-update');
  cacheDir = path.join(dir, 'cache');
  logs = path.join(dir, 'projects', '-home-me-app');
  mkdirSync(logs, { recursive: true });
  // One Claude Code request of Sonnet 5.5: 1,000,000 cache-read tokens, nothing else.
  const id = 'bbbbbbbb-2222-4333-8444-000000000001';
  const common = {
    isSidechain: false,
    userType: 'external',
    cwd: '/home/me/app',
    sessionId: id,
    version: '2.1.30',
  };
  const lines = [
    {
      ...common,
      parentUuid: null,
      type: 'user',
      message: { role: 'user', content: 'go' },
      uuid: 'u1',
      timestamp: '2026-11-20T10:00:00.000Z',
    },
    {
      ...common,
      parentUuid: 'u1',
      type: 'assistant',
      message: {
        model: 'claude-sonnet-5-5',
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        content: [{ type: 'text', text: 'done' }],
        stop_reason: 'end_turn',
        usage: {
          input_tokens: 0,
          output_tokens: 0,
          cache_creation_input_tokens: 0,
          cache_read_input_tokens: 1_000_000,
        },
      },
      requestId: 'req_1',
      uuid: 'a1',
      timestamp: '2026-11-20T10:00:01.000Z',
    },
  ];
  writeFileSync(path.join(logs, `${id}.jsonl`), lines.map((l) => `${JSON.stringify(l)}\n`).join(''));

  served = structuredClone((await readPackageData()).providers);
  served.find((p) => p.id === 'anthropic')?.models.push(sonnet55 as DatabaseProvider['models'][number]);
  const body = JSON.stringify(served);
  server = createServer((request, response) => {
    if (request.url === '/data.json') {
      response.writeHead(200, {
        'content-type': 'application/json',
        'last-modified': 'Mon, 23 Nov 2026 08:00:00 GMT',
      });
      response.end(body);
    } else if (request.url === '/cut.json') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(body.slice(0, 1000));
    } else if (request.url === '/not-prices.json') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ models: { 'gpt-5': { input: 1 } } }));
    } else {
      response.writeHead(500, 'Internal Server Error');
      response.end('oops');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

async function run(args: string[]) {
  const io = memoryIo({ AGENTLOG_CACHE_DIR: cacheDir, NO_COLOR: '1' }, dir);
  const code = await runCli(args, io);
  return { code, out: io.out(), err: io.err() };
}

/** The cost `usage` reports for the one request. */
async function usageCost(extra: string[] = []): Promise<unknown> {
  const { code, out, err } = await run(['usage', logs, '--by', 'model', '--json', '--no-cache', ...extra]);
  expect(code, err).toBe(0);
  return (JSON.parse(out) as { total: { cost: number } }).total.cost;
}

describe('agentlog pricing update', () => {
  it('uses the shipped prices before any update', async () => {
    const { code, out } = await run(['pricing', '--json']);
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({
      kind: 'shipped',
      source: expect.stringMatching(/^@pydantic\/genai-prices \d/),
    });
    // The supplement's Sonnet 5.5: 1,000,000 cache reads x $0.10.
    expect(await usageCost()).toBeCloseTo(0.1, 12);
  });

  it('stores the database from the server and uses it ahead of the shipped one', async () => {
    const { code, out, err } = await run(['pricing', 'update', '--url', `${base}/data.json`, '--json']);
    expect(code, err).toBe(0);
    const report = JSON.parse(out) as Record<string, unknown>;
    const withModelMatch = served.filter((p) => p.model_match !== undefined);
    expect(report).toMatchObject({
      url: `${base}/data.json`,
      lastModified: 'Mon, 23 Nov 2026 08:00:00 GMT',
      file: stored(),
      providerCount: withModelMatch.length,
      modelCount: withModelMatch.reduce((n, p) => n + p.models.length, 0),
    });
    expect(Date.now() - Date.parse(String(report.fetchedAt))).toBeLessThan(60_000);
    // What is stored is what was served (the providers agentlog prices with), and nothing else is left behind.
    const file = JSON.parse(readFileSync(stored(), 'utf8')) as { providers: DatabaseProvider[] };
    expect(file.providers.map((p) => p.id)).toEqual(withModelMatch.map((p) => p.id));
    file.providers.forEach((p, i) => {
      const models = withModelMatch[i]?.models ?? [];
      expect(p.models.map((m) => [m.id, m.match, m.prices])).toEqual(
        models.map((m) => [m.id, m.match, m.prices]),
      );
    });
    expect(readdirSync(cacheDir)).toEqual(['genai-prices.json']);

    const shown = JSON.parse((await run(['pricing', '--json'])).out) as Record<string, unknown>;
    expect(shown).toMatchObject({
      kind: 'downloaded',
      source: `${base}/data.json`,
      fetchedAt: report.fetchedAt,
    });
    // The database has Sonnet 5.5 now: the supplement steps aside.
    expect(shown.supplement).not.toContain('claude-sonnet-5-5');
    const text = (await run(['pricing', 'claude-sonnet-5.5'])).out;
    expect(text).toContain(`downloaded from ${base}/data.json on ${String(report.fetchedAt).slice(0, 10)}`);
    expect(text).toContain('claude-sonnet-5.5: claude-sonnet-5-5, input $2, output $10');
    // 1,000,000 cache reads x $0.05 (the served price), and x $0.10 (the shipped one) with --offline.
    expect(await usageCost()).toBeCloseTo(0.05, 12);
    expect(await usageCost(['--offline'])).toBeCloseTo(0.1, 12);
    expect(JSON.parse((await run(['pricing', '--offline', '--json'])).out)).toMatchObject({
      kind: 'shipped',
    });
  });

  it.each([
    ['/error', 'the server answered 500 Internal Server Error'],
    ['/cut.json', 'it is not JSON'],
    ['/not-prices.json', 'it is not a genai-prices database'],
  ])('keeps the stored copy when %s answers badly', async (route, reason) => {
    const before = readFileSync(stored(), 'utf8');
    const { code, out, err } = await run(['pricing', 'update', '--url', `${base}${route}`]);
    expect(code).toBe(1);
    expect(out).toBe('');
    const lines = err.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`The price update from "${base}${route}" failed: ${reason}`);
    expect(lines[0]).toMatch(/; the prices downloaded on \d{4}-\d{2}-\d{2} are kept\.$/);
    expect(readFileSync(stored(), 'utf8')).toBe(before);
    expect(readdirSync(cacheDir)).toEqual(['genai-prices.json']);
  });

  it('says when no server answers', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { code, err } = await run(['pricing', 'update', '--url', `http://127.0.0.1:${port}/data.json`]);
    expect(code).toBe(1);
    expect(err).toMatch(
      /failed: the server cannot be reached \(ECONNREFUSED\); the prices downloaded on .* are kept\.\n$/,
    );
  });

  it('refuses a URL that is not http(s) as a bad command line', async () => {
    const { code, err } = await run(['pricing', 'update', '--url', 'file:///etc/passwd']);
    expect(code).toBe(2);
    expect(err).toContain('Option --url must be an http or https URL, got "file:///etc/passwd".');
  });

  it('falls back to the shipped prices, in one sentence, when the stored copy is damaged', async () => {
    writeFileSync(stored(), '{"url": "x", "provid');
    const { code, out, err } = await run(['pricing', '--json']);
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ kind: 'shipped' });
    expect(err).toBe(
      `The downloaded prices "${stored()}" are damaged; run "agentlog pricing update" again or delete the file. Using the prices shipped with agentlog.\n`,
    );
    expect(existsSync(stored())).toBe(true);
  });
});
