import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { corpusDir, corpusFiles, corpusMoreDir } from '../../../test/corpus.js';
import { usageProjection } from './usage-projection.js';
import { usageProjectionOfBytes } from './usage-projection-bytes.js';

// The projection made from bytes is the projection of the parsed record, on every line of the corpora
// (whatever the agent: the byte reader must follow any JSON object), and gives up on lines that do not parse.
describe.each([
  ['corpus', corpusDir],
  ['corpus-more', corpusMoreDir],
])('usageProjectionOfBytes on %s', (_name, dir) => {
  it('equals usageProjection of the parsed line', () => {
    let objects = 0;
    for (const file of corpusFiles(dir)) {
      const buf = readFileSync(file);
      let start = 0;
      let line = 0;
      while (start < buf.length) {
        line += 1;
        let end = buf.indexOf(10, start);
        if (end === -1) end = buf.length;
        if (end > start && buf[end - 1] === 13) end -= 1;
        let value: unknown;
        try {
          value = JSON.parse(buf.toString('utf8', start, end));
        } catch {
          value = undefined;
        }
        const bytes = usageProjectionOfBytes(buf, start, end);
        if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
          objects += 1;
          expect(bytes, `${file}:${line}`).toEqual(usageProjection(value as Record<string, unknown>));
        } else if (value === undefined) expect(bytes).toBeUndefined();
        start = buf.indexOf(10, start) === -1 ? buf.length : buf.indexOf(10, start) + 1;
      }
    }
    expect(objects).toBeGreaterThan(1000);
  });
});

describe('usageProjectionOfBytes on broken lines', () => {
  const line =
    '{"type":"assistant","uuid":"u1","message":{"id":"m1","content":[{"type":"text","text":"a \\"quoted\\" word"},{"type":"tool_use","id":"t1","name":"Task","input":{"prompt":"p"}}],"usage":{"input_tokens":3}},"requestId":"r1"}';
  it('reads the whole line', () => {
    const b = Buffer.from(line);
    expect(usageProjectionOfBytes(b, 0, b.length)).toEqual(usageProjection(JSON.parse(line)));
  });
  it.each([10, 40, 80, 120, line.length - 1])('gives up on the line cut at %i bytes', (cut) => {
    const b = Buffer.from(line.slice(0, cut));
    expect(usageProjectionOfBytes(b, 0, b.length)).toBeUndefined();
  });
  it('gives up on trailing bytes and on an escaped key', () => {
    for (const text of [`${line}x`, '{"typ\\u0065":"user"}', '{"a":1,}', '{"a" 1}']) {
      const b = Buffer.from(text);
      expect(usageProjectionOfBytes(b, 0, b.length)).toBeUndefined();
    }
  });
});
