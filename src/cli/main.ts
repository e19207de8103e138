#!/usr/bin/env node
import { fsFailure } from './fs-failure.js';
import { processIo } from './output.js';
import { packageVersion } from './package-version.js';

// A reader that stops early (`agentlog ls | head`) closes the pipe: that is not an error, just stop.
// Output that cannot be written (`agentlog ls > /dev/full`) is one sentence on stderr and exit 1.
for (const [name, stream] of [
  ['standard output', process.stdout],
  ['standard error', process.stderr],
] as const) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    const failure = fsFailure(error, name);
    if (!failure) throw error;
    if (stream !== process.stderr) process.stderr.write(`error: ${failure.message}\n`);
    process.exit(1);
  });
}

// The only place that ends the process. `exitCode` (not exit()) lets pending output flush.
const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  // Nothing else to load for the version (see runCli for the same answer).
  process.stdout.write(`${packageVersion()}\n`);
} else {
  const { runCli } = await import('./run-cli.js');
  process.exitCode = await runCli(argv, processIo());
}
