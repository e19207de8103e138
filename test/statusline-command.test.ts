/**
 * `agentlog statusline` over crafted Claude Code transcripts whose figures are known by hand: the session's
 * cost (yesterday's request included), today's cost (another session's request too), the active block at
 * a pinned clock with its time left and burn rate, the last request's context; the status line JSON of
 * `test/fixtures/statusline/` (the documented shape), missing fields, a transcript that does not exist,
 * garbage on stdin, colours, `--format`, a second call after lines are appended, and the built CLI with
 * real stdin.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../src/cli/output.js';
import { runCli } from '../src/cli/run-cli.js';
import { builtCli } from './helpers/run-built-cli.js';
import { tempDir } from './index-helpers.js';

const repoRoot = path.resolve(import.meta.dirname, '..');
const fixture = JSON.parse(
  readFileSync(path.join(repoRoot, 'test/fixtures/statusline/claude-code-input.json'), 'utf8'),
) as Record<string, unknown>;

interface Request {
  time: string;
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

const now = '2026-03-03T11:20:00.000Z';
const ids = ['aaaaaaaa-2222-4333-8444-000000000001', 'aaaaaaaa-2222-4333-8444-000000000002'] as const;
/** Session 1: one request yesterday, two today. Session 2: one request today, the first of the block. */
const session1: Request[] = [
  { time: '2026-03-02T20:00:00.000Z', input: 1000, output: 100, cacheRead: 10_000, cacheWrite: 0 },
  { time: '2026-03-03T09:20:00.000Z', input: 4000, output: 400, cacheRead: 30_000, cacheWrite: 2000 },
  { time: '2026-03-03T10:20:00.000Z', input: 2000, output: 200, cacheRead: 50_000, cacheWrite: 1000 },
];
const session2: Request[] = [
  { time: '2026-03-03T08:10:00.000Z', input: 500, output: 50, cacheRead: 0, cacheWrite: 0 },
];
/** USD per million tokens for `test-model` (the pricing file below). */
const rates = { input: 1, output: 2, cacheRead: 0.5, cacheWrite: 4 };
const costOf = (r: Request) =>
  (r.input * rates.input +
    r.output * rates.output +
    r.cacheRead * rates.cacheRead +
    r.cacheWrite * rates.cacheWrite) /
  1e6;
const tokensOf = (r: Request) => r.input + r.output + r.cacheRead + r.cacheWrite;
const sum = (list: Request[], f: (r: Request) => number) => list.reduce((n, r) => n + f(r), 0);
const usd = (value: number) => `$${value.toFixed(2)}`;

let dir: string;
let logs: string;
let pricing: string;
let cacheDir: string;
const transcript = (n: 0 | 1) => path.join(logs, `${ids[n]}.jsonl`);

function linesOf(id: string, requests: Request[], from: number, parent: string | null): string {
  const lines: unknown[] = [];
  let previous = parent;
  requests.forEach((r, k) => {
    const i = from + k;
    const base = {
      isSidechain: false,
      userType: 'external',
      cwd: '/home/me/app',
      sessionId: id,
      version: '2.1.30',
    };
    lines.push({
      ...base,
      parentUuid: previous,
      type: 'user',
      message: { role: 'user', content: 'go on' },
      uuid: `${id}-u${i}`,
      timestamp: r.time,
    });
    lines.push({
      ...base,
      parentUuid: `${id}-u${i}`,
      type: 'assistant',
      message: {
        model: 'test-model',
        id: `msg_${id}_${i}`,
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
      requestId: `req_${id}_${i}`,
      uuid: `${id}-a${i}`,
      timestamp: r.time,
    });
    previous = `${id}-a${i}`;
  });
  return lines.map((l) => `${JSON.stringify(l)}\n`).join('');
}

beforeAll(() => {
  dir = tempDir('statusline');
  logs = path.join(dir, 'projects', '-home-me-app');
  mkdirSync(logs, { recursive: true });
  writeFileSync(transcript(0), linesOf(ids[0], session1, 0, null));
  writeFileSync(transcript(1), linesOf(ids[1], session2, 0, null));
  pricing = path.join(dir, 'pricing.json');
  writeFileSync(pricing, JSON.stringify({ models: { 'test-model': rates } }));
  cacheDir = path.join(dir, 'cache');
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function inputFor(n: 0 | 1, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ ...fixture, session_id: ids[n], transcript_path: transcript(n), ...extra });
}

async function run(stdin: string, args: string[] = [], env: NodeJS.ProcessEnv = {}) {
  const merged: NodeJS.ProcessEnv = {
    AGENTLOG_NOW: now,
    NO_COLOR: '1',
    AGENTLOG_CACHE_DIR: cacheDir,
    ...env,
  };
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key];
  const io = memoryIo(merged, repoRoot);
  io.stdin = () => Readable.from([Buffer.from(stdin)]);
  const code = await runCli(['statusline', '--pricing', pricing, ...args], io);
  return { code, out: io.out(), err: io.err() };
}

