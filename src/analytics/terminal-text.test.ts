import { describe, expect, it } from 'vitest';
import { displayWidth, fitWidth, guardTerminal, segmentedWidth, terminalText } from './terminal-text.js';

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

  it('escapes as a character-by-character pass does, on random text of every kind', () => {
    // The rule, one character at a time: line breaks and tabs pass, the CLI's colours pass when allowed,
    // every other unsafe character is escaped as terminalText escapes it.
    const reference = (text: string, allowColors: boolean) => {
      let out = '';
      for (let i = 0; i < text.length; i += 1) {
        const char = text.charAt(i);
        const colour = allowColors && char === '\u001b' ? /^\u001b\[\d{1,3}m/.exec(text.slice(i)) : null;
        if (colour) {
          out += colour[0];
          i += colour[0].length - 1;
        } else out += char === '\n' || char === '\t' ? char : terminalText(char);
      }
      return out;
    };
    const pieces = [
      'a',
      'é',
      '漢',
      '😀',
      '\n',
      '\t',
      '\r',
      '\u001b',
      '[',
      '1',
      'm',
      '\u001b[31m',
      '\u009b',
      '\u202e',
      '\u0007',
      ' ',
    ];
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let n = 0; n < 2000; n += 1) {
      const text = Array.from({ length: next() % 12 }, () => pieces[next() % pieces.length]).join('');
      for (const colours of [true, false])
        expect(guardTerminal(text, colours)).toBe(reference(text, colours));
    }
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

  it('counts a text of one-column characters without segmenting it, as segmenting counts it', () => {
    const ranges: [number, number][] = [
      [0x20, 0x7e],
      [0xa0, 0x24f],
      [0x2010, 0x205e],
      [0x2190, 0x21ff],
      [0x2500, 0x259f],
    ];
    for (const [from, to] of ranges)
      for (let code = from; code <= to; code += 1) {
        const text = `a${String.fromCharCode(code)}b`;
        expect(displayWidth(text), code.toString(16)).toBe(segmentedWidth(text));
      }
    expect(displayWidth('│ Bash │ 6,111 … 1h 7m ─┼─')).toBe(26);
    // Outside those characters, or with a combining mark after one, the graphemes decide.
    expect(displayWidth('é\u0301─')).toBe(2);
    expect(displayWidth('a\u00adb')).toBe(2);
  });

  it('cuts to a number of columns with an ellipsis, never inside a wide character', () => {
    expect(fitWidth('abcdef', 4)).toBe('abc…');
    expect(fitWidth('漢字漢字', 4)).toBe('漢…');
    expect(fitWidth('abc', 3)).toBe('abc');
  });
});
