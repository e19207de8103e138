/**
 * `agentlog statusline`: the status line command of Claude Code. Reads the JSON Claude Code passes on stdin,
 * brings the index up to date for the named transcript alone (its file and its subagent files), and prints
 * one line from the stored rows: model, this session's cost, today's cost, the active block's cost, time
 * left and burn rate, and the last request's context. Whatever goes wrong it prints a line and exits 0 (a
 * status line has nowhere to show an error); only a bad command line (an unknown `--format` placeholder,
 * an unknown option) exits 2. `AGENTLOG_NOW` (an ISO time) pins the clock, as for `blocks`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Command, Option } from 'commander';
import { createColors } from 'picocolors';
import { resolveCacheDir } from '../../cache/cache-location.js';
import { openIndex } from '../../cache/open-index.js';
import { type Io, writeJson, writeLine } from '../output.js';
import { packageVersion } from '../package-version.js';
import { createKeyedPricer } from '../pricer.js';
import { refreshTranscript } from '../refresh-transcript.js';
import { inputFigures, type StatuslineFlags, statusFigures } from '../statusline-figures.js';
import { parseStatusInput, type StatusInput } from '../statusline-input.js';
import {
  checkFormat,
  defaultLine,
  formatLine,
  placeholders,
  type StatusFigures,
} from '../statusline-line.js';
import { releaseLock } from '../statusline-refresh.js';
import { storeUnitCosts } from '../statusline-session.js';
import { addTimeZoneOption, parseTimeZone } from '../time-zone-option.js';

/** A status line must not hang: stdin is read for this long at most. */
const stdinTimeoutMs = 2000;

export function registerStatuslineCommand(program: Command, io: Io): void {
  const command = program
    .command('statusline')
    .description(
      "Claude Code's status line: model, session and today's cost, the active block, burn rate and context used, from the JSON on stdin",
    )
    .option('--format <template>', 'the line as a template of {placeholders} (listed below)')
    .option('--json', 'print the figures as JSON')
    .option('--input <file>', 'read the status line JSON from a file instead of stdin')
    .option('--pricing <file>', 'a JSON pricing file that overrides the built-in prices')
    .option(
      '--offline',
      'use the prices shipped with agentlog, not those "agentlog pricing update" downloaded',
    )
    .option(
      '--cache-dir <dir>',
      'where the index cache lives (default: $AGENTLOG_CACHE_DIR, $XDG_CACHE_HOME/agentlog or ~/.cache/agentlog)',
    )
    .option(
      '--no-cache',
      'read the session without the index cache (then no figure across sessions: today, block)',
    )
    .option('--no-color', 'no colours (also with NO_COLOR set)');
  addTimeZoneOption(command)
    .addHelpText(
      'after',
      [
        '',
        'Placeholders for --format (a value not known shows as -):',
        ...placeholders.map(([name, help]) => `  {${name}}`.padEnd(20) + help),
        '',
        'Only the transcript named on stdin (and its subagent files) is read: lines appended since the index',
        'read it are added to the stored rows, and a refresher brings the index up to date in the background.',
        'The other figures come from the stored rows (Codex limits: as the last run that read the rollouts',
        'stored them).',
        'Today is the local day (--timezone). The context is the input, cache read and',
        "cache write tokens of the session's last request, of a 200k window, or 1M when the model id ends",
        'in [1m] or Claude Code reports exceeds_200k_tokens. Colours are on unless NO_COLOR or --no-color.',
        'It always prints a line and exits 0, except for a bad command line (exit 2).',
        'AGENTLOG_NOW=<ISO time> measures at that time instead of now.',
        '',
        'In ~/.claude/settings.json: {"statusLine": {"type": "command", "command": "agentlog statusline"}}',
      ].join('\n'),
    )
    .addOption(new Option('--refresh-index <transcript>').hideHelp())
    .action(async (flags: StatuslineFlags) => {
      if (flags.refreshIndex !== undefined) return refresher(io, flags, flags.refreshIndex);
      if (flags.format !== undefined) checkFormat(flags.format);
      const timeZone = parseTimeZone(flags.timezone);
      const enabled = flags.color !== false && !('NO_COLOR' in io.env);
      const colors = createColors(enabled);
      let input: StatusInput = {};
      let figures: StatusFigures;
      try {
        input = parseStatusInput(await readInput(io, flags));
        figures = await statusFigures(io, flags, input, timeZone);
      } catch (error) {
        // Anything at all: the line from what the input says, the reason on stderr in one sentence.
        figures = inputFigures(input);
        const reason = error instanceof Error ? error.message : String(error);
        io.stderr.write(`agentlog statusline: ${reason.split('\n')[0]}\n`);
      }
      if (flags.json) writeJson(io, figures);
      else
        writeLine(
          io,
          flags.format === undefined
            ? defaultLine(figures, colors)
            : formatLine(flags.format, figures, colors),
        );
    });
}

/** The background refresher: brings the index up to date for one transcript, prints nothing, frees the lock. */
async function refresher(io: Io, flags: StatuslineFlags, transcript: string): Promise<void> {
  const cacheDir = resolveCacheDir(io.env, flags.cacheDir);
  if (cacheDir === undefined) return;
  // The lowest priority: the status line calls that come meanwhile (and the agent itself) go first.
  try {
    (await import('node:os')).setPriority(19);
  } catch {
    // Not allowed here: it runs at the caller's priority.
  }
  try {
    const index = openIndex({ cacheDir, agentlogVersion: packageVersion(), busyTimeoutMs: 60_000 });
    try {
      const main = await refreshTranscript(index, path.resolve(io.cwd, transcript));
      // The totals the next calls read, priced as they price (the caller's pricing flags came along).
      if (main !== undefined) storeUnitCosts(index.db, main, await createKeyedPricer(flags, io));
    } finally {
      index.db.close();
    }
  } catch {
    // The next call shows the appended requests again and starts another refresher.
  } finally {
    releaseLock(cacheDir);
  }
}

/** The JSON from `--input FILE`, else stdin (none when stdin is a terminal); at most `stdinTimeoutMs`. */
async function readInput(io: Io, flags: StatuslineFlags): Promise<string> {
  if (flags.input !== undefined) return readFileSync(path.resolve(io.cwd, flags.input), 'utf8');
  const stream = io.stdin?.();
  if (!stream || stream.isTTY) return '';
  const chunks: Buffer[] = [];
  let timer: NodeJS.Timeout | undefined;
  const read = (async () => {
    for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  })();
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, stdinTimeoutMs);
  });
  read.catch(() => undefined);
  const done = await Promise.race([read.then(() => true), timeout.then(() => false)]);
  clearTimeout(timer);
  // Not waited for past the timeout (whatever came is the input), nor kept open to hold the process.
  if (!done && 'destroy' in stream && typeof stream.destroy === 'function') stream.destroy();
  return Buffer.concat(chunks).toString('utf8');
}
