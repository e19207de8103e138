import { describe, expect, it } from 'vitest';
import { addUsage, emptyUsage, sameUsageEntry, type UsageEntry, usageFields } from './usage.js';

describe('addUsage', () => {
  it('adds every usage field (a field added to TokenUsage must be added here too)', () => {
    for (const [i, field] of usageFields.entries()) {
      const one = { ...emptyUsage(), [field]: i + 1 };
      const sum = addUsage(addUsage(emptyUsage(), one), one);
      expect(sum).toEqual({ ...emptyUsage(), [field]: 2 * (i + 1) });
    }
    expect(Object.keys(emptyUsage()).sort()).toEqual([...usageFields].sort());
  });
});

describe('sameUsageEntry', () => {
  const entry = (): UsageEntry => ({
    usage: { ...emptyUsage(), inputTokens: 3, outputTokens: 5 },
    messageId: 'm1',
    requestKey: 'msg_1|req_1',
    model: 'claude-x',
    timestamp: '2026-11-27T00:00:00.000Z',
  });

  it('is true for equal values in other objects, whatever their key order', () => {
    const { usage, ...rest } = entry();
    expect(sameUsageEntry(entry(), { ...rest, usage: { ...usage } })).toBe(true);
  });

  it('tells a difference in any field or count apart', () => {
    for (const key of ['messageId', 'requestKey', 'model', 'timestamp'] as const) {
      const other = entry();
      delete other[key];
      expect(sameUsageEntry(entry(), other), key).toBe(false);
    }
    for (const field of usageFields) {
      const other = entry();
      other.usage[field] += 1;
      expect(sameUsageEntry(entry(), other), field).toBe(false);
    }
  });
});
