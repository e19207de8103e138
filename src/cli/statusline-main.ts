/**
 * The entry of `agentlog statusline` alone: the program with the status line command and nothing else.
 * `npm run build` bundles it with what it imports into one CommonJS file, `dist/cli/statusline-bundle.cjs`
 * (scripts/bundle-cli.mjs), which the bin (`agentlog.cts`) loads for a status line call: Claude Code
 * starts a process for every refresh of its status line, and resolving and loading some fifty ES modules one by
 * one was a third of such a call.
 */
import type { Command } from 'commander';
import { registerStatuslineCommand } from './commands/statusline-command.js';
import { guardProcessStreams } from './guard-process-streams.js';
import { type Io, processIo } from './output.js';
import { runProgram } from './run-program.js';

/** Runs the status line as the whole process (from the bin): the process's exit code is its. */
export async function runStatuslineProcess(argv: readonly string[]): Promise<void> {
  guardProcessStreams();
  const register = async (program: Command, io: Io) => registerStatuslineCommand(program, io);
  process.exitCode = await runProgram(argv, processIo(), register);
}
