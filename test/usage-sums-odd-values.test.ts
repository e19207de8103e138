// Usage summed from the index's tree parts against `computeUsage` (requests one by one) on token counts no log
// should hold but nothing forbids: fractions, counts whose total passes 2^53, and counts so large that a sum
// or a cost is no longer finite. The sums are exact (usage-rows.ts), so the ways of summing agree to the bit;
// a part that JSON cannot carry is not kept, and a stored part of the wrong shape counts as missing.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ExactSum } from '../src/analytics/exact-sum.js';
import { computeUsage, type Pricer } from '../src/analytics/usage-report.js';
import { openIndex } from '../src/cache/open-index.js';
import { selectTrees } from '../src/cache/queries/select-trees.js';
import { queryUsage } from '../src/cache/queries/usage-query.js';
import { storePendingTreeParts } from '../src/cache/tree-parts.js';
import { holdsConversation } from '../src/lifecycle/holds-conversation.js';
import { discoverPaths } from '../src/sources/index.js';
import { coldSessions, refreshed, tempDir, testPrice } from './index-helpers.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A Claude Code session file: one prompt, then one response per input-token count (same day, same model). */
function session(sid: string, startMinute: number, inputs: number[]): string {
  const lines: string[] = [];
  let t = Date.parse('2026-02-01T10:00:00.000Z') + startMinute * 60_000;
  const ts = () => {
    t += 1000;
    return new Date(t).toISOString();
  };
  const base = {
    isSidechain: false,
    userType: 'external',
    cwd: '/home/me/app',
    sessionId: sid,
    version: '2.1.30',
  };
  let parent: string | null = null;
  const push = (record: Record<string, unknown>) => {
    lines.push(JSON.stringify({ parentUuid: parent, ...base, ...record, timestamp: ts() }));
    parent = record.uuid as string;
  };
  push({ type: 'user', message: { role: 'user', content: 'hello' }, uuid: `${sid}-u` });
  for (const [i, input] of inputs.entries())
    push({
      type: 'assistant',
      message: {
        model: 'claude-opus-4-5-20251101',
        id: `msg-${sid}-${i}`,
        type: 'message',
        role: 'assistant',
        content: [{ type: 'text', text: `answer ${i}` }],
        stop_reason: null,
        usage: {
          input_tokens: input,
          cache_creation_input_tokens: 0,
          cache_read_input_tokens: 0,
          output_tokens: 1,
        },
      },
      requestId: `req-${sid}-${i}`,
      uuid: `${sid}-a${i}`,
    });
  return `${lines.join('\n')}\n`;
}

async function compare(newer: number[], older: number[], price: Pricer = testPrice) {
  const logs = tempDir('rv-sums-logs');
  const cache = tempDir('rv-sums-cache');
  dirs.push(logs, cache);
  const dir = path.join(logs, '.claude', 'projects', '-home-me-app');
  mkdirSync(dir, { recursive: true });
  const a = '11111111-1111-4111-8111-111111111111';
  const b = '22222222-2222-4222-8222-222222222222';
  writeFileSync(path.join(dir, `${a}.jsonl`), session(a, 30, newer));
  writeFileSync(path.join(dir, `${b}.jsonl`), session(b, 0, older));
  await refreshed(cache, logs);
  const refs = (await discoverPaths([logs])).files;
  const sessions = (await coldSessions(logs))
    .filter(holdsConversation)
    .sort((x, y) => (y.startTime ?? '').localeCompare(x.startTime ?? ''));
  const expected = computeUsage(sessions, 'day', price);
  const index = openIndex({ cacheDir: cache, agentlogVersion: 'test' });
  try {
    const one = selectTrees(index.db, refs, {});
    const withoutParts = queryUsage(one, 'day', price, {});
    const two = selectTrees(index.db, refs, {});
    const withParts = queryUsage(two, 'day', price, {}, 'test prices');
    storePendingTreeParts(two);
    // Again, now from the parts stored by the run before.
    const three = selectTrees(index.db, refs, {});
    const fromStored = queryUsage(three, 'day', price, {}, 'test prices');
    const stored = index.db.prepare('SELECT count(*) FROM _tree_parts').pluck().get();
    return { expected, withoutParts, withParts, fromStored, stored, cache, refs };
  } finally {
    index.db.close();
  }
}

