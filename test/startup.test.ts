import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusDir } from './corpus.js';
import { builtCli } from './helpers/run-built-cli.js';

// A command loads what it uses: `--version` nothing of the library, one command not the others' modules.
// Counted from the modules the process really loads (a module-loading hook), not from timings. Runs the
// built CLI (`npm run build` first).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const hook = path.join(root, 'test/helpers/trace-modules.mjs');
let dir: string;

function loadedBy(args: string[]): string[] {
  const out = path.join(dir, `modules-${args.join('_').replace(/[^a-z_-]/gi, '')}.txt`);
  const run = spawnSync(process.execPath, ['--import', hook, builtCli, ...args], {
    env: { ...process.env, AGENTLOG_TRACE_MODULES: out, HOME: dir, XDG_CACHE_HOME: dir },
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  return readFileSync(out, 'utf8')
    .split('\n')
    .map((url) => url.replace(/^file:\/\//, ''))
    .map((file) => (file.startsWith(root) ? path.relative(root, file) : file));
}

const heavy = [
  /^dist\/(schemas|cache|lifecycle|viewer|exporters|definitions)\//,
  /node_modules\/(better-sqlite3|zod|@opentelemetry|@modelcontextprotocol)\//,
];

describe('start-up', () => {
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'agentlog-startup-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('agentlog --version loads nothing of the library', () => {
    const modules = loadedBy(['--version']);
    expect(modules.some((m) => m === 'dist/cli/main.js')).toBe(true);
    expect(modules.filter((m) => heavy.some((h) => h.test(m)))).toEqual([]);
    expect(modules.filter((m) => m.startsWith('dist/cli/commands/'))).toEqual([]);
  });

  it('a command loads its own module, not the other commands', () => {
    const commands = loadedBy(['usage', '--help']).filter((m) => m.startsWith('dist/cli/commands/'));
    expect(commands).toEqual([
      'dist/cli/commands/register-commands.js',
      'dist/cli/commands/usage-command.js',
    ]);
    const viewer = loadedBy(['ls', '--help']).filter((m) =>
      /^dist\/(viewer\/(pages|server)|exporters)\//.test(m),
    );
    expect(viewer).toEqual([]);
  });

  it('a warm report (nothing changed since the last run) loads no reader, schema, builder or registry', () => {
    const logs = path.join(dir, 'logs');
    cpSync(path.join(corpusDir, 'microsoft__vscode-copilot-chat'), logs, { recursive: true });
    const args = ['report', logs, '--cache-dir', path.join(dir, 'cache')];
    const readers = [
      /node_modules\/zod\//,
      /^dist\/schemas\/(claude-code|codex)\//,
      /^dist\/lifecycle\/(claude-code|codex)\//,
      /^dist\/agents\/registry\.js$/,
      /^dist\/reader\/(file-validator|read-jsonl)\.js$/,
    ];
    const cold = loadedBy(args).filter((m) => readers.some((r) => r.test(m)));
    expect(cold.length).toBeGreaterThan(10);
    expect(loadedBy(args).filter((m) => readers.some((r) => r.test(m)))).toEqual([]);
  });

  it('agentlog --help still lists every command', () => {
    const commands = loadedBy(['--help']).filter(
      (m) => m.startsWith('dist/cli/commands/') && m.endsWith('-command.js'),
    );
    expect(commands.length).toBeGreaterThanOrEqual(15);
  });
});
