import { createReadStream, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusDir as sharedCorpusDir } from '../../test/corpus.js';
import { seededRandom } from '../../test/helpers/seeded-random.js';
import type { LineResult } from './line-result.js';
import { type JsonlReader, type JsonlSource, type ReadStats, readJsonl } from './read-jsonl.js';

const corpusDir = sharedCorpusDir;

function listJsonl(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.jsonl'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

const files = listJsonl(corpusDir);

/** Chunk sizes from 1 byte up to `max`, spread evenly on a log scale. */
function randomCuts(length: number, seed: number, max: number): number[] {
  const random = seededRandom(seed);
  const cuts: number[] = [];
  for (let at = 0; ; ) {
    at += Math.max(1, Math.floor(Math.exp(random() * Math.log(max))));
    if (at >= length) return cuts;
    cuts.push(at);
  }
}

async function* pieces(data: Buffer, cuts: readonly number[]): AsyncGenerator<Uint8Array> {
  let from = 0;
  for (const cut of [...cuts, data.length]) {
    yield new Uint8Array(data.subarray(from, cut));
    from = cut;
  }
}

async function read(source: JsonlSource, file: string): Promise<{ results: LineResult[]; stats: ReadStats }> {
  const reader: JsonlReader = readJsonl(source, { file });
  const results: LineResult[] = [];
  for await (const result of reader) results.push(result);
  return { results, stats: reader.stats };
}

/** Physical lines counted without the reader: newlines, plus one for a non-empty unterminated tail. */
function countLines(data: Buffer): number {
  let count = 0;
  for (let at = data.indexOf(10); at !== -1; at = data.indexOf(10, at + 1)) count++;
  return data.length > 0 && data[data.length - 1] !== 10 ? count + 1 : count;
}

describe('readJsonl on the corpus', () => {
  it('finds the corpus files', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  describe.each(files.map((file) => [path.relative(corpusDir, file), file] as const))('%s', (_name, file) => {
    const data = readFileSync(file);

    it('conserves lines, and counts them like an independent count', async () => {
      const { results, stats } = await read(file, file);
      expect(stats.decoded + stats.errors + stats.blankLines).toBe(stats.physicalLines);
      expect(stats.physicalLines).toBe(countLines(data));
      expect(stats.bytesRead).toBe(data.length);
      expect(results.length).toBe(stats.decoded + stats.errors);
      expect(results.filter((r) => r.ok).length).toBe(stats.decoded);
      const endsWithNewline = data.length > 0 && data[data.length - 1] === 10;
      expect(stats.endOffset).toBe(endsWithNewline ? data.length : data.lastIndexOf(10) + 1);
      for (const result of results) {
        const end = result.location.byteOffset + result.byteLength;
        const terminated = data[end - 1] === 10;
        expect(terminated || end === data.length).toBe(true);
      }
    });

    it('gives the same output as a stream in random chunk sizes', async () => {
      const expected = await read(file, file);
      const seeds = [1, 2, 3, 4, 5];
      for (const seed of seeds) {
        const cuts = randomCuts(data.length, seed, data.length < 65536 ? 64 : 65536);
        expect(await read(pieces(data, cuts), file), `seed ${seed}`).toEqual(expected);
      }
      if (data.length < 65536) {
        const everyByte = Array.from({ length: Math.max(0, data.length - 1) }, (_, i) => i + 1);
        expect(await read(pieces(data, everyByte), file), '1-byte chunks').toEqual(expected);
      }
      const stream = createReadStream(file, { highWaterMark: 4093 });
      expect(await read(stream, file), 'fs read stream').toEqual(expected);
    });
  });

  const small = files.filter((file) => readFileSync(file).length < 4096);
  describe.each(small.map((file) => [path.relative(corpusDir, file), file] as const))(
    '%s (small)',
    (_name, file) => {
      it('gives the same output at every two-chunk split', async () => {
        const data = readFileSync(file);
        const expected = await read(file, file);
        for (let cut = 1; cut < data.length; cut++) {
          expect(await read(pieces(data, [cut]), file), `split at ${cut}`).toEqual(expected);
        }
      });
    },
  );
});
