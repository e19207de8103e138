#!/usr/bin/env node
import { guardProcessStreams } from './guard-process-streams.js';
import { packageVersion } from './package-version.js';

const argv = process.argv.slice(2);
// `agentlog --version` loads nothing else (see runCli for the same answer).
const versionOnly = argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V');

guardProcessStreams();

// The only place that ends the process. `exitCode` (not exit()) lets pending output flush.
if (versionOnly) {
  process.stdout.write(`${packageVersion()}\n`);
} else {
  const [{ runCli }, { processIo }] = await Promise.all([import('./run-cli.js'), import('./output.js')]);
  process.exitCode = await runCli(argv, processIo());
}
