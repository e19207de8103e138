import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../src/cli/output.js';
import { runCli } from '../src/cli/run-cli.js';

/** An Io whose stdout claims to be a terminal of the given width. */
function terminalIo(columns: number, env: NodeJS.ProcessEnv = {}) {
  const io = memoryIo(env, path.resolve(import.meta.dirname, '..'));
  Object.assign(io.stdout, { isTTY: true, columns });
  return io;
}

const ansi = /\u001b\[\d+m/;

describe('terminal behaviour', () => {
  it('fits tables to the terminal width', async () => {
    const io = terminalIo(90);
    expect(await runCli(['tools', '--demo'], io)).toBe(0);
    const lines = io
      .out()
      .replace(/\u001b\[\d+m/g, '')
      .split('\n');
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(90);
  });

  it('leaves out right-hand columns on a very narrow terminal, and says so', async () => {
    const io = terminalIo(50);
    expect(await runCli(['tools', '--demo'], io)).toBe(0);
    const lines = io
      .out()
      .replace(/\u001b\[\d+m/g, '')
      .split('\n')
      .filter((l) => /^[┌│├└]/.test(l));
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(50);
    expect(io.out()).toMatch(/columns? hidden to fit the terminal/);
  });

  it('colours a terminal, but not with NO_COLOR, and never a pipe', async () => {
    const tty = terminalIo(200);
    await runCli(['usage', '--demo'], tty);
    expect(tty.out()).toMatch(ansi);
    const noColor = terminalIo(200, { NO_COLOR: '1' });
    await runCli(['usage', '--demo'], noColor);
    expect(noColor.out()).not.toMatch(ansi);
    const pipe = memoryIo({}, path.resolve(import.meta.dirname, '..'));
    await runCli(['usage', '--demo'], pipe);
    expect(pipe.out()).not.toMatch(ansi);
  });

  it('keeps raw numbers in JSON and separators in tables', async () => {
    const table = memoryIo({}, path.resolve(import.meta.dirname, '..'));
    await runCli(['usage', '--demo'], table);
    expect(table.out()).toMatch(/\d,\d{3},\d{3}/);
    const json = memoryIo({}, path.resolve(import.meta.dirname, '..'));
    await runCli(['usage', '--demo', '--json'], json);
    expect(json.out()).not.toMatch(/"\d{1,3},\d{3}/);
    expect(
      (JSON.parse(json.out()) as { total: { cacheReadTokens: number } }).total.cacheReadTokens,
    ).toBeGreaterThan(1_000_000);
  });
});
