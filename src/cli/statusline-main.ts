/**
 * The entry of `agentlog statusline` alone: the program with the status line command and nothing else.
 * `npm run build` bundles it with what it imports into one file, `dist/cli/statusline-bundle.js`
 * (scripts/bundle-statusline.mjs), which `cli/main.ts` loads for a status line call: Claude Code starts a
 * process for every refresh of its status line, and resolving and loading some fifty modules one by one was
 * a third of such a call.
 */
import { registerStatuslineCommand } from './commands/statusline-command.js';
import { processIo } from './output.js';
import { runProgram } from './run-program.js';

export function runStatusline(argv: readonly string[]): Promise<number> {
  return runProgram(argv, processIo(), async (program, io) => registerStatuslineCommand(program, io));
}
