import { describe, expect, it } from 'vitest';
import { toFtsQuery } from './search-index.js';

describe('toFtsQuery', () => {
  it('quotes every word so punctuation and operators are plain text, and keeps a trailing * as a prefix', () => {
    expect(toFtsQuery('phx.server  NOT "x"')).toBe('"phx.server" "NOT" """x"""');
    expect(toFtsQuery('agent*')).toBe('"agent"*');
    expect(toFtsQuery('*')).toBe('"*"');
    expect(toFtsQuery('   ')).toBe('');
  });
});
