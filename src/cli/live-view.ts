/**
 * `--live` for `usage` and `blocks`: the report drawn again every few seconds, each time from the index
 * brought up to date (an incremental refresh reads only what was appended), until `q`, Ctrl-C or a signal.
 *
 * It draws on the alternate screen, as `top` and `less` do: the frames never reach the scrollback, the
 * screen the user had comes back on exit, and the cursor's home is the frame's top-left corner whatever
 * was printed before. Each frame is one write: cursor home, then each line followed by "clear to end of
 * line", then "clear to end of screen" for what a longer previous frame left; nothing is cleared before it
 * is drawn over, so nothing flickers. Line wrapping is off while it runs (a line wider than the terminal is
 * cut by the terminal, not wrapped into the next one), the cursor is hidden, and standard input is in raw
 * mode to read `q` (Ctrl-C then arrives as a byte, and is read as quitting too). All of it is put back on
 * every way out: a key, SIGINT, SIGTERM, SIGHUP, an error (the first frame's error is then reported as any
 * command's error), and the process exiting.
 */
import { Writable } from 'node:stream';
import type { Command } from 'commander';
import { guardTerminal, terminalText } from '../analytics/terminal-text.js';
import { CliError, exitCodes, quote } from './cli-error.js';
import { colorsFor, type Io, unguarded } from './output.js';

/** Seconds between refreshes by default, and the range `--refresh` accepts. */
export const defaultRefreshSeconds = 3;
const minRefreshSeconds = 0.5;
const maxRefreshSeconds = 3600;

const esc = '\u001b[';
const enter = `${esc}?1049h${esc}?25l${esc}?7l`;
const leave = `${esc}?7h${esc}?25h${esc}?1049l`;

/** What a live view shows: data loaded afresh each time, printed with at most `rows` table rows. */
export interface LiveSource<T> {
  /** The command line it stands for, shown in the header (`agentlog blocks`). */
  title: string;
  /** Loads the data; what it writes to `io.stderr` (warnings) is shown under the header. */
  load(io: Io): Promise<T>;
  print(io: Io, data: T, rows: number): void;
}

/** Adds `--live` and `--refresh SECONDS` to a report command. */
export function addLiveOptions(command: Command): Command {
  return command
    .option(
      '--live',
      'redraw the report on the terminal every few seconds from the index (q or Ctrl-C quits)',
    )
    .option('--refresh <seconds>', `seconds between redraws with --live (default ${defaultRefreshSeconds})`);
}

export interface LiveFlags {
  live?: boolean;
  refresh?: string;
  json?: boolean;
}

/**
 * The refresh period when `--live` is asked for and can run (else a usage error), undefined without it
 * (`--refresh` alone is a usage error too).
 */
export function liveRefresh(io: Io, flags: LiveFlags): number | undefined {
  if (!flags.live) {
    if (flags.refresh !== undefined)
      throw new CliError('Option --refresh goes with --live; add --live or drop --refresh.', {
        exitCode: exitCodes.usage,
      });
    return undefined;
  }
  const seconds = parseRefresh(flags.refresh);
  checkLive(io, flags);
  return seconds;
}

/** `--refresh SECONDS`: a number of seconds from 0.5 to 3600. */
export function parseRefresh(value: string | undefined): number {
  if (value === undefined) return defaultRefreshSeconds;
  const seconds = /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (seconds >= minRefreshSeconds && seconds <= maxRefreshSeconds) return seconds;
  throw new CliError(
    `Option --refresh needs a number of seconds from ${minRefreshSeconds} to ${maxRefreshSeconds}, got ${quote(value)}.`,
    { exitCode: exitCodes.usage },
  );
}

/** Refuses `--live` where it cannot draw (a pipe, a file) or with `--json`: a usage error. */
export function checkLive(io: Io, flags: { json?: boolean }): void {
  if (flags.json)
    throw new CliError('--live draws on a terminal and cannot be combined with --json; drop one of them.', {
      exitCode: exitCodes.usage,
    });
  if (!io.stdout.isTTY)
    throw new CliError(
      '--live draws on a terminal and standard output is not one; run without --live to print the report once.',
      { exitCode: exitCodes.usage },
    );
}

