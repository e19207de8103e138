// `report` says how much of its input could not be read, and a file of which nothing can be read (binary
// bytes named `.jsonl`) is not listed as a session. Runs the built CLI (`npm run build` first).
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusDir, corpusPath } from './corpus.js';
import { runBuiltCli } from './helpers/run-built-cli.js';
import { tempDir } from './index-helpers.js';

/** Lines of `text` that are not blank and are not a JSON object: what no reader can turn into a record. */
function badLines(text: string): number {
  let bad = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      const value: unknown = JSON.parse(line);
      if (typeof value !== 'object' || value === null || Array.isArray(value)) bad += 1;
    } catch {
      bad += 1;
    }
  }
  return bad;
}

function jsonlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.jsonl'))
    .map((e) => path.join(e.parentPath, e.name));
}

/** Deterministic bytes that are not text (a small linear congruential generator). */
function noise(length: number, seed: number): Buffer {
  const bytes = Buffer.alloc(length);
  let state = seed;
  for (let i = 0; i < length; i += 1) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    bytes[i] = state >> 16;
  }
  return bytes;
}

describe('report and unreadable input', () => {
  let work: string;
  const run = (args: string[]) => runBuiltCli(args, work);

  beforeAll(() => {
    work = tempDir('unreadable');
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('counts the corpus lines that are not records, as a plain JSON scan does', async () => {
    const expected = jsonlFiles(corpusDir).reduce((sum, f) => sum + badLines(readFileSync(f, 'utf8')), 0);
    expect(expected).toBeGreaterThan(0);
    for (const cache of [['--no-cache'], ['--cache-dir', path.join(work, 'corpus-cache')]]) {
      const text = await run(['report', corpusDir, ...cache]);
      expect(text.code).toBe(0);
      expect(text.out).toContain(
        `Could not read ${expected} ${expected === 1 ? 'line' : 'lines'}: agentlog validate shows where.`,
      );
      const json = JSON.parse((await run(['report', '--json', corpusDir, ...cache])).out) as {
        unreadable: unknown;
      };
      expect(json.unreadable).toEqual({ lines: expected, files: 0 });
    }
  });

  it('a binary file named .jsonl is not a session but an unreadable file, counted', async () => {
    const logs = path.join(work, 'logs', 'project');
    mkdirSync(logs, { recursive: true });
    cpSync(
      corpusPath('marot__spotter/test/fixtures/transcripts/short.jsonl'),
      path.join(logs, '11111111-0000-4000-8000-000000000001.jsonl'),
    );
    const png = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), noise(2000, 7)]);
    const garbage = [noise(3000, 1), png];
    garbage.forEach((bytes, i) => {
      writeFileSync(path.join(logs, `2222222${i}-0000-4000-8000-000000000002.jsonl`), bytes);
    });
    const lines = garbage.reduce((sum, bytes) => sum + badLines(bytes.toString('utf8')), 0);
    for (const cache of [['--no-cache'], ['--cache-dir', path.join(work, 'binary-cache')]]) {
      const listed = JSON.parse((await run(['ls', '--json', 'logs', ...cache])).out) as { id: string }[];
      expect(listed.map((s) => s.id)).toEqual(['11111111-0000-4000-8000-000000000001']);
      const table = await run(['ls', 'logs', ...cache]);
      expect(table.out).toMatch(
        /^1 session\n2 files with no readable line \(not sessions\): agentlog validate shows where\.\n$/m,
      );
      const text = await run(['report', 'logs', ...cache]);
      expect(text.code).toBe(0);
      expect(text.out).toContain(
        `Could not read ${lines} lines (2 files with no readable line at all): agentlog validate shows where.`,
      );
      expect(text.out).toMatch(/^1 sessions? \(1 claude-code\)/m);
    }
  });

  it('input with no readable line says there are no sessions, and why', async () => {
    const logs = path.join(work, 'only-broken', 'project');
    mkdirSync(logs, { recursive: true });
    writeFileSync(
      path.join(logs, '33333333-0000-4000-8000-000000000003.jsonl'),
      '{"type":"user", broken\nnot json\n',
    );
    for (const cache of [['--no-cache'], ['--cache-dir', path.join(work, 'only-broken-cache')]]) {
      const text = await run(['report', 'only-broken', ...cache]);
      expect(text.code).toBe(0);
      expect(text.out).toContain(
        'Could not read 2 lines (1 file with no readable line at all): agentlog validate shows where.\nNo sessions in these logs.\n',
      );
      expect(text.out).not.toMatch(/0 sessions/);
      // Every section says it is empty, as a plain read of the file finds nothing.
      expect(text.out).toContain('\nTools\nNo tool calls in these sessions.\n');
      const tools = await run(['tools', 'only-broken', ...cache]);
      expect(tools.out).toBe('No tool calls in these sessions.\n');
    }
  });
});