describe('usage sums from tree parts on odd token counts', () => {
  it('sums fractional counts exactly, the same from requests, fresh parts and stored parts', async () => {
    const { expected, withoutParts, withParts, fromStored, stored } = await compare([0.1], [0.2, 0.3]);
    // 0.1 + 0.2 + 0.3 is 0.6000000000000001 summed left to right; the exact sum rounds to 0.6.
    expect(expected.total.inputTokens).toBe(0.6);
    expect(withoutParts).toStrictEqual(expected);
    expect(withParts).toStrictEqual(expected);
    expect(stored).toBe(2);
    expect(fromStored).toStrictEqual(expected);
  });

  it('sums counts beyond 2^53 exactly, in any grouping', async () => {
    const { expected, withoutParts, withParts, fromStored } = await compare([2 ** 53], [1, 1]);
    expect(expected.total.inputTokens).toBe(2 ** 53 + 2);
    expect(withoutParts).toStrictEqual(expected);
    expect(withParts).toStrictEqual(expected);
    expect(fromStored).toStrictEqual(expected);
  });

  it('keeps no part whose sums are not finite, and gives the same infinite sums every way', async () => {
    // 1e308 tokens are a finite JSON number; at $10 a token each cost is infinite, and two of them overflow.
    const perToken: Pricer = (_model, usage) => usage.inputTokens * 10;
    const { expected, withoutParts, withParts, fromStored, stored } = await compare(
      [1e308],
      [1e308, 1e308],
      perToken,
    );
    expect(expected.total.cost).toBe(Number.POSITIVE_INFINITY);
    expect(expected.total.inputTokens).toBe(Number.POSITIVE_INFINITY);
    expect(stored).toBe(0);
    expect(withoutParts).toStrictEqual(expected);
    expect(withParts).toStrictEqual(expected);
    expect(fromStored).toStrictEqual(expected);
  });

  it('takes a stored part of the wrong shape as missing', async () => {
    const { expected, cache, refs } = await compare([5], [7, 11]);
    const index = openIndex({ cacheDir: cache, agentlogVersion: 'test' });
    try {
      for (const damaged of ['null', '[]', '{"rows":[["x",null]],"unpriced":[]}', '{"rows":{}}'])
        index.db.prepare('UPDATE _tree_parts SET part = ?').run(damaged);
      const selection = selectTrees(index.db, refs, {});
      expect(queryUsage(selection, 'day', testPrice, {}, 'test prices')).toStrictEqual(expected);
    } finally {
      index.db.close();
    }
  });
});

describe('ExactSum on values that are not finite', () => {
  const sum = (...values: number[]) => values.reduce((s, v) => s.add(v), new ExactSum());
  it('sums them as IEEE 754 does, in any order', () => {
    expect(sum(Number.POSITIVE_INFINITY, 1).value()).toBe(Number.POSITIVE_INFINITY);
    expect(sum(1, Number.NEGATIVE_INFINITY).value()).toBe(Number.NEGATIVE_INFINITY);
    expect(sum(Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY).value()).toBeNaN();
    expect(sum(Number.NaN, 1).value()).toBeNaN();
    expect(sum(1e308, 1e308).value()).toBe(Number.POSITIVE_INFINITY);
    expect(sum(-1e308, 5, -1e308).value()).toBe(Number.NEGATIVE_INFINITY);
  });

  it('keeps them through its partials; finite values stay finite', () => {
    const infinite = sum(3, Number.POSITIVE_INFINITY);
    expect(Number.isFinite(infinite.value())).toBe(false);
    expect(new ExactSum(infinite.partials()).value()).toBe(Number.POSITIVE_INFINITY);
    expect(Number.isFinite(sum(0.1, 0.2).value())).toBe(true);
    expect(Object.is(sum(-0, -0).value(), 0)).toBe(true);
  });
});
