import { registerCommands } from './commands/register-commands.js';
import type { Io } from './output.js';
import { runProgram } from './run-program.js';

/**
 * Runs the CLI with `argv` (without the node and script entries) and returns the exit code.
 * Never exits the process: `cli/main.ts` does.
 */
export function runCli(argv: readonly string[], io: Io): Promise<number> {
  return runProgram(argv, io, registerCommands);
}
