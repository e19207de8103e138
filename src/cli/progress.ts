import cliProgress from 'cli-progress';
import { type Io, unguarded } from './output.js';

/**
 * A progress bar on stderr for scans that take over a second, and only when stderr is a terminal
 * (never in pipes, CI logs or `--json` consumers' stderr captures).
 */
export function createProgress(
  io: Io,
  label: string,
): { update(done: number, total: number): void; stop(): void } {
  const started = Date.now();
  let bar: cliProgress.SingleBar | undefined;
  const enabled = Boolean(io.stderr.isTTY) && !('CI' in io.env);
  return {
    update(done, total) {
      if (!enabled) return;
      if (!bar && Date.now() - started > 1000 && done < total) {
        bar = new cliProgress.SingleBar(
          {
            format: `${label} [{bar}] {value}/{total} files`,
            // The bar is drawn with cursor controls and holds only a label and counts: not log text.
            stream: unguarded(io.stderr),
            clearOnComplete: true,
            hideCursor: true,
          },
          cliProgress.Presets.shades_classic,
        );
        bar.start(total, done);
      }
      bar?.update(done);
    },
    stop() {
      bar?.stop();
    },
  };
}
