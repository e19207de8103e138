/**
 * Days, `--since/--until` and blocks in a time zone (the system's, TZ, or `--timezone`'s) over hand-made
 * sessions of one request each around local midnights and New York's clock changes (2025-03-09 spring
 * forward, 2025-11-02 fall back): the days, the 23- and 25-hour days, `--since/--until` at local midnight,
 * the 5-hour blocks across midnight and a change of clocks, by hand; the same through `serve` and `mcp`;
 * a zone that does not exist: one sentence, exit 2. (The corpus: time-zones-corpus.test.ts.)
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startViewer } from '../src/cli/commands/serve-command.js';
import { memoryIo } from '../src/cli/output.js';
import { builtCli, runBuiltCli } from './helpers/run-built-cli.js';
import { json, type Row, repoRoot, run, type UsageJson } from './helpers/time-zone-usage.js';
import { tempDir } from './index-helpers.js';

const ny = 'America/New_York';

let dir: string;
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeAll(() => {
  dir = tempDir('time-zones');
});

/** One request per session file, so that the session filters select requests one by one. */
const requests = [
  // Around midnight in Kolkata (18:30Z).
  '2026-01-31T18:29:00.000Z', // 0: 23:59 on 31 January in Kolkata
  '2026-01-31T18:31:00.000Z', // 1: 00:01 on 1 February in Kolkata
  // New York, spring forward on 2025-03-09 (02:00 EST -> 03:00 EDT at 07:00Z).
  '2025-03-09T04:30:00.000Z', // 2: 23:30 EST on 8 March
  '2025-03-09T06:50:00.000Z', // 3: 01:50 EST on 9 March
  '2025-03-09T07:10:00.000Z', // 4: 03:10 EDT on 9 March
  '2025-03-10T03:59:00.000Z', // 5: 23:59 EDT on 9 March
  '2025-03-10T04:00:00.000Z', // 6: 00:00 EDT on 10 March
  // New York, fall back on 2025-11-02 (02:00 EDT -> 01:00 EST at 06:00Z).
  '2025-11-02T03:59:00.000Z', // 7: 23:59 EDT on 1 November
  '2025-11-02T04:00:00.000Z', // 8: 00:00 EDT on 2 November
  '2025-11-02T05:30:00.000Z', // 9: 01:30 EDT
  '2025-11-02T06:30:00.000Z', // 10: 01:30 EST, an hour later
  '2025-11-03T04:59:00.000Z', // 11: 23:59 EST on 2 November
  '2025-11-03T05:00:00.000Z', // 12: 00:00 EST on 3 November
];
const tokensOf = (i: number) => 1000 * (i + 1);

