import { describe, expect, it } from 'vitest';
import { escapeHtml, jsonForScript, safeFileName, safeHref, wellFormed } from './escape-html.js';

describe('escaping', () => {
  it('escapes markup characters and replaces lone surrogates and controls', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
    expect(escapeHtml('a\uD800b\uDC00c\u0000d')).toBe('a\uFFFDb\uFFFDc\uFFFDd');
    expect(escapeHtml('pair \uD83D\uDE00 kept')).toBe('pair \uD83D\uDE00 kept');
    expect(wellFormed('\uDBFF')).toBe('\uFFFD');
  });

  it('keeps JSON data blocks closed whatever the strings hold', () => {
    const json = jsonForScript({ text: '</script><!-- <script>\u2028' });
    expect(json).not.toMatch(/[<>\u2028]/);
    expect(JSON.parse(json)).toEqual({ text: '</script><!-- <script>\u2028' });
  });

  it('links only http(s) and mailto', () => {
    expect(safeHref('https://example.com/a')).toBe('https://example.com/a');
    expect(safeHref(' javascript:alert(1)')).toBeUndefined();
    expect(safeHref('data:text/html,x')).toBeUndefined();
  });

  it('makes file names safe', () => {
    expect(safeFileName('[trimmed for fixture]')).toBe('trimmed_for_fixture_');
    expect(safeFileName('../../etc/passwd')).toBe('etc_passwd');
    expect(safeFileName('')).toBe('session');
  });
});
