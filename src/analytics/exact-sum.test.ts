import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../test/helpers/seeded-random.js';
import { ExactSum } from './exact-sum.js';

const sumOf = (values: readonly number[]) => values.reduce((sum, v) => sum.add(v), new ExactSum()).value();

describe('ExactSum', () => {
  // Cases whose correctly rounded sums are known (CPython's tests of math.fsum use the same ones).
  it.each([
    [[], 0],
    [Array(10).fill(0.1), 1],
    [[1e-16, 1, 1e16], 1.0000000000000002e16],
    [[1, 1e100, 1, -1e100], 2],
    [[2 ** 53, -0.5, -(2 ** -54)], 2 ** 53 - 1],
    [[2 ** 53, 1, 2 ** -100], 2 ** 53 + 2],
    [[2 ** 53 + 10, 1, 2 ** -100], 2 ** 53 + 12],
    [[2 ** 53 - 4, 0.5, 2 ** -54], 2 ** 53 - 3],
    [[1e100, 1, -1e100, 1e-100, 1e50, -1, -1e50], 1e-100],
  ])('sums %j to %d, correctly rounded', (values, expected) => {
    expect(sumOf(values)).toBe(expected);
  });

  it('gives the same sum in any order, where a plain sum does not', () => {
    const next = seededRandom(7);
    // Costs as the status line sums them: a few cents to a few dollars, with many digits.
    const values = Array.from({ length: 2000 }, () => next() * 10 ** (Math.floor(next() * 6) - 3));
    const shuffled = [...values].sort(() => next() - 0.5);
    const plain = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    expect(plain(values)).not.toBe(plain([...values].reverse()));
    expect(sumOf(shuffled)).toBe(sumOf(values));
    expect(sumOf([...values].reverse())).toBe(sumOf(values));
    expect(Math.abs(sumOf(values) - plain(values))).toBeLessThan(1e-9);
  });

  it('takes a value out exactly, and resumes from its partials', () => {
    const next = seededRandom(11);
    const values = Array.from({ length: 500 }, () => next() * 3);
    const sum = new ExactSum();
    for (const v of values) sum.add(v);
    const resumed = new ExactSum(sum.partials());
    expect(resumed.value()).toBe(sum.value());
    // The 100th value grows: out with the old, in with the new, as a fresh sum of the changed list has it.
    resumed.add(-(values[100] as number)).add(42.125);
    const changed = values.map((v, i) => (i === 100 ? 42.125 : v));
    expect(resumed.value()).toBe(sumOf(changed));
    expect(JSON.parse(JSON.stringify(sum.partials()))).toEqual(sum.partials());
  });
});
