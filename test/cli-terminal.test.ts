import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../src/cli/output.js';
import { runCli } from '../src/cli/run-cli.js';
import { corpusDir } from './corpus.js';

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

  it('keeps every header of the tools table whole at 80 columns, what each tool does too', async () => {
    const io = terminalIo(80, { NO_COLOR: '1' });
    expect(await runCli(['tools', '--demo'], io)).toBe(0);
    const lines = io.out().split('\n');
    const head = (lines.find((l) => l.startsWith('│ tool')) ?? '').split('│').map((c) => c.trim());
    expect(head.filter(Boolean)).toEqual(['tool', 'calls', 'errors', 'median', 'p95', 'what it does']);
    expect(Math.max(...lines.filter((l) => /^[┌│├└]/.test(l)).map((l) => l.length))).toBe(80);
    expect(io.out()).toMatch(
      /hidden to fit the terminal: share, error rate, denied, interrupted,\s+missing;/,
    );
  });

  it('keeps the cost in the usage table at 80 columns, leaving out the cache reads first', async () => {
    const io = terminalIo(80, { NO_COLOR: '1' });
    expect(await runCli(['usage', corpusDir, '--no-cache'], io)).toBe(0);
    const lines = io.out().split('\n');
    const head = (lines.find((l) => l.startsWith('│ day')) ?? '').split('│').map((c) => c.trim());
    expect(head.filter(Boolean)).toEqual(['day', 'input', 'output', 'cache write', 'total', 'cost']);
    expect(lines.find((l) => l.startsWith('│ Total'))).toMatch(/\$\d+\.\d\d │$/);
    expect(io.out()).toMatch(/1 column hidden to fit the terminal: cache read;/);
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

  it('keeps the session id (the handle for show) whole in ls at 80 columns', async () => {
    const json = memoryIo({}, path.resolve(import.meta.dirname, '..'));
    await runCli(['ls', '--demo', '--json'], json);
    const ids = (JSON.parse(json.out()) as { id: string }[]).map((s) => s.id.slice(0, 8));
    const io = terminalIo(80);
    expect(await runCli(['ls', '--demo'], io)).toBe(0);
    const lines = io
      .out()
      .replace(/\u001b\[\d+m/g, '')
      .split('\n');
    const rows = lines.filter((l) => /^│/.test(l)).slice(1);
    expect(rows.map((l) => l.split('│')[1]?.trim())).toEqual(ids);
    const table = lines.filter((l) => /^[┌│├└]/.test(l));
    expect(Math.max(...table.map((l) => l.length))).toBeLessThanOrEqual(80);
  });

  it('wraps sentences between words at 80 columns: report, ls and validate on the corpus', async () => {
    for (const command of ['report', 'ls', 'validate']) {
      const io = terminalIo(80, { NO_COLOR: '1' });
      expect(await runCli([command, corpusDir, '--no-cache'], io)).toBe(0);
      const lines = io.out().split('\n');
      expect(
        lines.filter((l) => l.length > 80),
        command,
      ).toEqual([]);
      // The same words as without a width: cut between words, nothing lost.
      const wide = memoryIo({ NO_COLOR: '1' }, path.resolve(import.meta.dirname, '..'));
      await runCli([command, corpusDir, '--no-cache'], wide);
      const words = (text: string) => text.replace(/[─-╿]/g, ' ').split(/\s+/).filter(Boolean);
      // (Tables' rows are left out, and the note a narrow table adds about the columns it hides.)
      const sentences = (text: string) =>
        words(
          text
            .split('\n')
            .filter((l) => !/^[┌│├└]/.test(l))
            .join(' ')
            .replace(/\(\d+ columns? hidden to fit the terminal:.*?use --json\)/g, ' '),
        );
      expect(sentences(io.out()), command).toEqual(sentences(wide.out()));
    }
    // A drift item's next lines are indented under it.
    const io = terminalIo(80, { NO_COLOR: '1' });
    await runCli(['report', corpusDir, '--no-cache'], io);
    const drift = io.out().split('Drift\n')[1]?.split('\n') ?? [];
    expect(drift.some((l) => l.startsWith('  ') && !l.startsWith('  -'))).toBe(true);
  });

  it('fits tables to COLUMNS when stdout is piped', async () => {
    const io = memoryIo({ COLUMNS: '80' }, path.resolve(import.meta.dirname, '..'));
    expect(await runCli(['tools', '--demo'], io)).toBe(0);
    const lines = io.out().split('\n');
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(80);
    expect(io.out()).not.toMatch(ansi);
    const unlimited = memoryIo({}, path.resolve(import.meta.dirname, '..'));
    await runCli(['tools', '--demo'], unlimited);
    expect(
      Math.max(
        ...unlimited
          .out()
          .split('\n')
          .map((l) => l.length),
      ),
    ).toBeGreaterThan(80);
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
