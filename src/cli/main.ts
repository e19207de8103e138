#!/usr/bin/env node
import { packageVersion } from './package-version.js';

const argv = process.argv.slice(2);
// `agentlog --version` loads nothing else (see runCli for the same answer).
const versionOnly = argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V');

// A reader that stops early (`agentlog ls | head`) closes the pipe: that is not an error, just stop.
// Output that cannot be written (`agentlog ls > /dev/full`) is one sentence on stderr and exit 1.
for (const [name, stream] of [
  ['standard output', process.stdout],
  ['standard error', process.stderr],
] as const) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    // Loaded here: a run that writes without trouble never needs it.
    void import('./fs-failure.js').then(({ fsFailure }) => {
      const failure = fsFailure(error, name);
      if (!failure) throw error;
      if (stream !== process.stderr) process.stderr.write(`error: ${failure.message}\n`);
      process.exit(1);
    });
  });
}

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
 * The status line's entry: its bundle when `npm run build` made one, else its modules (a build by `tsc` alone).
 */
async function statuslineEntry(): Promise<(argv: readonly string[]) => Promise<number>> {
  const bundle: string = './statusline-bundle.js';
  try {
    return ((await import(bundle)) as typeof import('./statusline-main.js')).runStatusline;
  } catch (error) {
    const missing =
      (error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND' &&
      String((error as Error).message).includes('statusline-bundle.js');
    if (!missing) throw error;
    return (await import('./statusline-main.js')).runStatusline;
  }
}
