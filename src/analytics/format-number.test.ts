import { describe, expect, it } from 'vitest';
import { countOf } from './format-number.js';

describe('countOf', () => {
  it('agrees in number: 1 session, 0 sessions, 1,024 calls', () => {
    expect(countOf(1, 'session')).toBe('1 session');
    expect(countOf(0, 'session')).toBe('0 sessions');
    expect(countOf(1024, 'call')).toBe('1,024 calls');
    expect(countOf(2, 'entry', 'entries')).toBe('2 entries');
  });
});
