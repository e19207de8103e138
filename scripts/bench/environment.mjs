// What the benchmark runs on and with: the machine, the agentlog build, and the ccusage baseline.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { dirname, join } from 'node:path';

/** Cores (nproc), memory, CPU model (/proc/cpuinfo), kernel and Node version. */
export function describeMachine() {
  let cpu = os.cpus()[0]?.model ?? 'unknown';
  try {
    const match = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'));
    if (match) cpu = match[1].trim();
  } catch {
    // Not Linux: keep os.cpus().
  }
  const nproc = spawnSync('nproc', { encoding: 'utf8' });
  return {
    cores: nproc.status === 0 ? Number(nproc.stdout.trim()) : os.availableParallelism(),
    memoryBytes: os.totalmem(),
    cpu,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
  };
}

/** The agentlog build: package version, git commit (with "-dirty"), and the data options its `report` accepts. */
export function describeAgentlog(repoRoot, cliPath) {
  const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
  const git = spawnSync('git', ['describe', '--always', '--dirty', '--abbrev=7'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  const help = spawnSync(process.execPath, [cliPath, 'report', '--help'], { encoding: 'utf8' });
  if (help.status !== 0)
    throw new Error(`"node ${cliPath} report --help" failed (exit ${help.status}): ${help.stderr.trim()}`);
  return {
    version: pkg.version,
    commit: git.status === 0 ? git.stdout.trim() : 'unknown',
    cacheDirOption: /--cache-dir\b/.test(help.stdout),
    noCacheOption: /--no-cache\b/.test(help.stdout),
    // Builds with `agentlog archive` give every data command --archive-dir.
    archiveCommand: /--archive-dir\b/.test(help.stdout),
    statuslineCommand: /^\s+statusline\b/m.test(
      spawnSync(process.execPath, [cliPath, '--help'], { encoding: 'utf8' }).stdout ?? '',
    ),
  };
}

/**
 * npm unpacks the native package's binary without its execute bits (the package declares no `bin`), and
 * ccusage's own launcher sets them before it runs it; so does the benchmark, which runs the binary directly.
 */
function makeExecutable(binary) {
  const { mode } = statSync(binary);
  if ((mode & 0o111) !== 0o111) chmodSync(binary, mode | 0o111);
}

/**
 * The ccusage dev dependency: its native binary (`@ccusage/ccusage-<platform>-<arch>/bin/ccusage`) when
 * installed, else its JS entry run by node. Throws with a sentence when ccusage is not installed.
 */
export function findCcusage(repoRoot) {
  const require = createRequire(join(repoRoot, 'package.json'));
  let pkgPath;
  try {
    pkgPath = require.resolve('ccusage/package.json');
  } catch {
    throw new Error(
      'ccusage is not installed: run "npm install" (it is a dev dependency), or pass --no-ccusage.',
    );
  }
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8'));
  const native = `@ccusage/ccusage-${process.platform}-${process.arch}`;
  try {
    const nativeRequire = createRequire(pkgPath);
    const binary = join(dirname(nativeRequire.resolve(`${native}/package.json`)), 'bin', 'ccusage');
    if (existsSync(binary)) {
      makeExecutable(binary);
      return { version: pkg.version, command: binary, prefix: [], kind: 'native binary' };
    }
  } catch {
    // No native package for this platform: fall back to the JS entry.
  }
  const bin = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin?.ccusage;
  return {
    version: pkg.version,
    command: process.execPath,
    prefix: [join(dirname(pkgPath), bin)],
    kind: `node ${bin} (no ${native} package installed)`,
  };
}
