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

describe('toFtsQuery with limits', () => {
  const limits = { maxLength: 40, maxTerms: 4, maxPrefixTerms: 2, minPrefixLength: 3 };
  it('takes a query within every bound', () => {
    expect(toFtsQuery('deploy* server* to prod', limits)).toBe('"deploy"* "server"* "to" "prod"');
  });
  it('refuses too many characters, words, prefix words, or a short prefix, saying how to narrow it', () => {
    expect(() => toFtsQuery('x'.repeat(41), limits)).toThrow(
      'The search query has 41 characters; at most 40 are searched. Use fewer words.',
    );
    expect(() => toFtsQuery('a b c d e', limits)).toThrow(
      'The search query has 5 words; at most 4 are searched. Use fewer words.',
    );
    expect(() => toFtsQuery('abc* def* ghi*', limits)).toThrow(
      'The search query has 3 words ending in *; at most 2 are searched. Write more of the words out.',
    );
    expect(() => toFtsQuery('deploy é*', limits)).toThrow(
      'The prefix "é*" is too short: a word ending in * needs at least 3 characters before the *.',
    );
    // A lone * is a word, not a prefix.
    expect(toFtsQuery('deploy *', limits)).toBe('"deploy" "*"');
  });
});
