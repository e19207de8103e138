import { describe, expect, it } from 'vitest';
import { countOf, formatNumber } from './format-number.js';

describe('countOf', () => {
  it('agrees in number: 1 session, 0 sessions, 1,024 calls', () => {
    expect(countOf(1, 'session')).toBe('1 session');
    expect(countOf(0, 'session')).toBe('0 sessions');
    expect(countOf(1024, 'call')).toBe('1,024 calls');
    expect(countOf(2, 'entry', 'entries')).toBe('2 entries');
  });
});

describe('formatNumber', () => {
  it('writes every number as Intl.NumberFormat("en-US") does', () => {
    const intl = new Intl.NumberFormat('en-US');
    const values = [0, -0, 1, -1, 12, 123, 1234, -1234, 12_345, 999_999, 1_000_000, 973_399_212, 2 ** 53 - 1];
    values.push(-(2 ** 53 - 1), 2 ** 53, 1e21, 1.5, 0.1234, -2.0005, Number.NaN, Infinity, -Infinity);
    for (let n = 1; n < 1e15; n = n * 7 + 3) values.push(n, -n);
    for (const value of values) expect(formatNumber(value), String(value)).toBe(intl.format(value));
  });
});
