import { describe, expect, it } from 'vitest';
import type { LineResult } from './line-result.js';
import { type JsonlReader, type ReadJsonlOptions, readJsonl } from './read-jsonl.js';

async function collect(reader: JsonlReader): Promise<LineResult[]> {
  const out: LineResult[] = [];
  for await (const result of reader) out.push(result);
  return out;
}

async function* pieces(data: Buffer, cuts: readonly number[]): AsyncGenerator<Uint8Array> {
  let from = 0;
  for (const cut of [...cuts, data.length]) {
    yield new Uint8Array(data.subarray(from, cut));
    from = cut;
  }
}

/** Reads `data` delivered in the pieces given by `cuts` (byte positions), naming it like the text read. */
async function readCut(data: Buffer, cuts: readonly number[], options: ReadJsonlOptions = {}) {
  const reader = readJsonl(pieces(data, cuts), { file: 'fixture', ...options });
  const results = await collect(reader);
  return { results, stats: reader.stats };
}

async function readWhole(data: Buffer, options: ReadJsonlOptions = {}) {
  return readCut(data, [], options);
}

const summary = (results: LineResult[]) =>
  results.map((r) => [r.location.line, r.location.byteOffset, r.byteLength, r.ok ? 'ok' : r.error.type]);

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const b = (text: string) => Buffer.from(text, 'utf8');

/** One of everything: BOM, CRLF, blanks, bad lines of each kind, and a truncated last line. */
const MIXED = Buffer.concat([
  BOM,
  b('{"n":1}\r\n'), // 1 @3, 9 bytes
  b('\n'), // 2 @12 blank
  b('  \t \r\n'), // 3 @13 blank
  b('[1,2]\n'), // 4 @19
  b('42\n'), // 5 @25
  b('null\n'), // 6 @28
  b('"str"\n'), // 7 @33
  b('{"a":"x"}{"b":2}\n'), // 8 @39, 17 bytes
  b('{"nul":"a\u0000"}\n'), // 9 @56, 13 bytes (one raw NUL)
  Buffer.concat([b('{"bad":"'), Buffer.from([0xff, 0xfe]), b('"}\n')]), // 10 @69, 13 bytes
  b('{"ok":"été 😀"}\n'), // 11 @82, 20 bytes
  b('{"cut":tr'), // 12 @102, 9 bytes, no newline
]);

describe('readJsonl line rules', () => {
  it('classifies every line of the mixed fixture', async () => {
    const { results, stats } = await readWhole(MIXED);
    expect(summary(results)).toEqual([
      [1, 3, 9, 'ok'],
      [4, 19, 6, 'not-an-object'],
      [5, 25, 3, 'not-an-object'],
      [6, 28, 5, 'not-an-object'],
      [7, 33, 6, 'not-an-object'],
      [8, 39, 17, 'invalid-json'],
      [9, 56, 13, 'invalid-json'],
      [10, 69, 13, 'invalid-utf8'],
      [11, 82, 20, 'ok'],
      [12, 102, 9, 'truncated'],
    ]);
    expect(results[0]).toMatchObject({ ok: true, value: { n: 1 }, location: { file: 'fixture' } });
    expect(results[8]).toMatchObject({ ok: true, value: { ok: 'été 😀' } });
    const messages = results.map((r) => (r.ok ? '' : r.error.message));
    expect(messages[5]).toContain('glued');
    expect(messages[6]).toContain('NUL');
    expect(stats).toEqual({
      physicalLines: 12,
      blankLines: 2,
      decoded: 2,
      errors: 8,
      bytesRead: MIXED.length,
      endOffset: 102,
      endLine: 12,
    });
  });

  it('gives the same results for every two-chunk split (CR, BOM and UTF-8 sequences cut included)', async () => {
    const whole = await readWhole(MIXED);
    for (let cut = 0; cut <= MIXED.length; cut++) {
      expect(await readCut(MIXED, [cut]), `cut at ${cut}`).toEqual(whole);
    }
  });

  it('gives the same results in 1-byte chunks', async () => {
    const cuts = Array.from({ length: MIXED.length - 1 }, (_, i) => i + 1);
    expect(await readCut(MIXED, cuts)).toEqual(await readWhole(MIXED));
  });

  it('strips CR from CRLF lines, also when CR and LF arrive in different chunks', async () => {
    const data = b('{"a":"x\\r"}\r\n{"b":2}\r\n');
    const cutBetween = data.indexOf('\r\n') + 1;
    for (const cuts of [[], [cutBetween]]) {
      const { results, stats } = await readCut(data, cuts);
      expect(results.map((r) => r.ok && r.value)).toEqual([{ a: 'x\r' }, { b: 2 }]);
      expect(results.map((r) => r.byteLength)).toEqual([13, 9]);
      expect(stats.endOffset).toBe(data.length);
    }
  });

  it('keeps a lone CR inside a line and counts a CR-only line as blank', async () => {
    const { results, stats } = await readWhole(b('{"a":1}\r{"b":2}\n\r\n'));
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ ok: false, error: { type: 'invalid-json' } });
    expect(stats.blankLines).toBe(1);
  });

  it('decodes an unterminated last line that parses, but leaves it out of endOffset', async () => {
    const { results, stats } = await readWhole(b('{"a":1}\n{"b":2}'));
    expect(results.map((r) => r.ok)).toEqual([true, true]);
    expect(results[1]).toMatchObject({ location: { line: 2, byteOffset: 8 }, byteLength: 7 });
    expect(stats).toMatchObject({ physicalLines: 2, endOffset: 8, endLine: 2 });
  });

  it('counts a BOM-only input as one blank line and a lone BOM prefix as a truncated line', async () => {
    expect((await readWhole(BOM)).stats).toMatchObject({ physicalLines: 1, blankLines: 1, endOffset: 0 });
    const prefix = await readWhole(BOM.subarray(0, 2));
    expect(summary(prefix.results)).toEqual([[1, 0, 2, 'truncated']]);
  });

  it('skips a BOM only at the very start', async () => {
    const { results } = await readWhole(Buffer.concat([b('{"a":1}\n'), BOM, b('{"b":2}\n')]));
    expect(results.map((r) => (r.ok ? 'ok' : r.error.type))).toEqual(['ok', 'invalid-json']);
  });

  it('counts empty input as zero lines and a lone newline as one blank line', async () => {
    expect((await readWhole(Buffer.alloc(0))).stats).toMatchObject({
      physicalLines: 0,
      endOffset: 0,
      endLine: 1,
    });
    expect((await readWhole(b('\n'))).stats).toMatchObject({ physicalLines: 1, blankLines: 1, endLine: 2 });
  });

  it('reads a { text } source with its name', async () => {
    const reader = readJsonl({ text: '{"a":1}\n\n{"b":"é"}\n', name: 'inline' });
    const results = await collect(reader);
    expect(results.map((r) => [r.location.file, r.location.line, r.location.byteOffset])).toEqual([
      ['inline', 1, 0],
      ['inline', 3, 9],
    ]);
    expect(reader.stats.bytesRead).toBe(20);
  });

  it('names sources by default', async () => {
    const [text] = await collect(readJsonl({ text: '{}' }));
    const [stream] = await collect(readJsonl(pieces(b('{}'), [])));
    expect([text?.location.file, stream?.location.file]).toEqual(['<text>', '<stream>']);
  });
});