describe('agentlog statusline', () => {
  it('shows the hand-computed costs, block, burn rate and context of the named session', async () => {
    // Session 2 first: the status line indexes only the session it is given.
    expect((await run(inputFor(1))).code).toBe(0);
    const { code, out, err } = await run(inputFor(0));
    expect(code, err).toBe(0);
    const today = [...session1.slice(1), ...session2];
    const hours = (Date.parse(now) - Date.parse('2026-03-03T08:10:00Z')) / 3_600_000;
    const last = session1[2] as Request;
    const context = last.input + last.cacheRead + last.cacheWrite;
    const rate = sum(today, tokensOf) / hours;
    expect(out).toBe(
      [
        'Opus',
        `session ${usd(sum(session1, costOf))}`,
        `today ${usd(sum(today, costOf))}`,
        // The block starts at 08:00 (the hour of session 2's request) and ends at 13:00: 1h 40m after now.
        `block ${usd(sum(today, costOf))}, 1h 40m left`,
        `${(rate / 1000).toFixed(0)}k tok/h ${usd(sum(today, costOf) / hours)}/h`,
        `ctx ${Math.round((context / 200_000) * 100)}% (${Math.round(context / 1000)}k)`,
      ].join(' | ') + '\n',
    );
    const json = JSON.parse((await run(inputFor(0), ['--json'])).out);
    expect(json.indexed).toBe(true);
    expect(json.session.usd).toBeCloseTo(sum(session1, costOf), 12);
    expect(json.today.usd).toBeCloseTo(sum(today, costOf), 12);
    expect(json.block.start).toBe('2026-03-03T08:00:00.000Z');
    expect(json.block.remainingMs).toBe(100 * 60_000);
    expect(json.block.tokensPerHour).toBeCloseTo(rate, 9);
    expect(json.context).toEqual({ tokens: context, window: 200_000, share: context / 200_000 });
    expect(json.claudeCodeCost).toBe(0.01234);
  });

  it('has no active block long after the last request, and counts another UTC day from zero', async () => {
    const json = JSON.parse(
      (await run(inputFor(0), ['--json'], { AGENTLOG_NOW: '2026-03-04T09:00:00Z' })).out,
    );
    expect(json.block).toBeNull();
    expect(json.today).toEqual({ usd: 0, unpricedRequests: 0 });
    expect(json.session.usd).toBeCloseTo(sum(session1, costOf), 12);
  });

  it('counts the local day of --timezone as today, and writes the block in that zone', async () => {
    // At 11:20Z it is 16:50 in Kolkata (+05:30): the day began at 18:30Z the day before, so yesterday's
    // 20:00Z request (01:30 local) is today's too. In Los Angeles (03:20, the day began at 08:00Z) it is not.
    const kolkata = JSON.parse((await run(inputFor(0), ['--json', '--timezone', 'Asia/Kolkata'])).out);
    expect(kolkata.today.usd).toBeCloseTo(sum([...session1, ...session2], costOf), 12);
    expect(kolkata.block.start).toBe('2026-03-03T13:30:00.000+05:30');
    const angeles = JSON.parse((await run(inputFor(0), ['--json', '--timezone', 'America/Los_Angeles'])).out);
    expect(angeles.today.usd).toBeCloseTo(sum([...session1.slice(1), ...session2], costOf), 12);
    expect(angeles.block.start).toBe('2026-03-03T00:00:00.000-08:00');
  });

  it('counts a 1M window for a [1m] model or when Claude Code says the context exceeded 200k', async () => {
    const last = session1[2] as Request;
    const context = last.input + last.cacheRead + last.cacheWrite;
    for (const extra of [{ model: { id: 'claude-sonnet-4-5[1m]' } }, { exceeds_200k_tokens: true }]) {
      const json = JSON.parse((await run(inputFor(0, extra), ['--json'])).out);
      expect(json.context).toEqual({ tokens: context, window: 1_000_000, share: context / 1_000_000 });
    }
  });

  it('shows the new cost after lines are appended to the transcript', async () => {
    const added: Request = {
      time: '2026-03-03T11:00:00.000Z',
      input: 3000,
      output: 300,
      cacheRead: 60_000,
      cacheWrite: 500,
    };
    const copy = path.join(logs, 'appended');
    mkdirSync(copy, { recursive: true });
    const file = path.join(copy, `${ids[0]}.jsonl`);
    writeFileSync(file, linesOf(ids[0], session1, 0, null));
    const input = inputFor(0, { transcript_path: file });
    const before = JSON.parse(
      (await run(input, ['--json'], { AGENTLOG_CACHE_DIR: path.join(dir, 'cache2') })).out,
    );
    expect(before.session.usd).toBeCloseTo(sum(session1, costOf), 12);
    appendFileSync(file, linesOf(ids[0], [added], 3, `${ids[0]}-a2`));
    const after = JSON.parse(
      (await run(input, ['--json'], { AGENTLOG_CACHE_DIR: path.join(dir, 'cache2') })).out,
    );
    expect(after.session.usd).toBeCloseTo(sum([...session1, added], costOf), 12);
    expect(after.context.tokens).toBe(added.input + added.cacheRead + added.cacheWrite);
  });

  it('fills --format placeholders, and refuses an unknown one with exit 2', async () => {
    const { code, out } = await run(inputFor(0), [
      '--format',
      '[{model}] {session_cost} {context_percent} {dir}',
    ]);
    expect(code).toBe(0);
    const last = session1[2] as Request;
    const share = Math.round(((last.input + last.cacheRead + last.cacheWrite) / 200_000) * 100);
    expect(out).toBe(`[Opus] ${usd(sum(session1, costOf))} ${share}% proj\n`);
    const bad = await run(inputFor(0), ['--format', '{model} {cost}']);
    expect(bad.code).toBe(2);
    expect(bad.out).toBe('');
    expect(bad.err).toContain('Unknown placeholder {cost}');
  });

  it('colours the line unless NO_COLOR or --no-color', async () => {
    const coloured = await run(inputFor(0), [], { NO_COLOR: undefined });
    expect(coloured.out).toContain('\x1b[36mOpus\x1b[39m');
    expect((await run(inputFor(0))).out).not.toContain('\x1b[');
    expect((await run(inputFor(0), ['--no-color'], { NO_COLOR: undefined })).out).not.toContain('\x1b[');
  });

  it("falls back to the model and Claude Code's cost when the transcript does not exist", async () => {
    const input = inputFor(0, { transcript_path: path.join(dir, 'missing', 'nope.jsonl') });
    const { code, out } = await run(input, [], { AGENTLOG_CACHE_DIR: path.join(dir, 'empty-cache') });
    expect(code).toBe(0);
    // Claude Code's figure, 0.01234: $0.01; an empty index has nothing today.
    expect(out).toBe('Opus | session $0.01 | today $0.00\n');
    const json = JSON.parse(
      (await run(input, ['--json'], { AGENTLOG_CACHE_DIR: path.join(dir, 'empty-cache') })).out,
    );
    expect(json.indexed).toBe(false);
    expect(json.session).toEqual({ usd: 0.01234, unpricedRequests: 0, source: 'claude-code' });
  });

  it('takes missing fields in its stride', async () => {
    // No model display name: the id; no cost and no transcript: no session figure.
    const idOnly = await run(JSON.stringify({ model: { id: 'claude-opus-4-1' } }), ['--no-cache']);
    expect(idOnly).toEqual({ code: 0, out: 'claude-opus-4-1\n', err: '' });
    // No model at all, but a transcript: the model of its last request.
    const noModel = await run(JSON.stringify({ transcript_path: transcript(0) }), ['--no-cache']);
    expect(noModel.code).toBe(0);
    expect(noModel.out.startsWith(`test-model | session ${usd(sum(session1, costOf))} | ctx `)).toBe(true);
    // Fields of the wrong type are ignored.
    const wrong = await run(
      JSON.stringify({ model: 42, cost: { total_cost_usd: 'a lot' }, transcript_path: 7 }),
      ['--no-cache'],
    );
    expect(wrong).toEqual({ code: 0, out: 'agentlog: nothing to show yet\n', err: '' });
  });

  it('prints a sensible line and exits 0 on garbage, an empty stdin, or a broken pricing file', async () => {
    for (const [stdin, says] of [
      ['not json {', 'the input on stdin is not JSON'],
      ['', 'no input on stdin'],
      ['[1, 2]', 'the input on stdin is not a JSON object'],
    ] as const) {
      const { code, out } = await run(stdin, ['--no-cache']);
      expect(code).toBe(0);
      expect(out).toBe(`agentlog: ${says}\n`);
    }
    const broken = path.join(dir, 'broken-pricing.json');
    writeFileSync(broken, '{');
    const { code, out, err } = await run(inputFor(0), ['--pricing', broken]);
    expect(code).toBe(0);
    expect(out).toBe('Opus | session $0.01\n');
    expect(err).not.toMatch(/\n\s+at /);
  });

  it("counts the session's subagent files (<session>/subagents/), as usage does over the same files", async () => {
    const demo = path.join(repoRoot, 'demo/claude/projects/-home-demo-src-shop-web');
    const id = '969c43bc-010a-4345-83f0-7a4ad6ad621e';
    const project = path.join(dir, 'subagents-case');
    cpSync(path.join(demo, `${id}.jsonl`), path.join(project, `${id}.jsonl`));
    cpSync(path.join(demo, id), path.join(project, id), { recursive: true });
    const usageOf = async (paths: string[]) => {
      const io = memoryIo({}, repoRoot);
      expect(await runCli(['usage', ...paths, '--by', 'session', '--json', '--no-cache'], io)).toBe(0);
      return JSON.parse(io.out()).total as { cost: number; requests: number };
    };
    const whole = await usageOf([path.join(project, `${id}.jsonl`), path.join(project, id, 'subagents')]);
    const mainOnly = await usageOf([path.join(project, `${id}.jsonl`)]);
    expect(whole.requests).toBeGreaterThan(mainOnly.requests);
    const input = JSON.stringify({ session_id: id, transcript_path: path.join(project, `${id}.jsonl`) });
    for (const args of [['--no-cache'], []]) {
      const io = memoryIo({ NO_COLOR: '1', AGENTLOG_CACHE_DIR: path.join(dir, 'cache-subagents') }, repoRoot);
      io.stdin = () => Readable.from([Buffer.from(input)]);
      expect(await runCli(['statusline', '--json', ...args], io)).toBe(0);
      expect(JSON.parse(io.out()).session.usd).toBeCloseTo(whole.cost, 12);
    }
  });

  it('says unpriced for a model without a price, never $0.00', async () => {
    const file = path.join(dir, 'unpriced', `${ids[0]}.jsonl`);
    mkdirSync(path.dirname(file), { recursive: true });
    const first = session1[0] as Request;
    writeFileSync(file, linesOf(ids[0], [first], 0, null).replaceAll('test-model', 'zz-unpriced-model'));
    const input = JSON.stringify({ transcript_path: file, model: { display_name: 'Zz' } });
    const alone = await run(input, ['--no-cache']);
    expect(alone.out.startsWith('Zz | session unpriced | ctx ')).toBe(true);
    appendFileSync(file, linesOf(ids[0], [session1[1] as Request], 1, `${ids[0]}-a0`));
    const mixed = await run(input, ['--no-cache', '--format', '{session_cost}']);
    expect(mixed.out).toBe(`${usd(costOf(session1[1] as Request))}+unpriced\n`);
  });

  it('does not wait for a stdin that stays open: it uses what came within 2 s', async () => {
    const io = memoryIo({ NO_COLOR: '1' }, repoRoot);
    const stdin = new PassThrough();
    stdin.write(JSON.stringify({ model: { display_name: 'Opus' } }));
    io.stdin = () => stdin;
    expect(await runCli(['statusline', '--no-cache'], io)).toBe(0);
    expect(io.out()).toBe('Opus\n');
    expect(stdin.destroyed).toBe(true);
  });

  it('prints what the README shows for the demo data', async () => {
    const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    const example = /^\$ echo '(.*)' \| AGENTLOG_NOW=(\S+) agentlog statusline\n(.*)$/m.exec(readme);
    expect(example).not.toBeNull();
    const [, input, clock, shown] = example as unknown as [string, string, string, string];
    const io = memoryIo(
      { NO_COLOR: '1', AGENTLOG_NOW: clock, AGENTLOG_CACHE_DIR: path.join(dir, 'cache-readme') },
      repoRoot,
    );
    io.stdin = () => Readable.from([Buffer.from(input)]);
    expect(await runCli(['statusline'], io)).toBe(0);
    expect(io.out()).toBe(`${shown}\n`);
  });

  it('reads real stdin as the built CLI', () => {
    const result = spawnSync(process.execPath, [builtCli, 'statusline', '--pricing', pricing], {
      input: inputFor(0),
      env: { ...process.env, NO_COLOR: '1', AGENTLOG_NOW: now, AGENTLOG_CACHE_DIR: path.join(dir, 'cache3') },
      encoding: 'utf8',
    });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(
      new RegExp(`^Opus \\| session \\${usd(sum(session1, costOf))} \\| today \\$`),
    );
  });
});
