import { describe, expect, it } from 'vitest';
import { addUsage, emptyUsage, usageFields } from './usage.js';

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
