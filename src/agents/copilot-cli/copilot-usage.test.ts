import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusMoreDir } from '../../../test/corpus.js';
import { copilotRequestKey, copilotUsageOf, createCopilotUsageTracker } from './copilot-usage.js';

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
