import { describe, expect, it } from 'vitest';
import { boundDepth, isTruncatedValue, jsonDepth, serialize, TRUNCATED_KEY } from './bound-depth.js';

const nestedArrays = (n: number) => '['.repeat(n) + ']'.repeat(n);
const nestedObjects = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;

describe('boundDepth', () => {
  it('leaves a value within the limit as it is', () => {
    const value = JSON.parse('{"a":[1,{"b":[[2]]}],"c":"x"}');
    expect(boundDepth(value, 5)).toEqual([]);
    expect(value).toEqual({ a: [1, { b: [[2]] }], c: 'x' });
  });

  it('cuts the first level beyond the limit and keeps the cut part as JSON text', () => {
    // Root (1) -> a (2) -> [0] (3) -> b (4): with a limit of 3, b's array is cut.
    const value = JSON.parse('{"a":[{"b":[[1,"x"]]}],"c":[]}');
    const cuts = boundDepth(value, 3);
    expect(cuts).toEqual([{ path: ['a', 0, 'b'], depth: 5 }]);
    expect(value.a[0].b).toEqual({ [TRUNCATED_KEY]: 'too-deep', depth: 2, json: '[[1,"x"]]' });
    expect(isTruncatedValue(value.a[0].b)).toBe(true);
    expect(value.c).toEqual([]);
  });

  it.each([
    ['arrays', 8_000],
    ['objects', 8_000],
    ['arrays', 100_000],
    ['objects', 100_000],
    ['arrays', 1_000_000],
  ])('bounds %s nested %i levels, so that JSON.stringify works again, and loses nothing', (shape, n) => {
    const text = shape === 'arrays' ? nestedArrays(n) : nestedObjects(n);
    const value = JSON.parse(`{"deep":${text}}`);
    expect(() => JSON.stringify(value)).toThrow(RangeError);
    const cuts = boundDepth(value, 100);
    expect(cuts).toHaveLength(1);
    expect(cuts[0]?.depth).toBe(n + 1);
    expect(jsonDepth(value)).toBe(101);
    const stored = JSON.parse(JSON.stringify(value)) as unknown;
    // The marker sits 100 levels down; its text is the rest of the original, byte for byte.
    let node = (stored as { deep: unknown }).deep;
    for (let i = 2; i <= 100; i++)
      node = shape === 'arrays' ? (node as unknown[])[0] : (node as { a: unknown }).a;
    expect(isTruncatedValue(node)).toBe(true);
    const inner = shape === 'arrays' ? nestedArrays(n - 99) : nestedObjects(n - 99);
    expect((node as { json: string }).json).toBe(inner);
  });

  it('counts depth from the root object', () => {
    expect(boundDepth(JSON.parse(nestedArrays(3)), 3)).toEqual([]);
    expect(boundDepth(JSON.parse(nestedArrays(4)), 3)).toEqual([{ path: [0, 0, 0], depth: 4 }]);
  });
});

describe('serialize', () => {
  it.each([
    ['{"a":[1,2.5,"x\\"y\\u2028",null,true,{}],"b":{"c":[]},"\\u0000k":false}'],
    ['[]'],
    ['"text"'],
    ['12'],
    ['null'],
    ['[[],[[]],{"a":{"b":{}}}]'],
  ])('writes %s as JSON.stringify does', (text) => {
    const value = JSON.parse(text) as unknown;
    expect(serialize(value).json).toBe(JSON.stringify(value));
  });

  it('writes a value a million levels deep and tells its depth', () => {
    const text = nestedObjects(1_000_000);
    expect(serialize(JSON.parse(text))).toEqual({ json: text, depth: 1_000_000 });
  });
});