/** Runs the live view until the user quits; resolves when the terminal is put back. */
export async function runLive<T>(io: Io, refreshSeconds: number, source: LiveSource<T>): Promise<void> {
  const out = unguarded(io.stdout) as NodeJS.WritableStream & { rows?: number; columns?: number };
  const stdin = io.stdin?.() as (NodeJS.ReadStream & { setRawMode?: (raw: boolean) => void }) | undefined;
  const colors = colorsFor(io);
  let restored = false;
  let stop: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => {
    stop = resolve;
  });
  const onKey = (chunk: Buffer | string) => {
    const text = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    if (/[qQ\u0003\u0004]/.test(text)) stop();
  };
  const onSignal = () => stop();
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  // The last resort: a process that exits some other way still gets its terminal back.
  const onExit = () => restore();
  let wake: () => void = () => undefined;
  const onResize = () => wake();
  const raw = stdin?.isTTY === true && typeof stdin.setRawMode === 'function';

  function restore(): void {
    if (restored) return;
    restored = true;
    // Writes to a terminal are synchronous: this reaches it before the process ends, also from 'exit'.
    out.write(leave);
    if (raw) stdin?.setRawMode?.(false);
    stdin?.off('data', onKey);
    stdin?.pause();
    for (const signal of signals) process.off(signal, onSignal);
    process.off('exit', onExit);
    (out as NodeJS.EventEmitter).off?.('resize', onResize);
  }

  process.on('exit', onExit);
  for (const signal of signals) process.on(signal, onSignal);
  out.write(enter);
  try {
    if (stdin) {
      if (raw) stdin.setRawMode?.(true);
      stdin.on('data', onKey);
      stdin.resume();
    }
    (out as NodeJS.EventEmitter).on?.('resize', onResize);
    let first = true;
    let problem: string | undefined;
    let data: T | undefined;
    let quit = false;
    void stopped.then(() => {
      quit = true;
      wake();
    });
    let notes: string[] = [];
    const draw = (lines: string[]) =>
      out.write(`${esc}H${lines.map((line) => `${line}${esc}K`).join('\r\n')}${esc}J`);
    const header = () =>
      colors.dim(
        `${source.title} --live · every ${refreshSeconds}s · ${new Date().toISOString().slice(11, 19)} UTC · q or Ctrl-C to quit`,
      );
    draw([header(), colors.dim('reading the logs...')]);
    while (!quit) {
      const messages: string[] = [];
      // Quitting does not wait for a long refresh (a cold index): the terminal is put back at once, and
      // the refresh ends its transaction in the background (a second Ctrl-C, a signal again, stops it).
      const loaded = await Promise.race([
        source.load({ ...io, stderr: sinkOf(messages, false, 0) }).then(
          (value) => ({ value }),
          (error: unknown) => ({ error }),
        ),
        stopped.then(() => undefined),
      ]);
      if (loaded === undefined) break;
      if ('value' in loaded) {
        data = loaded.value;
        problem = undefined;
      } else {
        // The first frame's failure is the command's; later ones (a locked index) are shown and retried.
        if (first) throw loaded.error;
        const error = loaded.error;
        problem = terminalText(error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error));
      }
      notes = guardTerminal(messages.join(''), false)
        .split('\n')
        .filter((line) => line.trim() !== '')
        .slice(-3);
      first = false;
      if (quit) break;
      const height = Math.max(3, out.rows || 24);
      const width = Math.max(20, out.columns || 80);
      const top = [
        header(),
        ...(problem === undefined ? [] : [colors.yellow(`refresh failed: ${problem}; trying again`)]),
        ...notes.map((note) => colors.dim(note)),
        '',
      ];
      const body =
        data === undefined
          ? []
          : fitFrame(io, width, height - top.length, (frameIo, rows) =>
              source.print(frameIo, data as T, rows),
            );
      draw([...top, ...body]);
      await new Promise<void>((resolve) => {
        if (quit) return resolve();
        const timer = setTimeout(resolve, refreshSeconds * 1000);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  } finally {
    restore();
  }
}

/**
 * The frame's lines: printed with as many table rows as fit in `height` lines (fewer and fewer until they
 * do), cut with a last line saying so when even one row does not fit.
 */
function fitFrame(
  io: Io,
  width: number,
  height: number,
  print: (frameIo: Io, rows: number) => void,
): string[] {
  let rows = Math.max(1, height);
  for (;;) {
    const lines = capture(io, width, (frameIo) => print(frameIo, rows));
    if (lines.length <= height) return lines;
    if (rows === 1) {
      const cut = lines.slice(0, Math.max(0, height - 1));
      return [...cut, colorsFor(io).dim(`(${lines.length - cut.length} more lines: enlarge the terminal)`)];
    }
    rows = Math.max(1, rows - Math.ceil((lines.length - height) / 2));
  }
}

/** What `print` writes, as lines made safe for the terminal (colours kept when they are on). */
function capture(io: Io, width: number, print: (frameIo: Io) => void): string[] {
  const chunks: string[] = [];
  const sink = sinkOf(chunks, true, width);
  const colorsOn = !('NO_COLOR' in io.env) && io.env.TERM !== 'dumb';
  print({ ...io, stdout: sink, stderr: sink, env: { ...io.env, COLUMNS: String(width) } });
  return guardTerminal(chunks.join(''), colorsOn).replace(/\n+$/, '').split('\n');
}

/** A stream that collects what is written into `chunks`, as a terminal of `width` columns or not one. */
function sinkOf(chunks: string[], tty: boolean, width: number) {
  return Object.assign(
    new Writable({
      write(chunk: Buffer | string, _encoding, callback) {
        chunks.push(typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
        callback();
      },
    }),
    tty ? { isTTY: true, columns: width } : { isTTY: false },
  );
}
