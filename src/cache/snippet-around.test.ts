import { describe, expect, it } from 'vitest';
import { hitEnd, hitStart } from './search-index.js';
import { snippetAround } from './snippet-around.js';

const marked = (text: string) => text.replaceAll(hitStart, '<').replaceAll(hitEnd, '>');

describe('snippetAround', () => {
  it('marks each query word, but never inside a redaction placeholder', () => {
    expect(marked(snippetAround('mysql --password [REDACTED:password:2] -h db', 'password'))).toBe(
      'mysql --<password> [REDACTED:password:2] -h db',
    );
  });

  it('cuts about 160 characters around the first hit', () => {
    const text = `${'x '.repeat(100)}needle${' y'.repeat(100)}`;
    const cut = marked(snippetAround(text, 'needle'));
    expect(cut.startsWith('…')).toBe(true);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut).toContain('<needle>');
    expect(cut.length).toBeLessThan(170);
  });
});
