import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../src/cli/output.js';
import { runCli } from '../src/cli/run-cli.js';
import { terminalSessionId, writeTerminalFixture } from './fixtures/hostile/terminal-fixture.js';

// What a terminal acts on: C0 controls other than line feed, ESC (and so every CSI, OSC, DCS), DEL, the C1
// range (U+009B is an 8-bit CSI) and the bidi embeddings, overrides and isolates.
const controls = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;
// The only escape sequences the CLI may write on a colour terminal: its own SGR codes (picocolors').
const ownColours = /\u001b\[(?:0|1|2|22|4|24|31|32|33|34|35|36|39|90)m/g;

/** Terminal columns of a line, counted independently of the code: CJK ideographs and 😀 take two. */
function columns(line: string): number {
  let width = 0;
  for (const char of line) {
    const code = char.codePointAt(0) ?? 0;
    width += (code >= 0x4e00 && code <= 0x9fff) || (code >= 0x1f600 && code <= 0x1f64f) ? 2 : 1;
  }
  return width;
}

/** The tables in `text`: runs of lines that start with a box-drawing border. */
function tables(text: string): string[][] {
  const found: string[][] = [];
  let current: string[] = [];
  for (const line of text.split('\n')) {
    if (/^[┌│├└]/.test(line)) current.push(line);
    else if (current.length > 0) {
      found.push(current);
      current = [];
    }
  }
  if (current.length > 0) found.push(current);
  return found;
}

let dir: string;
let cache: string;
let file: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'agentlog-terminal-'));
  cache = mkdtempSync(path.join(os.tmpdir(), 'agentlog-terminal-cache-'));
  file = writeTerminalFixture(dir);
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(cache, { recursive: true, force: true });
});

async function run(args: string[], tty?: number) {
  const io = memoryIo({ AGENTLOG_CACHE_DIR: cache, ...(tty ? { FORCE_COLOR: '1' } : {}) }, dir);
  if (tty) Object.assign(io.stdout, { isTTY: true, columns: tty });
  if (tty) Object.assign(io.stderr, { isTTY: true });
  const code = await runCli(args, io);
  return { code, out: io.out(), err: io.err() };
}

const commands = (): string[][] => [
  ['ls', dir],
  ['show', file],
  ['show', file, '--full', '--thinking'],
  ['show', terminalSessionId, '--in', dir],
  ['errors', dir],
  ['report', dir],
  ['tools', dir],
  ['tools', dir, '--by', 'model'],
  ['tools', dir, '--by', 'project'],
  ['usage', dir, '--by', 'model'],
  ['usage', dir, '--by', 'project'],
  ['blocks', dir, '--all', '--token-limit', 'max'],
  ['search', 'answer', dir],
  ['search', 'failed', dir, '--in', 'tool_result'],
  ['validate', dir, '--files'],
  ['sql', 'SELECT * FROM tool_calls'],
  ['sql', 'SELECT * FROM sessions'],
];

describe('nothing from a log reaches a terminal unescaped', () => {
  it('writes no control, escape or bidi character to a pipe, in any command', async () => {
    // The index the sql command reads is made by a data command first.
    expect((await run(['ls', dir])).code).toBe(0);
    for (const args of commands()) {
      const { code, out, err } = await run(args);
      expect({ args, code, err }).toEqual({ args, code: 0, err: '' });
      expect({ args, raw: controls.exec(out)?.[0] }).toEqual({ args, raw: undefined });
      // The payload is shown, escaped: the reader sees what the log holds.
      expect({ args, shown: /\\x1b\[44m|\\u009b31m|\\u202eevil/.test(out) }).toEqual({ args, shown: true });
    }
  });

  it('writes only its own colours to a colour terminal, and keeps every table aligned', async () => {
    for (const width of [80, 200]) {
      for (const args of [...commands(), ['export', 'transcript', file]]) {
        const { code, out, err } = await run(args, width);
        expect({ args, code }).toEqual({ args, code: 0 });
        for (const stream of [out, err]) {
          const plain = stream.replace(ownColours, '');
          expect({ args, raw: controls.exec(plain)?.[0] }).toEqual({ args, raw: undefined });
        }
        for (const table of tables(out.replace(ownColours, ''))) {
          const widths = new Set(table.map(columns));
          expect({ args, widths: [...widths] }).toEqual({ args, widths: [columns(table[0] ?? '')] });
          expect(columns(table[0] ?? '')).toBeLessThanOrEqual(width);
        }
      }
    }
  });

  it('escapes C1, DEL and bidi characters in JSON, which stays valid and keeps the values', async () => {
    for (const args of [
      ['ls', dir, '--json'],
      ['show', file, '--json'],
      ['errors', dir, '--json'],
      ['sql', 'SELECT * FROM tool_calls', '--json'],
    ]) {
      const { code, out } = await run(args);
      expect(code).toBe(0);
      expect({ args, raw: controls.exec(out)?.[0] }).toEqual({ args, raw: undefined });
      expect(JSON.stringify(JSON.parse(out))).toContain('\u009b31m');
    }
  });

  it('escapes what a command quotes in an error message', async () => {
    const { code, err } = await run(['show', '\u001b]0;x\u0007\u009b2J\u202eid', '--in', dir]);
    expect(code).toBe(1);
    expect(err).toMatch(/^error: /);
    expect(controls.exec(err)?.[0]).toBeUndefined();
  });
});
