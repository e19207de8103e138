#!/usr/bin/env node
import { processIo } from './output.js';
import { runCli } from './run-cli.js';

// A reader that stops early (`agentlog ls | head`) closes the pipe: that is not an error, just stop.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
}

// The only place that ends the process. `exitCode` (not exit()) lets pending output flush.
process.exitCode = await runCli(process.argv.slice(2), processIo());