let logs: string;
beforeAll(() => {
  logs = path.join(dir, 'projects', '-home-me-app');
  mkdirSync(logs, { recursive: true });
  requests.forEach((time, i) => {
    const id = `22222222-3333-4444-8555-${String(i).padStart(12, '0')}`;
    const base = { isSidechain: false, userType: 'external', cwd: '/home/me/app', sessionId: id };
    const lines = [
      {
        ...base,
        parentUuid: null,
        type: 'user',
        message: { role: 'user', content: 'go on' },
        uuid: `u${i}`,
        timestamp: time,
        version: '2.1.30',
      },
      {
        ...base,
        parentUuid: `u${i}`,
        type: 'assistant',
        message: {
          model: 'claude-sonnet-4-5-20250929',
          id: `msg_${i}`,
          type: 'message',
          role: 'assistant',
          content: [{ type: 'text', text: 'done' }],
          stop_reason: 'end_turn',
          usage: { input_tokens: tokensOf(i), output_tokens: 0 },
        },
        requestId: `req_${i}`,
        uuid: `a${i}`,
        timestamp: time,
        version: '2.1.30',
      },
    ];
    writeFileSync(path.join(logs, `${id}.jsonl`), `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
  });
});

/** The requests of each day row, from the rows' input tokens (request i has 1000 * (i + 1)). */
function requestsByDay(report: UsageJson): Record<string, number> {
  return Object.fromEntries(report.rows.map((r) => [r.key, r.requests]));
}

describe('days around local midnight and changes of clocks', () => {
  it('puts each request on its local day, 23 hours on the spring-forward day and 25 on the fall-back day', async () => {
    const newYork = await json<UsageJson>(['usage', logs, '--no-cache', '--timezone', ny]);
    expect(requestsByDay(newYork)).toEqual({
      '2025-03-08': 1,
      '2025-03-09': 3,
      '2025-03-10': 1,
      '2025-11-01': 1,
      '2025-11-02': 4,
      '2025-11-03': 1,
      '2026-01-31': 2,
    });
    const nov2 = newYork.rows.find((r) => r.key === '2025-11-02');
    expect(nov2?.inputTokens).toBe([8, 9, 10, 11].reduce((n, i) => n + tokensOf(i), 0));
    const kolkata = await json<UsageJson>(['usage', logs, '--no-cache', '--timezone', 'Asia/Kolkata']);
    expect(requestsByDay(kolkata)).toMatchObject({ '2026-01-31': 1, '2026-02-01': 1 });
    const utc = await json<UsageJson>(['usage', logs, '--no-cache', '--timezone', 'UTC']);
    expect(requestsByDay(utc)).toEqual({
      '2025-03-09': 3,
      '2025-03-10': 2,
      '2025-11-02': 4,
      '2025-11-03': 2,
      '2026-01-31': 2,
    });
  });

  it('the index gives the same days', async () => {
    for (const zone of [ny, 'Asia/Kolkata']) {
      const args = ['usage', logs, '--timezone', zone];
      expect(await json([...args, '--cache-dir', path.join(dir, 'cache-hand')])).toEqual(
        await json([...args, '--no-cache']),
      );
    }
  });

  it('--since and --until take whole local days, from local midnight', async () => {
    const between = async (zone: string, since: string, until: string) => {
      const report = await json<UsageJson>([
        'usage',
        logs,
        '--no-cache',
        '--timezone',
        zone,
        '--since',
        since,
        '--until',
        until,
        '--by',
        'model',
      ]);
      return report.total.inputTokens;
    };
    const sum = (ids: number[]) => ids.reduce((n, i) => n + tokensOf(i), 0);
    expect(await between('Asia/Kolkata', '2026-02-01', '2026-02-01')).toBe(sum([1]));
    expect(await between('Asia/Kolkata', '2026-01-31', '2026-01-31')).toBe(sum([0]));
    expect(await between('UTC', '2026-01-31', '2026-01-31')).toBe(sum([0, 1]));
    expect(await between(ny, '2025-03-09', '2025-03-09')).toBe(sum([3, 4, 5]));
    expect(await between(ny, '2025-11-02', '2025-11-02')).toBe(sum([8, 9, 10, 11]));
    // A time without an offset is a wall time of the zone: 01:30 is the first one on the fall-back day.
    expect(await between(ny, '2025-11-02T01:30', '2025-11-02T01:59')).toBe(sum([9]));
    // With an offset, an instant in any zone.
    expect(await between(ny, '2025-11-02T01:30-05:00', '2025-11-02T01:59-05:00')).toBe(sum([10]));
  });

  it('ls filters by the local day too, and reads TZ in a real process', async () => {
    const result = await runBuiltCli(
      ['ls', logs, '--no-cache', '--json', '--since', '2026-02-01'],
      repoRoot,
      { TZ: 'Asia/Kolkata' },
    );
    expect(result.code, result.err).toBe(0);
    const rows = JSON.parse(result.out) as { id: string }[];
    expect(rows.map((r) => r.id)).toEqual(['22222222-3333-4444-8555-000000000001']);
  });
});

interface BlocksJson {
  timeZone: string;
  now: string;
  blocks: { start: string; end: string; firstRequest: string; lastRequest: string; requests: number }[];
  weeks: { key: string; requests: number }[];
}

describe('blocks in a time zone', () => {
  const env = { AGENTLOG_NOW: '2026-03-01T00:00:00.000Z' };

  it('are the same instants in every zone, written with the offset in force at each end', async () => {
    const utc = await json<BlocksJson>(['blocks', logs, '--no-cache', '--timezone', 'UTC'], env);
    const newYork = await json<BlocksJson>(['blocks', logs, '--no-cache', '--timezone', ny], env);
    expect(newYork.timeZone).toBe(ny);
    expect(newYork.now).toBe('2026-02-28T19:00:00.000-05:00');
    expect(newYork.blocks.map((b) => [Date.parse(b.start), Date.parse(b.end), b.requests])).toEqual(
      utc.blocks.map((b) => [Date.parse(b.start), Date.parse(b.end), b.requests]),
    );
    // By hand: each block starts at the UTC hour of its first request and lasts 5 hours of elapsed time.
    expect(newYork.blocks.map((b) => [b.start, b.end, b.requests])).toEqual([
      // Across midnight and the spring forward: 23:00 to 05:00 on the wall clock (6 hours).
      ['2025-03-08T23:00:00.000-05:00', '2025-03-09T05:00:00.000-04:00', 3],
      ['2025-03-09T23:00:00.000-04:00', '2025-03-10T04:00:00.000-04:00', 2],
      // Across midnight and the fall back: 23:00 to 03:00 on the wall clock (4 hours).
      ['2025-11-01T23:00:00.000-04:00', '2025-11-02T03:00:00.000-05:00', 4],
      ['2025-11-02T23:00:00.000-05:00', '2025-11-03T04:00:00.000-05:00', 2],
      ['2026-01-31T13:00:00.000-05:00', '2026-01-31T18:00:00.000-05:00', 2],
    ]);
    const fallBack = newYork.blocks[2];
    expect([fallBack?.firstRequest, fallBack?.lastRequest]).toEqual([
      '2025-11-01T23:59:00.000-04:00',
      '2025-11-02T01:30:00.000-05:00',
    ]);
  });

  it('start at half past the hour in a zone offset by a half hour', async () => {
    const kolkata = await json<BlocksJson>(['blocks', logs, '--no-cache', '--timezone', 'Asia/Kolkata'], env);
    expect(kolkata.blocks.at(-1)).toMatchObject({
      start: '2026-01-31T23:30:00.000+05:30',
      end: '2026-02-01T04:30:00.000+05:30',
      requests: 2,
    });
    const text = await run(['blocks', logs, '--no-cache', '--timezone', 'Asia/Kolkata'], env);
    expect(text.out).toContain('2026-01-31 23:30-04:30');
    expect(text.out).toContain('block (local)');
    expect(text.out).toContain('Weekly totals (ISO weeks, Asia/Kolkata)');
  });

  it('weekly totals take the local days', async () => {
    // Request 0 is on Saturday 31 January in Kolkata (ISO week 5), request 1 on Sunday 1 February (week 5
    // too); with weeks from Sunday they part.
    const sunday = await json<BlocksJson>(
      ['blocks', logs, '--no-cache', '--timezone', 'Asia/Kolkata', '--week-start', 'sunday'],
      env,
    );
    expect(sunday.weeks.filter((w) => w.key >= '2026')).toEqual([
      expect.objectContaining({ key: '2026-01-25', requests: 1 }),
      expect.objectContaining({ key: '2026-02-01', requests: 1 }),
    ]);
    const utc = await json<BlocksJson>(
      ['blocks', logs, '--no-cache', '--timezone', 'UTC', '--week-start', 'sunday'],
      env,
    );
    expect(utc.weeks.filter((w) => w.key >= '2026')).toEqual([
      expect.objectContaining({ key: '2026-01-25', requests: 2 }),
    ]);
  });
});

describe('serve in a time zone', () => {
  it("gives the dashboard's days and the list's date filters in --timezone's zone", async () => {
    const io = memoryIo({ AGENTLOG_CACHE_DIR: path.join(dir, 'cache-serve') }, repoRoot);
    const viewer = await startViewer([logs], { port: '0', host: '127.0.0.1', timezone: ny }, io);
    try {
      const page = await (await fetch(`${viewer.url}dashboard`)).text();
      const data = /<script type="application\/json" id="dashboard-data">(.*?)<\/script>/s.exec(page)?.[1];
      const days = (JSON.parse(data ?? '{}') as { days: Row[] }).days;
      expect(Object.fromEntries(days.map((d) => [d.key, d.requests]))).toEqual({
        '2025-03-08': 1,
        '2025-03-09': 3,
        '2025-03-10': 1,
        '2025-11-01': 1,
        '2025-11-02': 4,
        '2025-11-03': 1,
        '2026-01-31': 2,
      });
      expect(page).toContain(`Tokens and cost per day (${ny})`);
      // Sessions of one request each: the fall-back day holds four, the day before one (none in UTC).
      const rows = async (day: string) =>
        (await (await fetch(`${viewer.url}?since=${day}&until=${day}`)).text()).match(/<tr data-session=/g)
          ?.length ?? 0;
      expect(await rows('2025-11-02')).toBe(4);
      expect(await rows('2025-11-01')).toBe(1);
    } finally {
      await viewer.close();
    }
  });
});

describe('mcp in a time zone', () => {
  it("answers usage by day, blocks and date scopes in --timezone's zone", async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [builtCli, 'mcp', logs, '--timezone', ny, '--cache-dir', path.join(dir, 'cache-mcp')],
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', HOME: dir, NO_COLOR: '1', TZ: 'UTC' },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'agentlog-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const call = async (args: Record<string, unknown>) =>
        (await client.callTool({ name: 'usage', arguments: args })).structuredContent as {
          rows: Row[];
          total: Row;
          blocks: { start: string }[];
        };
      const days = await call({ by: 'day', limit: 50 });
      expect(Object.fromEntries(days.rows.map((r) => [r.key, r.requests]))).toEqual({
        '2025-03-08': 1,
        '2025-03-09': 3,
        '2025-03-10': 1,
        '2025-11-01': 1,
        '2025-11-02': 4,
        '2025-11-03': 1,
        '2026-01-31': 2,
      });
      expect((await call({ by: 'model', since: '2025-11-01', until: '2025-11-01' })).total.requests).toBe(1);
      const blocks = await call({ by: 'block', limit: 50 });
      expect(blocks.blocks.map((b) => b.start)).toContain('2025-11-01T23:00:00.000-04:00');
    } finally {
      await client.close();
    }
  });
});

describe('a zone that does not exist', () => {
  for (const command of ['usage', 'blocks', 'ls', 'tools', 'report', 'statusline'])
    it(`is one sentence and exit 2 (${command})`, async () => {
      const args = command === 'statusline' ? [command] : [command, logs, '--no-cache'];
      const result = await run([...args, '--timezone', 'Mars/Olympus_Mons']);
      expect(result.code).toBe(2);
      expect(result.out).toBe('');
      expect(result.err.trim().split('\n')).toEqual([
        'error: Option --timezone needs an IANA time zone such as "Europe/Paris" or "UTC", got "Mars/Olympus_Mons".',
      ]);
    });
});
