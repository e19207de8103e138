import { describe, expect, it } from 'vitest';
import { displayWidth, fitWidth, guardTerminal, terminalText } from './terminal-text.js';

describe('terminalText', () => {
  it('shows C0, DEL, C1 and bidi characters as visible escapes', () => {
    expect(terminalText('a\u001b]0;t\u0007b')).toBe('a\\x1b]0;t\\x07b');
    expect(terminalText('\u007f\u009b2J\u0085')).toBe('\\u007f\\u009b2J\\u0085');
    expect(terminalText('\u202eabc\u202c \u2066x\u2069')).toBe('\\u202eabc\\u202c \\u2066x\\u2069');
    expect(terminalText('one\ntwo\tthree\r')).toBe('one\\ntwo\\tthree\\r');
  });

  it('keeps line breaks and tabs in multi-line text, and turns CRLF into a line break', () => {
    expect(terminalText('a\r\nb\tc\rd', { multiline: true })).toBe('a\nb\tc\\rd');
  });

  it('leaves ordinary text, wide characters and emoji alone', () => {
    const text = 'héllo 漢字 😀 👍🏽 → ok';
    expect(terminalText(text)).toBe(text);
  });
});

describe('guardTerminal', () => {
  it("lets the CLI's own one-parameter colours through only when colours are on", () => {
    expect(guardTerminal('\u001b[1mbold\u001b[22m', true)).toBe('\u001b[1mbold\u001b[22m');
    expect(guardTerminal('\u001b[1mbold\u001b[22m', false)).toBe('\\x1b[1mbold\\x1b[22m');
    expect(guardTerminal('\u001b]52;c;eA==\u0007 \u001b[1;31m', true)).toBe(
      '\\x1b]52;c;eA==\\x07 \\x1b[1;31m',
    );
    expect(guardTerminal('line\n\tindented \u009b', true)).toBe('line\n\tindented \\u009b');
  });
});

describe('displayWidth and fitWidth', () => {
  it('counts terminal columns: wide and emoji characters take two, combining marks none', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('漢字')).toBe(4);
    expect(displayWidth('😀')).toBe(2);
    expect(displayWidth('👍🏽')).toBe(2);
    expect(displayWidth('e\u0301')).toBe(1);
    expect(displayWidth('\u001b[1mab\u001b[22m')).toBe(2);
  });

  it('cuts to a number of columns with an ellipsis, never inside a wide character', () => {
    expect(fitWidth('abcdef', 4)).toBe('abc…');
    expect(fitWidth('漢字漢字', 4)).toBe('漢…');
    expect(fitWidth('abc', 3)).toBe('abc');
  });
});
