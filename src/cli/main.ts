#!/usr/bin/env node
import { processIo } from './output.js';
import { runCli } from './run-cli.js';

// The only place that ends the process. `exitCode` (not exit()) lets pending output flush.
process.exitCode = await runCli(process.argv.slice(2), processIo());
