/**
 * The entry of `agentlog statusline` alone: the program with the status line command and nothing else.
 * `npm run build` bundles it with what it imports into one CommonJS file, `dist/cli/statusline-bundle.cjs`
 * (scripts/bundle-statusline.mjs), which the bin (`agentlog.cts`) requires for a status line call: Claude Code
 * starts a process for every refresh of its status line, and resolving and loading some fifty ES modules one by
 * one was a third of such a call.
 */
import { registerStatuslineCommand } from './commands/statusline-command.js';
import { guardProcessStreams } from './guard-process-streams.js';
import { processIo } from './output.js';
import { runProgram } from './run-program.js';

export function runStatusline(argv: readonly string[]): Promise<number> {
  return runProgram(argv, processIo(), async (program, io) => registerStatuslineCommand(program, io));
}

/** Runs the status line as the whole process (from the bin): the process's exit code is its. */
export async function runStatuslineProcess(argv: readonly string[]): Promise<void> {
  guardProcessStreams();
  process.exitCode = await runStatusline(argv);
}
