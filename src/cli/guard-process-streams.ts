/**
 * What a run does when its output cannot be written. A reader that stops early (`agentlog ls | head`) closes the
 * pipe: that is not an error, just stop. Output that cannot be written (`agentlog ls > /dev/full`) is one sentence
 * on stderr and exit 1. Set up by every entry of the process (`main.ts`, the status line's `agentlog.cts`).
 */
export function guardProcessStreams(): void {
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
}
