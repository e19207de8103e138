import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
} from 'node:fs';
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

/**
 * The modules a run of the built CLI with `args` loads (paths relative to the repo), and Node's own ones. With
 * `bundles: false` (AGENTLOG_NO_BUNDLE=1) every command runs from `main.js`, whose modules load one by one: what
 * a command loads there is what the main bundle evaluates of its inlined modules (each is evaluated when first
 * imported, as in dist/).
 */
function traced(args: string[], bundles = true): { modules: string[]; builtins: string[] } {
  const out = path.join(dir, `modules-${args.join('_').replace(/[^a-z_-]/gi, '')}-${bundles}.txt`);
  const run = spawnSync(process.execPath, ['--import', hook, builtCli, ...args], {
    env: {
      ...process.env,
      AGENTLOG_TRACE_MODULES: out,
      AGENTLOG_NO_BUNDLE: bundles ? '0' : '1',
      HOME: dir,
      XDG_CACHE_HOME: dir,
    },
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  const modules = readFileSync(out, 'utf8')
    .split('\n')
    .map((url) => url.replace(/^file:\/\//, ''))
    .map((file) => (file.startsWith(root) ? path.relative(root, file) : file));
  return { modules, builtins: readFileSync(`${out}.builtins`, 'utf8').split('\n') };
}

/** The modules `args` loads from `main.js`, one by one (no bundle). */
function loadedBy(args: string[]): string[] {
  return traced(args, false).modules;
}

/** A status line call with no index and no input: the line from nothing, as quickly as a call can be. */
const emptyStatusline = () => ['statusline', '--input', '/dev/null', '--cache-dir', path.join(dir, 'cache')];

const heavy = [
  /^dist\/(schemas|agents|cache|lifecycle|viewer|exporters|definitions)\//,
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

  it('agentlog statusline loads its bundle: no module of dist/ one by one, nothing of the readers', () => {
    const { modules } = traced(emptyStatusline());
    const ours = modules.filter((m) => m.startsWith('dist/'));
    // The bin compiles the bundle from its code cache (not a module: it is not in the list); no ES module of ours
    // is loaded at all.
    expect(ours).toEqual(['dist/cli/agentlog.cjs']);
    expect(
      modules.filter((m) =>
        /node_modules\/(zod|commander|picocolors|better-sqlite3\/lib|@pydantic)\//.test(m),
      ),
    ).toEqual([]);
  });

  it('agentlog statusline loads none of the Node modules only some calls need', () => {
    const { builtins } = traced(emptyStatusline());
    expect(builtins).toContain('fs');
    // A refresher to start (child_process), a changed file to fingerprint (crypto), async file reads.
    expect(builtins.filter((m) => /^(child_process|crypto|fs\/promises)$/.test(m))).toEqual([]);
  });

  it('a warm report (nothing changed since the last run) loads no reader, schema, builder or registry', () => {
    const logs = path.join(dir, 'logs');
    cpSync(path.join(corpusDir, 'microsoft__vscode-copilot-chat'), logs, { recursive: true });
    const args = ['report', logs, '--cache-dir', path.join(dir, 'cache')];
    const readers = [
      /node_modules\/zod\//,
      /^dist\/agents\/[a-z-]+\/(schemas|tools)\//,
      /^dist\/agents\/[a-z-]+\/(build-session|decode-record|validate-record|message-fold)\.js$/,
      /^dist\/agents\/registry\.js$/,
      /^dist\/reader\/(file-validator|read-jsonl)\.js$/,
    ];
    const cold = loadedBy(args).filter((m) => readers.some((r) => r.test(m)));
    expect(cold.length).toBeGreaterThan(10);
    const warm = loadedBy(args);
    expect(warm.filter((m) => readers.some((r) => r.test(m)))).toEqual([]);
    // Its report is the one the cold run stored (cache/answers.ts): no query runs, none is loaded.
    expect(warm.filter((m) => /^dist\/cache\/queries\//.test(m))).toEqual([]);
    const other = loadedBy([...args, '--by', 'model']);
    expect(other.filter((m) => /^dist\/cache\/queries\/usage-query\.js$/.test(m))).toHaveLength(1);
  });

  it('the commands a user waits for run from the main bundle: no module of dist/ one by one', () => {
    const logs = path.join(dir, 'bundled-logs');
    cpSync(path.join(corpusDir, 'microsoft__vscode-copilot-chat'), logs, { recursive: true });
    const cache = ['--cache-dir', path.join(dir, 'bundled-cache')];
    const bin = ['dist/cli/agentlog.cjs', 'dist/cli/bundled-commands.cjs', 'dist/cli/response-memo.cjs'];
    for (const command of ['report', 'usage', 'ls', 'tools', 'errors', 'blocks', 'validate']) {
      const { modules } = traced([command, logs, ...cache]);
      // The bin compiles the bundle from its code cache: not a module, not in the list. It reads which
      // commands the bundle runs from a CommonJS file of its own, and whether a response memo answers from
      // another (`response-memo.cjs`).
      expect(
        modules.filter((m) => m.startsWith('dist/')),
        command,
      ).toEqual(bin);
      expect(
        modules.filter((m) => /node_modules\/(zod|commander)\//.test(m)),
        command,
      ).toEqual([]);
    }
    for (const command of ['show', 'sql', 'search'])
      expect(
        traced([command, '--help']).modules.filter((m) => m.startsWith('dist/')),
        command,
      ).toEqual(bin);
    // The same commands without the bundle, and the others, run from main.js.
    expect(loadedBy(['report', logs, ...cache])).toContain('dist/cli/main.js');
    expect(traced(['serve', '--help']).modules).toContain('dist/cli/main.js');
    expect(traced(['--version']).modules).toContain('dist/cli/main.js');
  });

  it('a bundle older than its modules runs in a checkout, not in an installed package', () => {
    // An installed package: dist/ and package.json without the sources, files dated as npm unpacked them (here
    // the entry module newer than the bundle). The bundle runs.
    const pkg = path.join(dir, 'installed');
    mkdirSync(pkg);
    cpSync(path.join(root, 'dist'), path.join(pkg, 'dist'), { recursive: true });
    cpSync(path.join(root, 'package.json'), path.join(pkg, 'package.json'));
    symlinkSync(path.join(root, 'node_modules'), path.join(pkg, 'node_modules'));
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(pkg, 'dist/cli/bundled-main.js'), later, later);
    const logs = path.join(corpusDir, 'microsoft__vscode-copilot-chat');
    const run = (cli: string) => {
      const out = path.join(
        dir,
        `installed-${path.basename(path.dirname(path.dirname(path.dirname(cli))))}.txt`,
      );
      const result = spawnSync(process.execPath, ['--import', hook, cli, 'report', logs, '--no-cache'], {
        env: { ...process.env, AGENTLOG_TRACE_MODULES: out, HOME: dir, XDG_CACHE_HOME: dir },
        encoding: 'utf8',
      });
      expect(result.status, result.stderr).toBe(0);
      return { text: result.stdout, modules: readFileSync(out, 'utf8').split('\n') };
    };
    const installed = run(path.join(pkg, 'dist/cli/agentlog.cjs'));
    expect(installed.modules.filter((m) => m.includes('/dist/cli/main.js'))).toEqual([]);
    // In the checkout, the same dates mean a `tsc` ran after the bundle: main.js runs, with the same report.
    const entry = path.join(root, 'dist/cli/bundled-main.js');
    const { atime, mtime } = statSync(entry);
    try {
      utimesSync(entry, later, later);
      const checkout = run(builtCli);
      expect(checkout.modules.filter((m) => m.includes('/dist/cli/main.js'))).toHaveLength(1);
      expect(checkout.text).toBe(installed.text);
    } finally {
      utimesSync(entry, atime, mtime);
    }
  });

  it('agentlog --help still lists every command', () => {
    const commands = loadedBy(['--help']).filter(
      (m) => m.startsWith('dist/cli/commands/') && m.endsWith('-command.js'),
    );
    expect(commands.length).toBeGreaterThanOrEqual(15);
  });
});
