import { execFileSync, spawn } from 'node:child_process';
import { appendFile, chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleUrl, openToUnprivileged, runUnprivileged } from '../../test/helpers/run-unprivileged.js';
import type { LineResult } from './line-result.js';
import { ReadError } from './read-error.js';
import { type JsonlReader, type ReadJsonlOptions, readJsonl } from './read-jsonl.js';

async function collect(reader: JsonlReader): Promise<LineResult[]> {
  const out: LineResult[] = [];
  for await (const result of reader) out.push(result);
  return out;
}

async function readAll(source: Parameters<typeof readJsonl>[0], options: ReadJsonlOptions = {}) {
  const reader = readJsonl(source, options);
  const results = await collect(reader);
  return { results, stats: reader.stats };
}

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'agentlog-reader-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Lines with blanks, CRLF, bad lines and multi-byte text, ending in a truncated line. */
const SAMPLE = [
  '{"i":0,"t":"héllo"}',
  '',
  '{"i":1}\r',
  '   ',
  'not json',
  '{"i":2,"t":"日本語 😀"}',
  '[3]',
  '{"i":4}',
  '{"i":5,"t":"' + 'z'.repeat(300) + '"}',
  '{"i":6}',
].join('\n');

describe('readJsonl from a file path', () => {
  it('matches the in-memory read for several read sizes', async () => {
    const file = path.join(dir, 'sample.jsonl');
    await writeFile(file, SAMPLE + '\n{"cut":');
    const expected = await readAll({ text: SAMPLE + '\n{"cut":' }, { file });
    expect(expected.results.at(-1)).toMatchObject({ ok: false, error: { type: 'truncated' } });
    for (const chunkSize of [1, 2, 5, 64, 1 << 20]) {
      expect(await readAll(file, { chunkSize }), `chunkSize ${chunkSize}`).toEqual(expected);
    }
  });

  it('decodes a 50 MB line and the line after it', async () => {
    const file = path.join(dir, 'big-line.jsonl');
    const big = 'a'.repeat(50 * 1024 * 1024);
    const bigLine = `{"big":"${big}","end":true}\n`;
    await writeFile(file, `{"n":1}\n${bigLine}{"after":1}\n`);
    for (const chunkSize of [1 << 20, 7 * 1024 + 3]) {
      const { results, stats } = await readAll(file, { chunkSize });
      expect(results.map((r) => r.ok)).toEqual([true, true, true]);
      const second = results[1];
      if (second?.ok !== true) throw new Error('expected the big line to decode');
      expect((second.value.big as string).length).toBe(big.length);
      expect(second.value.end).toBe(true);
      expect(results[2]?.location).toEqual({ file, line: 3, byteOffset: 8 + bigLine.length });
      expect(stats).toMatchObject({ decoded: 3, endLine: 4 });
    }
  });

  it('rejects a missing path with ReadError "not-found" when iteration starts', async () => {
    const missing = path.join(dir, 'nope', 'missing.jsonl');
    const reader = readJsonl(missing);
    const error = await collect(reader).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReadError);
    expect(error).toMatchObject({
      code: 'not-found',
      path: missing,
      message: `File not found: "${missing}"`,
    });
  });

  it('rejects a directory with ReadError "is-directory"', async () => {
    const error = await collect(readJsonl(dir)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReadError);
    expect(error).toMatchObject({ code: 'is-directory', path: dir });
    expect((error as Error).message).toContain(dir);
  });

  it('rejects an unreadable file with ReadError "not-readable"', async () => {
    const file = path.join(dir, 'locked.jsonl');
    await writeFile(file, '{}\n');
    await chmod(file, 0o000);
    openToUnprivileged(dir);
    // As root a chmod 000 file is readable: the read runs as an unprivileged user.
    const error = runUnprivileged<unknown>(`
      const { readJsonl } = await import(${moduleUrl(path.join(import.meta.dirname, 'read-jsonl.ts'))});
      let outcome = null;
      try {
        for await (const _ of readJsonl(${JSON.stringify(file)}));
      } catch (error) {
        outcome = { name: error.name, code: error.code, path: error.path };
      }
      process.stdout.write(JSON.stringify(outcome));`);
    expect(error).toEqual({ name: 'ReadError', code: 'not-readable', path: file });
  });
});

describe('readJsonl start offsets', () => {
  it('reading from any line start gives the tail of a full read', async () => {
    const file = path.join(dir, 'start.jsonl');
    await writeFile(file, SAMPLE);
    const full = await readAll(file);
    for (const [k, from] of full.results.entries()) {
      const start = { byteOffset: from.location.byteOffset, line: from.location.line };
      const tail = await readAll(file, { start, chunkSize: 16 });
      expect(tail.results, `from line ${start.line}`).toEqual(full.results.slice(k));
      expect(tail.stats.bytesRead).toBe(full.stats.bytesRead - start.byteOffset);
      expect(tail.stats.endOffset).toBe(full.stats.endOffset);
      expect(tail.stats.endLine).toBe(full.stats.endLine);
      const fromText = await readAll({ text: SAMPLE }, { start, file });
      expect(fromText.results).toEqual(tail.results);
    }
  });

  it('resumes a growing file from endOffset / endLine', async () => {
    const file = path.join(dir, 'growing.jsonl');
    await writeFile(file, '\ufeff{"a":1}\n\n{"b":');
    const first = await readAll(file);
    expect(first.results.map((r) => (r.ok ? 'ok' : r.error.type))).toEqual(['ok', 'truncated']);
    expect(first.stats).toMatchObject({ endOffset: 12, endLine: 3 });
    await appendFile(file, '2}\r\n{"c":3}\n');
    const start = { byteOffset: first.stats.endOffset, line: first.stats.endLine };
    const next = await readAll(file, { start });
    const full = await readAll(file);
    expect(next.results).toEqual(full.results.slice(1));
    expect(next.results[0]).toMatchObject({
      ok: true,
      value: { b: 2 },
      location: { line: 3, byteOffset: 12 },
    });
    expect(next.stats).toMatchObject({ endOffset: full.stats.endOffset, endLine: 5 });
  });

  it('numbers a stream from start without skipping bytes', async () => {
    const { results } = await readAll(Readable.from([Buffer.from('{"x":1}\n')]), {
      start: { byteOffset: 100, line: 7 },
    });
    expect(results[0]?.location).toEqual({ file: '<stream>', line: 7, byteOffset: 100 });
  });
});