describe('readJsonl line limit', () => {
  const long = `{"long":"${'x'.repeat(100)}"}`;
  const data = b(`{"a":1}\n${long}\n{"b":2}\n${long}`);

  it('reports a line over maxLineBytes and decodes the next line at the right place, in any chunking', async () => {
    const whole = await readWhole(data, { maxLineBytes: 50 });
    expect(summary(whole.results)).toEqual([
      [1, 0, 8, 'ok'],
      [2, 8, long.length + 1, 'line-too-long'],
      [3, 9 + long.length, 8, 'ok'],
      [4, 17 + long.length, long.length, 'line-too-long'],
    ]);
    const first = whole.results[1];
    expect(first?.ok === false && first.error.message).toBe(
      `Line is longer than the limit of 50 bytes (${long.length} bytes)`,
    );
    expect(whole.stats).toMatchObject({
      physicalLines: 4,
      decoded: 2,
      errors: 2,
      endOffset: 17 + long.length,
    });
    for (const size of [1, 3, 7, 49, 50, 51, 52]) {
      const cuts = Array.from({ length: Math.floor((data.length - 1) / size) }, (_, i) => (i + 1) * size);
      expect(await readCut(data, cuts, { maxLineBytes: 50 }), `chunks of ${size}`).toEqual(whole);
    }
  });

  it('measures the limit without the line terminator', async () => {
    const exact = '{"k":"' + 'y'.repeat(14) + '"}'; // 22 bytes
    for (const ending of ['\n', '\r\n']) {
      const text = b(exact + ending);
      for (const cuts of [[], [21], [22], [23]]) {
        const { results } = await readCut(text, cuts, { maxLineBytes: 22 });
        expect(results[0]?.ok, `ending ${JSON.stringify(ending)} cuts ${cuts}`).toBe(true);
        const over = await readCut(text, cuts, { maxLineBytes: 21 });
        expect(over.results[0]?.ok === false && over.results[0].error.type).toBe('line-too-long');
      }
    }
  });

  it('rejects bad options when called', () => {
    expect(() => readJsonl({ text: '' }, { maxLineBytes: -1 })).toThrow(RangeError);
    expect(() => readJsonl({ text: '' }, { chunkSize: 0 })).toThrow(RangeError);
    expect(() => readJsonl({ text: '' }, { start: { byteOffset: 1.5, line: 1 } })).toThrow(RangeError);
    expect(() => readJsonl({ text: '' }, { start: { byteOffset: 0, line: 0 } })).toThrow(RangeError);
  });

  it('can be iterated only once', async () => {
    const reader = readJsonl({ text: '{}\n' });
    await collect(reader);
    expect(() => reader[Symbol.asyncIterator]()).toThrow(/only once/);
  });
});
