/**
 * `usage --by week` and `tools --by week` (ISO weeks, or Sunday weeks with `--week-start sunday`) hold
 * exactly the days of `--by day`: each week row is the sum of the day rows of its seven days, found from the
 * week's first day computed here by calendar arithmetic, not with the library's week keys.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../src/cli/output.js';
import { runCli } from '../src/cli/run-cli.js';
import { corpusDir } from './corpus.js';

const root = path.resolve(import.meta.dirname, '..');

async function run(args: string[]) {
  const io = memoryIo({}, root);
  const code = await runCli(args, io);
  return { code, out: io.out(), err: io.err() };
}

async function json<T>(args: string[]): Promise<T> {
  const result = await run([...args, corpusDir, '--no-cache', '--json']);
  expect(result.code, result.err).toBe(0);
  return JSON.parse(result.out) as T;
}

/** The first day (ms, UTC midnight) of a week key: `2026-W05` (ISO) or `2026-01-25` (its Sunday). */
function weekFirstDay(key: string): number {
  const iso = /^(\d{4})-W(\d{2})$/.exec(key);
  if (!iso) return Date.parse(`${key}T00:00:00Z`);
  // 4 January is always in week 1; week 1 starts on the Monday on or before it.
  const jan4 = Date.UTC(Number(iso[1]), 0, 4);
  const monday1 = jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * 86_400_000;
  return monday1 + (Number(iso[2]) - 1) * 7 * 86_400_000;
}

function inWeek(day: string, week: string): boolean {
  const at = Date.parse(`${day}T00:00:00Z`);
  const first = weekFirstDay(week);
  return at >= first && at < first + 7 * 86_400_000;
}

interface UsageRow {
  key: string;
  totalTokens: number;
  inputTokens: number;
  outputTokens: number;
  cost: number;
  requests: number;
  unpricedRequests: number;
}
interface UsageJson {
  by: string;
  rows: UsageRow[];
  total: UsageRow;
}
interface ToolRow {
  tool: string;
  agent: string;
  group: string;
  calls: number;
  errors: number;
}

describe.each([
  ['ISO weeks', []],
  ['Sunday weeks', ['--week-start', 'sunday']],
])('--by week (%s)', (_name, extra) => {
  it('usage: each week is the sum of its days, and the totals equal the daily totals', async () => {
    const days = await json<UsageJson>(['usage', '--by', 'day']);
    const weeks = await json<UsageJson>(['usage', '--by', 'week', ...extra]);
    expect(weeks.by).toBe('week');
    const dated = days.rows.filter((r) => r.key !== 'unknown');
    expect(dated.length).toBeGreaterThan(weeks.rows.length);
    let covered = 0;
    for (const week of weeks.rows) {
      if (week.key === 'unknown') continue;
      expect(week.key).toMatch(extra.length === 0 ? /^\d{4}-W\d{2}$/ : /^\d{4}-\d{2}-\d{2}$/);
      if (extra.length > 0) expect(new Date(`${week.key}T00:00:00Z`).getUTCDay()).toBe(0);
      const its = dated.filter((d) => inWeek(d.key, week.key));
      expect(its.length, week.key).toBeGreaterThan(0);
      covered += its.length;
      for (const field of [
        'totalTokens',
        'inputTokens',
        'outputTokens',
        'requests',
        'unpricedRequests',
      ] as const)
        expect(week[field], `${week.key} ${field}`).toBe(its.reduce((n, d) => n + d[field], 0));
      expect(week.cost).toBeCloseTo(
        its.reduce((n, d) => n + d.cost, 0),
        9,
      );
    }
    expect(covered).toBe(dated.length);
    // Weeks come in time order.
    const keys = weeks.rows.map((r) => r.key).filter((k) => k !== 'unknown');
    expect(keys).toEqual([...keys].sort());
    for (const field of ['totalTokens', 'requests', 'unpricedRequests'] as const)
      expect(weeks.total[field]).toBe(days.total[field]);
    expect(weeks.total.cost).toBeCloseTo(days.total.cost, 9);
  });

  it('tools: each week group holds the calls of its days, tool by tool', async () => {
    const days = await json<ToolRow[]>(['tools', '--by', 'day']);
    const weeks = await json<ToolRow[]>(['tools', '--by', 'week', ...extra]);
    const weekGroups = new Set(weeks.map((r) => r.group));
    expect(weekGroups.size).toBeGreaterThan(1);
    for (const group of weekGroups) {
      const dayRows = days.filter((d) =>
        group === 'unknown' ? d.group === 'unknown' : d.group !== 'unknown' && inWeek(d.group, group),
      );
      const sum = (rows: ToolRow[], field: 'calls' | 'errors') => {
        const by = new Map<string, number>();
        for (const r of rows)
          by.set(`${r.agent} ${r.tool}`, (by.get(`${r.agent} ${r.tool}`) ?? 0) + r[field]);
        return Object.fromEntries([...by].sort());
      };
      const weekRows = weeks.filter((r) => r.group === group);
      expect(sum(weekRows, 'calls'), group).toEqual(sum(dayRows, 'calls'));
      expect(sum(weekRows, 'errors'), group).toEqual(sum(dayRows, 'errors'));
    }
    const total = (rows: ToolRow[]) => rows.reduce((n, r) => n + r.calls, 0);
    expect(total(weeks)).toBe(total(days));
  });
});

describe('--week-start', () => {
  it('rejects a day that is not monday or sunday with exit 2 and one sentence', async () => {
    for (const command of ['usage', 'tools']) {
      const result = await run([command, '--demo', '--by', 'week', '--week-start', 'friday']);
      expect(result.code).toBe(2);
      expect(result.out).toBe('');
      expect(result.err.trim()).toBe(
        'error: Option --week-start must be "monday" or "sunday", got "friday".',
      );
    }
  });
});
