#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { guardProcessStreams } from './guard-process-streams.js';
import { packageVersion } from './package-version.js';

const argv = process.argv.slice(2);
// `agentlog --version` loads nothing else (see runCli for the same answer).
const versionOnly = argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V');

guardProcessStreams();

// The only place that ends the process. `exitCode` (not exit()) lets pending output flush.
if (versionOnly) {
  process.stdout.write(`${packageVersion()}\n`);
} else if (argv[0] === 'statusline') {
  process.exitCode = await (await statuslineEntry())(argv);
} else {
  const [{ runCli }, { processIo }] = await Promise.all([import('./run-cli.js'), import('./output.js')]);
  process.exitCode = await runCli(argv, processIo());
}

/**
 * The status line's entry: its bundle when `npm run build` made one (the bin, `agentlog.cts`, requires it
 * directly), else its modules (a build by `tsc` alone).
 */
async function statuslineEntry(): Promise<(argv: readonly string[]) => Promise<number>> {
  const bundle = fileURLToPath(new URL('./statusline-bundle.cjs', import.meta.url));
  if (existsSync(bundle))
    return (createRequire(import.meta.url)(bundle) as typeof import('./statusline-main.js')).runStatusline;
  return (await import('./statusline-main.js')).runStatusline;
}