describe('readJsonl from a path that is not a regular file', () => {
  it('reads a named pipe as a writer fills it, dropping the bytes before the start', async () => {
    const fifo = path.join(dir, 'pipe.jsonl');
    execFileSync('mkfifo', [fifo]);
    const text = '{"a":1}\n{"b":2}\n{"c":3}\n';
    // The writer is another process, which opening the pipe to read waits for.
    const writer = spawn(process.execPath, [
      '-e',
      `require('fs').writeFileSync(${JSON.stringify(fifo)}, ${JSON.stringify(text)})`,
    ]);
    const start = { byteOffset: 8, line: 2 };
    const { results, stats } = await readAll(fifo, { start });
    await new Promise((resolve) => writer.on('exit', resolve));
    expect(results.map((r) => r.ok && r.value)).toEqual([{ b: 2 }, { c: 3 }]);
    expect(results[0]?.location).toEqual({ file: fifo, line: 2, byteOffset: 8 });
    expect(stats.endOffset).toBe(Buffer.byteLength(text));
  });
});

describe('readJsonl from a regular file, synchronously read', () => {
  it('gives the event loop a turn between chunks (V8 finishes garbage collections in its tasks)', async () => {
    const file = path.join(dir, 'chunks.jsonl');
    await writeFile(file, '{"i":1}\n'.repeat(400));
    let turns = 0;
    let counting = true;
    const tick = () => {
      turns += 1;
      if (counting) setImmediate(tick);
    };
    setImmediate(tick);
    const { results } = await readAll(file, { chunkSize: 80 });
    counting = false;
    expect(results).toHaveLength(400);
    // 3,200 bytes in chunks of 80: a turn before each of the 40 reads (and the last, empty one).
    expect(turns).toBeGreaterThanOrEqual(40);
  });
});

describe('readJsonl from streams', () => {
  it('reads a Node readable stream of bytes and of strings like the text', async () => {
    const expected = await readAll({ text: SAMPLE }, { file: 's' });
    const bytes = Readable.from(chunk(Buffer.from(SAMPLE), 3));
    expect(await readAll(bytes, { file: 's' })).toEqual(expected);
    const strings = Readable.from(chunk(Buffer.from(SAMPLE), 5)).setEncoding('utf8');
    expect(await readAll(strings, { file: 's' })).toEqual(expected);
  });

  it('reads a web ReadableStream', async () => {
    const web = Readable.toWeb(Readable.from(chunk(Buffer.from(SAMPLE), 11))) as AsyncIterable<Uint8Array>;
    expect(await readAll(web, { file: 's' })).toEqual(await readAll({ text: SAMPLE }, { file: 's' }));
  });

  it('copies held bytes, so a source may reuse its chunk buffer', async () => {
    async function* reusing(): AsyncGenerator<Uint8Array> {
      const data = Buffer.from(SAMPLE);
      const shared = new Uint8Array(4);
      for (let i = 0; i < data.length; i += shared.length) {
        const n = data.copy(shared, 0, i, i + shared.length);
        yield shared.subarray(0, n);
        shared.fill(0x21);
      }
    }
    expect(await readAll(reusing(), { file: 's' })).toEqual(await readAll({ text: SAMPLE }, { file: 's' }));
  });

  it('turns a failing stream into ReadError "io" after the lines it delivered', async () => {
    async function* failing(): AsyncGenerator<string> {
      yield '{"a":1}\n{"b":';
      throw new Error('disk on fire');
    }
    const seen: LineResult[] = [];
    const error = await (async () => {
      for await (const result of readJsonl(failing(), { file: 'broken' })) seen.push(result);
    })().catch((e: unknown) => e);
    expect(seen.map((r) => r.ok)).toEqual([true]);
    expect(error).toBeInstanceOf(ReadError);
    expect(error).toMatchObject({
      code: 'io',
      path: 'broken',
      message: 'Could not read "broken": disk on fire',
    });
  });

  it('stops with the abort reason', async () => {
    const controller = new AbortController();
    const seen: number[] = [];
    const error = await (async () => {
      for await (const result of readJsonl({ text: SAMPLE }, { signal: controller.signal })) {
        seen.push(result.location.line);
        controller.abort(new Error('enough'));
      }
    })().catch((e: unknown) => e);
    expect(seen).toEqual([1]);
    expect((error as Error).message).toBe('enough');
  });

  it('closes the source when the consumer stops early', async () => {
    let closed = false;
    async function* source(): AsyncGenerator<string> {
      try {
        for (let i = 0; ; i++) yield `{"i":${i}}\n`;
      } finally {
        closed = true;
      }
    }
    for await (const result of readJsonl(source())) if (result.location.line === 3) break;
    expect(closed).toBe(true);
  });
});

function* chunk(data: Buffer, size: number): Generator<Buffer> {
  for (let i = 0; i < data.length; i += size) yield data.subarray(i, i + size);
}
