import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryIo, plural } from '../src/cli/output.js';
import { runCli } from '../src/cli/run-cli.js';

const root = path.resolve(import.meta.dirname, '..');
const oneSession = path.join(
  root,
  'demo/claude/projects/-home-demo-src-geo-lib/d407a873-b42c-43c8-8dbe-af71cedd800e.jsonl',
);

async function run(args: string[]) {
  const io = memoryIo({}, root);
  const code = await runCli(args, io);
  return { code, out: io.out(), err: io.err() };
}

describe('counts, whole-number options and usage errors', () => {
  it('says "1 session", not "1 sessions"', async () => {
    const ls = await run(['ls', oneSession, '--no-cache']);
    expect(ls.code).toBe(0);
    expect(ls.out.trim().split('\n').at(-1)).toBe('1 session');
    const report = await run(['report', oneSession, '--no-cache']);
    expect(report.out).toMatch(/^1 session \(1 claude-code\)/m);
    expect(report.out).not.toMatch(/\b1 (sessions|prompts|messages|tool calls)\b/);
    expect(plural(1, 'call')).toBe('1 call');
    expect(plural(0, 'call')).toBe('0 calls');
    expect(plural(1234, 'call')).toBe('1,234 calls');
  });

  it('rejects a whole-number option that is not one, with exit 2 and one sentence', async () => {
    for (const [args, option, value] of [
      [['report', '--demo', '--top', 'abc'], '--top', 'abc'],
      [['report', '--demo', '--top', '5x'], '--top', '5x'],
      [['validate', 'demo', '--limit', '2.5'], '--limit', '2.5'],
      [['search', 'x', '--demo', '--limit', '1e3'], '--limit', '1e3'],
      [['ls', '--demo', '--jobs', '0x4'], '--jobs', '0x4'],
      [['report', '--demo', '--top', '0'], '--top', '0'],
    ] as const) {
      const { code, err } = await run([...args]);
      expect({ args, code }).toEqual({ args, code: 2 });
      const range = option === '--jobs' ? 'from 1 to 64' : 'of 1 or more';
      expect(err).toBe(`error: Option ${option} needs a whole number ${range}, got "${value}".\n`);
    }
  });

  it('rejects a port or a timeout written as anything but digits (1e3, 0x50, -1), with exit 2', async () => {
    for (const [args, expected] of [
      [
        ['serve', '--demo', '--port', '1e3'],
        'Option --port needs a whole number from 0 to 65535, got "1e3".',
      ],
      [
        ['serve', '--demo', '--port', '0x50'],
        'Option --port needs a whole number from 0 to 65535, got "0x50".',
      ],
      [
        ['otlp', '--demo', '--timeout', '1e3', '--endpoint', 'http://127.0.0.1:9'],
        'Option --timeout (milliseconds) needs a whole number of 1 or more, got "1e3".',
      ],
    ] as const) {
      const { code, err } = await run([...args]);
      expect({ args, code }).toEqual({ args, code: 2 });
      expect(err).toBe(`error: ${expected}\n`);
    }
  });

  it('tells how to run agentlog from any folder, through the bin that npm link installs', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(readme).toMatch(/^npm link\b/m);
    expect(readme).toContain('npm install --global .');
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      bin: Record<string, string>;
    };
    expect(pkg.bin.agentlog).toBe('dist/cli/agentlog.cjs');
    // The source of that bin starts with the line that lets the linked command run under node.
    expect(readFileSync(path.join(root, 'src/cli/main.ts'), 'utf8').split('\n')[0]).toBe(
      '#!/usr/bin/env node',
    );
  });

  it('prints the error line first, then the usage hint', async () => {
    // 'frobnicate' is near no command name, so commander suggests none ('bogus' is near 'blocks').
    for (const args of [['ls', '--bogus'], ['frobnicate'], ['show']]) {
      const { code, err } = await run(args);
      expect(code).toBe(2);
      const lines = err.trim().split('\n');
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(/^error: /);
      expect(lines[1]).toBe('(run with --help for usage)');
    }
  });
});
