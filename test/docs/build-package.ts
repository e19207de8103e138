import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './markdown-blocks.js';

/** A fresh build of the package in a folder of its own, laid out like an installed copy. */
export interface BuiltPackage {
  /** The package folder: package.json, dist/, and demo/ (a link) when the repository has demo data. */
  dir: string;
  dist: string;
  hasDemo: boolean;
  cleanup(): void;
}

/**
 * Builds src/ with the repository's build settings into a temporary folder under node_modules/.cache (inside
 * the repository, so that the build finds its dependencies). Tests use it instead of dist/, which may be
 * older than the sources.
 */
export function buildPackage(): BuiltPackage {
  const cache = path.join(repoRoot, 'node_modules/.cache/agentlog-docs-test');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(path.join(cache, 'package-'));
  const dist = path.join(dir, 'dist');
  const tsc = path.join(repoRoot, 'node_modules/typescript/bin/tsc');
  const build = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--outDir', dist], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (!existsSync(path.join(dist, 'index.js')))
    throw new Error(`The package did not build:\n${build.stdout}${build.stderr}`);
  copyFileSync(path.join(repoRoot, 'package.json'), path.join(dir, 'package.json'));
  const demo = path.join(repoRoot, 'demo');
  const hasDemo = existsSync(demo);
  if (hasDemo) symlinkSync(demo, path.join(dir, 'demo'), 'dir');
  return { dir, dist, hasDemo, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A home folder whose `.claude` and `.codex` are the package's demo data, and an environment that uses it:
 * snippets and recipes written for the default log folders then read the demo.
 */
export function demoEnvironment(pkg: BuiltPackage, home: string): NodeJS.ProcessEnv {
  mkdirSync(home, { recursive: true });
  symlinkSync(path.join(pkg.dir, 'demo/claude'), path.join(home, '.claude'), 'dir');
  symlinkSync(path.join(pkg.dir, 'demo/codex'), path.join(home, '.codex'), 'dir');
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, NO_COLOR: '1' };
  delete env.CLAUDE_CONFIG_DIR;
  delete env.CODEX_HOME;
  return env;
}

/** Runs a command and returns its exit code and output (never throws). */
export function run(
  command: string,
  args: string[],
  cwd: string,
  options: { timeout?: number; env?: NodeJS.ProcessEnv | undefined } = {},
) {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    timeout: options.timeout ?? 120_000,
    maxBuffer: 64 * 1024 * 1024,
    ...(options.env === undefined ? {} : { env: options.env }),
  });
  return {
    status: result.status,
    stdout: result.stdout ?? '',
    stderr: `${result.stderr ?? ''}${result.error === undefined ? '' : String(result.error)}`,
  };
}
