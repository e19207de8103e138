/**
 * Days in a time zone on the corpus: the Claude Code requests of `usage --by day` in UTC, Los Angeles and
 * Kolkata (+05:30) equal a plain scan of the usage lines, each request dated by Intl in the zone, with and
 * without the index, by `--timezone` and by TZ in a real process; every agent's days, weeks and months and
 * the tools' days are the same with and without the index in each zone.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusDir } from './corpus.js';
import { runBuiltCli } from './helpers/run-built-cli.js';
import { json, type Row, repoRoot, type UsageJson } from './helpers/time-zone-usage.js';
import { tempDir } from './index-helpers.js';

const zones = ['UTC', 'America/Los_Angeles', 'Asia/Kolkata'] as const;

let dir: string;
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeAll(() => {
  dir = tempDir('time-zones');
});

/** The local date (`2026-01-31`) of an instant in `zone`, by Intl's formatter (en-CA writes ISO dates). */
function intlDay(ms: number, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(ms);
}

const fields = {
  input_tokens: 'inputTokens',
  output_tokens: 'outputTokens',
  cache_creation_input_tokens: 'cacheWriteTokens',
  cache_read_input_tokens: 'cacheReadTokens',
} as const;

/**
 * The plain scan: every Claude Code assistant record (and `agent_progress` record's `data.message`) with a
 * `message.usage`, one request per `message.id` + `requestId` (per-field maximum), dated by its first
 * record's `timestamp`; summed per local day of `zone`.
 */
function scanDays(zone: string): Map<string, Omit<Row, 'key'>> {
  const requests = new Map<string, { time: string; usage: Record<string, number> }>();
  const add = (record: Record<string, unknown>, file: string, line: number) => {
    const message = record.message as Record<string, unknown> | undefined;
    const usage = message?.usage as Record<string, unknown> | undefined;
    if (!message || !usage || typeof usage !== 'object' || message.model === '<synthetic>') return;
    const key =
      typeof message.id === 'string'
        ? `${message.id}|${typeof record.requestId === 'string' ? record.requestId : ''}`
        : `${file}:${line}`;
    const seen = requests.get(key) ?? { time: String(record.timestamp), usage: {} };
    for (const wire of Object.keys(fields))
      seen.usage[wire] = Math.max(seen.usage[wire] ?? 0, typeof usage[wire] === 'number' ? usage[wire] : 0);
    requests.set(key, seen);
  };
  const files = readdirSync(corpusDir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.jsonl'))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
  for (const file of files)
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((text, i) => {
        let record: Record<string, unknown>;
        try {
          record = JSON.parse(text) as Record<string, unknown>;
        } catch {
          return;
        }
        if (record === null || typeof record !== 'object') return;
        if (record.type === 'assistant') add(record, file, i);
        const data = record.data as Record<string, unknown> | undefined;
        const inner = data?.message as Record<string, unknown> | undefined;
        if (record.type === 'progress' && data?.type === 'agent_progress' && inner?.type === 'assistant')
          add({ ...inner, timestamp: inner.timestamp ?? record.timestamp }, file, i);
      });
  const days = new Map<string, Omit<Row, 'key'>>();
  for (const { time, usage } of requests.values()) {
    const ms = Date.parse(time);
    const day = Number.isNaN(ms) ? 'unknown' : intlDay(ms, zone);
    const row = days.get(day) ?? {
      requests: 0,
      inputTokens: 0,
      outputTokens: 0,
      cacheWriteTokens: 0,
      cacheReadTokens: 0,
    };
    row.requests += 1;
    for (const [wire, field] of Object.entries(fields)) row[field] += usage[wire] ?? 0;
    days.set(day, row);
  }
  return days;
}

const pick = (rows: readonly Row[]) =>
  Object.fromEntries(
    rows.map(({ key, requests, inputTokens, outputTokens, cacheWriteTokens, cacheReadTokens }) => [
      key,
      { requests, inputTokens, outputTokens, cacheWriteTokens, cacheReadTokens },
    ]),
  );

describe('usage --by day on the corpus', () => {
  const expected = Object.fromEntries(zones.map((zone) => [zone, Object.fromEntries(scanDays(zone))]));

  it('the zones give different days on the corpus (the test can tell them apart)', () => {
    expect(Object.keys(expected.UTC ?? {})).not.toEqual(Object.keys(expected['Asia/Kolkata'] ?? {}));
    expect(expected.UTC).not.toEqual(expected['America/Los_Angeles']);
  });

  for (const zone of zones)
    it(`equals the plain scan dated by Intl in ${zone}, with and without the index`, async () => {
      const cache = path.join(dir, `cache-${zone.replace('/', '-')}`);
      for (const flags of [['--no-cache'], ['--cache-dir', cache], ['--cache-dir', cache]]) {
        const report = await json<UsageJson>([
          'usage',
          corpusDir,
          '--agent',
          'claude-code',
          '--timezone',
          zone,
          ...flags,
        ]);
        expect(report.timeZone).toBe(zone);
        expect(pick(report.rows), flags.join(' ')).toEqual(expected[zone]);
      }
    });

  it('follows TZ when no --timezone is given (a real process)', async () => {
    for (const zone of ['America/Los_Angeles', 'Asia/Kolkata']) {
      const result = await runBuiltCli(
        ['usage', corpusDir, '--agent', 'claude-code', '--no-cache', '--json'],
        repoRoot,
        { TZ: zone },
      );
      expect(result.code, result.err).toBe(0);
      const report = JSON.parse(result.out) as UsageJson;
      expect(report.timeZone).toBe(zone);
      expect(pick(report.rows)).toEqual(expected[zone]);
    }
  });

  it('gives every agent the same days with and without the index, in each zone', async () => {
    for (const zone of zones) {
      const cache = path.join(dir, `cache-all-${zone.replace('/', '-')}`);
      for (const by of ['day', 'week', 'month']) {
        const args = ['usage', corpusDir, '--by', by, '--timezone', zone];
        const memory = await json<UsageJson>([...args, '--no-cache']);
        const indexed = await json<UsageJson>([...args, '--cache-dir', cache]);
        expect(indexed, `${zone} ${by}`).toEqual(memory);
      }
      const tools = ['tools', corpusDir, '--by', 'day', '--timezone', zone];
      expect(await json([...tools, '--cache-dir', cache])).toEqual(await json([...tools, '--no-cache']));
    }
  });
});
