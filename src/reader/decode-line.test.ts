import { describe, expect, it } from 'vitest';
import { decodeLine } from './decode-line.js';

const bytes = (text: string): Buffer => Buffer.from(text, 'utf8');

describe('decodeLine', () => {
  it('decodes an object', () => {
    expect(decodeLine(bytes('{"a":1,"b":[true,null]}'))).toEqual({
      ok: true,
      value: { a: 1, b: [true, null] },
    });
  });

  it('accepts JSON whitespace around the object and a plain Uint8Array', () => {
    const u8 = new TextEncoder().encode(' \t{"a":"é"} \r');
    expect(decodeLine(u8)).toEqual({ ok: true, value: { a: 'é' } });
  });

  it('treats empty, ASCII-whitespace and Unicode-whitespace lines as blank', () => {
    for (const text of ['', ' ', '\t \t', '\r', '\u00a0\u2003', '\ufeff'])
      expect(decodeLine(bytes(text))).toBeNull();
  });

  it('keeps lone surrogates from JSON escapes as values', () => {
    const decoded = decodeLine(bytes('{"s":"\\ud800x\\udfff"}'));
    expect(decoded).toEqual({ ok: true, value: { s: '\ud800x\udfff' } });
  });

  it.each([
    ['[1,2]', 'an array'],
    ['42', 'a number (42)'],
    ['null', 'null'],
    ['"text"', 'a string'],
    ['true', 'a boolean (true)'],
  ])('reports %s as not-an-object', (text, kind) => {
    expect(decodeLine(bytes(text))).toEqual({
      ok: false,
      error: { type: 'not-an-object', message: `Expected a JSON object, got ${kind}` },
    });
  });

  it('reports invalid UTF-8, or truncated when the line is unterminated', () => {
    const bad = Buffer.concat([bytes('{"a":"'), Buffer.from([0xc3, 0x28]), bytes('"}')]);
    expect(decodeLine(bad)).toMatchObject({ ok: false, error: { type: 'invalid-utf8' } });
    const cut = bytes('{"a":"é"}').subarray(0, 7); // cuts the two-byte é in half
    expect(decodeLine(cut, false)).toMatchObject({ ok: false, error: { type: 'truncated' } });
  });

  it('reports invalid JSON with the parser detail', () => {
    const decoded = decodeLine(bytes('{"a":tru}'));
    expect(decoded).toMatchObject({ ok: false, error: { type: 'invalid-json' } });
    if (decoded?.ok !== false) throw new Error('expected an error');
    expect(decoded.error.message).toMatch(/^Invalid JSON: .*token/);
  });

  it('names NUL bytes, escaped so the message stays printable', () => {
    const decoded = decodeLine(bytes('{"a":\u0000}'));
    if (decoded?.ok !== false) throw new Error('expected an error');
    expect(decoded.error).toEqual({ type: 'invalid-json', message: 'Invalid JSON: line contains NUL bytes' });
    const padded = decodeLine(Buffer.alloc(16), true);
    if (padded?.ok !== false) throw new Error('expected an error');
    expect(padded.error.message).toContain('NUL bytes');
    expect(padded.error.message).not.toContain('\u0000');
  });

  it('names two glued objects as one error', () => {
    const decoded = decodeLine(bytes('{"a":1}{"b":2}'));
    expect(decoded).toEqual({
      ok: false,
      error: {
        type: 'invalid-json',
        message: 'Invalid JSON: looks like two objects glued together ("}{" at character 7)',
      },
    });
    const spaced = decodeLine(bytes('{"a":1} {"b":2}'));
    if (spaced?.ok !== false) throw new Error('expected an error');
    expect(spaced.error.message).toContain('glued');
  });

  it('does not call a "}{" inside a string glued when the line parses', () => {
    expect(decodeLine(bytes('{"code":"}{\\"x"}'))).toEqual({ ok: true, value: { code: '}{"x' } });
  });

  it('names a byte order mark in the middle of a file', () => {
    const decoded = decodeLine(bytes('\ufeff{"a":1}'));
    if (decoded?.ok !== false) throw new Error('expected an error');
    expect(decoded.error.message).toContain('byte order mark');
  });

  it('reports an unterminated line that does not parse as truncated, and one that parses as a record', () => {
    const cut = decodeLine(bytes('{"a":1,"b":'), false);
    expect(cut).toMatchObject({ ok: false, error: { type: 'truncated' } });
    if (cut?.ok !== false) throw new Error('expected an error');
    expect(cut.error.message).toMatch(/^Last line has no newline/);
    expect(decodeLine(bytes('{"a":1}'), false)).toEqual({ ok: true, value: { a: 1 } });
    expect(decodeLine(bytes('[1]'), false)).toMatchObject({ ok: false, error: { type: 'not-an-object' } });
  });
});
