import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusMoreDir } from '../../../test/corpus.js';
import {
  copilotRequestKey,
  copilotUsageOf,
  createCopilotUsageTracker,
  shutdownUsageEntries,
} from './usage.js';

type Json = Record<string, unknown>;

const file = path.join(
  corpusMoreDir,
  'copilot-cli/specstoryai__getspecstory/specstory-cli/pkg/providers/copilotcli/testdata/tool-exercise.jsonl',
);
const usages = readFileSync(file, 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as Json)
  .filter((r) => r.type === 'session.usage_record')
  .map((r) => (r.data as Json).usage as Json);

describe('copilotUsageOf', () => {
  it('matches the billed token kinds of copilotUsage.tokenDetails in every usage record', () => {
    expect(usages.length).toBe(7);
    for (const usage of usages) {
      const details = ((usage.copilotUsage as Json).tokenDetails as Json[]).map((d) => [
        d.tokenType,
        d.tokenCount,
      ]);
      const billed = Object.fromEntries(details) as Record<string, number>;
      const u = copilotUsageOf(usage);
      expect(u.inputTokens).toBe(billed.input);
      expect(u.cacheReadTokens).toBe(billed.cache_read);
      expect(u.cacheWriteTokens).toBe(billed.cache_write);
      expect(u.outputTokens).toBe(billed.output);
      expect(u.reasoningTokens).toBe(usage.reasoningTokens);
      expect(u.reasoningTokens).toBeLessThanOrEqual(u.outputTokens);
    }
  });

  it('counts a request written twice once, with the per-field maximum', () => {
    const tracker = createCopilotUsageTracker();
    const [first] = usages;
    if (!first) throw new Error('no usage record');
    tracker.add(first, undefined);
    tracker.add({ ...first, outputTokens: 1 }, undefined);
    const totals = tracker.totals();
    expect(totals.entries).toHaveLength(1);
    expect(totals.usage.outputTokens).toBe(first.outputTokens);
    expect(totals.entries[0]?.requestKey).toBe(copilotRequestKey(first));
    expect(totals.byModel['claude-sonnet-5.5']?.outputTokens).toBe(first.outputTokens);
  });
});

describe('shutdownUsageEntries', () => {
  it('counts cumulative shutdown snapshots as intervals, so that the totals are the last snapshot', () => {
    // The shape of ccusage's Copilot fixture (session-state/session-a/events.jsonl).
    const first = {
      inputTokens: 100,
      outputTokens: 50,
      cacheReadTokens: 10,
      cacheWriteTokens: 20,
      reasoningTokens: 5,
    };
    const last = {
      inputTokens: 200,
      outputTokens: 80,
      cacheReadTokens: 20,
      cacheWriteTokens: 30,
      reasoningTokens: 10,
    };
    const entries = shutdownUsageEntries([
      { timestamp: 't1', modelMetrics: { m: { usage: first, requests: { count: 1 } } } },
      { timestamp: 't2', modelMetrics: { m: { usage: last } } },
      { timestamp: 't3', modelMetrics: { m: { requests: 2 } } },
    ]);
    expect(entries.map((e) => e.timestamp)).toEqual(['t1', 't2']);
    const sum = (field: 'inputTokens' | 'outputTokens' | 'cacheReadTokens' | 'cacheWriteTokens') =>
      entries.reduce((n, e) => n + e.usage[field], 0);
    expect(sum('inputTokens')).toBe(200 - 20 - 30);
    expect(sum('cacheReadTokens')).toBe(20);
    expect(sum('cacheWriteTokens')).toBe(30);
    expect(sum('outputTokens')).toBe(80);
  });
});
