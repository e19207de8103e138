/**
 * The program as `dist/cli/main-bundle.cjs` runs it: `npm run build` bundles this module and everything it
 * imports, its dynamic imports included, into one CommonJS file (scripts/bundle-cli.mjs), which the bin
 * (`agentlog.cts`) loads for the commands a user runs most (`bundledCommands`), compiled from V8's code cache of
 * it: one file read and almost nothing compiled, where `main.js` resolves, reads and compiles a hundred and more
 * ES modules one by one. The modules keep their order of evaluation: one that a dynamic import loads is
 * evaluated when it is first imported, as in `dist/`.
 */
import { guardProcessStreams } from './guard-process-streams.js';
import { processIo } from './output.js';
import { type MemoPlace, recordResponse } from './response-recorder.js';
import { runCli } from './run-cli.js';

/**
 * Runs the command line `argv` (without node and the script) as `main.js` does; with `memo` (the bin found no
 * valid response memo there), keeps the output there when the run qualifies (`response-recorder.ts`).
 */
export async function runMainProcess(argv: readonly string[], memo?: MemoPlace): Promise<void> {
  guardProcessStreams();
  if (memo === undefined) {
    process.exitCode = await runCli(argv, processIo());
    return;
  }
  const { recorder, finish } = recordResponse(memo);
  const exitCode = await runCli(argv, { ...processIo(), response: recorder });
  process.exitCode = exitCode;
  finish(exitCode);
}
