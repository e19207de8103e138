import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { clearRedirects, redirectReads } from '../reader/read-path.js';
import { readRecordSlice } from './read-record-slice.js';

// The fingerprint a slice carries is the one the index stores to tell a grown file from a rewritten one:
// sha1 of "<length>:" and the first and last 64 KiB of the complete lines read (the whole prefix when it is
// shorter than 128 KiB), written out here from the file's bytes rather than taken from the reader's helper.
function expectedFingerprint(bytes: Buffer, length: number): string {
  const hash = createHash('sha1').update(`${length}:`);
  const window = 64 * 1024;
  hash.update(bytes.subarray(0, Math.min(window, length)));
  if (length > window) hash.update(bytes.subarray(Math.max(window, length - window), length));
  return hash.digest('base64url');
}

describe('readRecordSlice fingerprint', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'agentlog-slice-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  afterEach(() => clearRedirects());
  const line = (i: number, text = 'hi') =>
    JSON.stringify({ type: 'user', uuid: `u${i}`, sessionId: 's', message: { role: 'user', content: text } });

  it('covers the complete lines only, not an unterminated last line', async () => {
    const file = path.join(dir, 'tail.jsonl');
    writeFileSync(file, `${line(1)}\n${line(2)}\n${line(3).slice(0, 20)}`);
    const bytes = readFileSync(file);
    const slice = await readRecordSlice(file);
    const complete = bytes.lastIndexOf(10) + 1;
    expect(slice.end.byteOffset).toBe(complete);
    expect(slice.fingerprint).toBe(expectedFingerprint(bytes, complete));
  });

  it('hashes the head and the tail of a prefix longer than two windows', async () => {
    const file = path.join(dir, 'long.jsonl');
    const lines = Array.from({ length: 400 }, (_, i) => line(i, 'x'.repeat(500 + i)));
    writeFileSync(file, `${lines.join('\n')}\n`);
    const bytes = readFileSync(file);
    expect(bytes.length).toBeGreaterThan(128 * 1024);
    const slice = await readRecordSlice(file);
    expect(slice.fingerprint).toBe(expectedFingerprint(bytes, bytes.length));
    // From a resume point, still the prefix from the file's start.
    const middle = bytes.indexOf(10, 70 * 1024) + 1;
    const rest = await readRecordSlice(file, {
      start: { byteOffset: middle, line: 2, records: 1, agent: 'claude-code' },
    });
    expect(rest.fingerprint).toBe(expectedFingerprint(bytes, bytes.length));
  });

  it('takes the bytes of a redirected file (an archived copy)', async () => {
    const shown = path.join(dir, 'gone.jsonl');
    const copy = path.join(dir, 'copy.jsonl');
    writeFileSync(copy, `${line(1, 'kept')}\n`);
    redirectReads(shown, copy);
    const slice = await readRecordSlice(shown);
    const bytes = readFileSync(copy);
    expect(slice.fingerprint).toBe(expectedFingerprint(bytes, bytes.length));
  });
});
