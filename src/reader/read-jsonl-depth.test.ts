import { describe, expect, it } from 'vitest';
import { isTruncatedValue } from '../schemas/common/bound-depth.js';
import type { LineResult } from './line-result.js';
import { readJsonl } from './read-jsonl.js';

async function readAll(text: string, maxDepth?: number): Promise<LineResult[]> {
  const out: LineResult[] = [];
  for await (const r of readJsonl({ text }, maxDepth === undefined ? {} : { maxDepth })) out.push(r);
  return out;
}

describe('readJsonl on deeply nested lines', () => {
  it('keeps a record nested 100,000 levels deep, with the deep part cut and located', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const text = `{"type":"a"}\n{"type":"user","message":{"content":${deep}}}\n{"type":"b"}\n`;
    const results = await readAll(text);
    expect(results.map((r) => r.ok)).toEqual([true, true, true]);
    const second = results[1];
    if (!second?.ok) throw new Error('expected a record');
    expect(second.location.line).toBe(2);
    expect(second.cuts).toHaveLength(1);
    // Root (1), message (2), content (3): the first array deeper than 100 is at level 101.
    expect(second.cuts?.[0]?.path.slice(0, 3)).toEqual(['message', 'content', 0]);
    expect(second.cuts?.[0]?.path).toHaveLength(100);
    expect(second.cuts?.[0]?.depth).toBe(100_002);
    expect(() => JSON.stringify(second.value)).not.toThrow();
    expect(results[0]?.ok && results[0].cuts).toBe(undefined);
  });

  it('takes its limit from maxDepth', async () => {
    const [result] = await readAll('{"a":{"b":{"c":[1]}}}\n', 3);
    if (!result?.ok) throw new Error('expected a record');
    expect(result.cuts).toEqual([{ path: ['a', 'b', 'c'], depth: 4 }]);
    const value = result.value as { a: { b: { c: unknown } } };
    expect(isTruncatedValue(value.a.b.c)).toBe(true);
    expect(value.a.b.c).toMatchObject({ json: '[1]', depth: 1 });
  });
});
