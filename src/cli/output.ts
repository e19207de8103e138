import path from 'node:path';
import { Writable } from 'node:stream';
import { createColors } from 'picocolors';
import { countOf, formatNumber } from '../analytics/format-number.js';
import { displayWidth, fitWidth, guardTerminal, terminalText } from '../analytics/terminal-text.js';
import type { ResponseRecorder } from './response-recorder.js';

/** Where a command writes, and how: injected so tests can capture output. */
export interface Io {
  stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Standard input, opened when a command reads it (`statusline`); absent in tests that give none. */
  stdin?: () => NodeJS.ReadableStream & { isTTY?: boolean };
  /** Set when this run's output may be kept as a response memo: what the run looks at goes there. */
  response?: ResponseRecorder;
}

export function processIo(): Io {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
    stdin: () => process.stdin,
  };
}

/** An Io that collects everything written, for tests. */
export function memoryIo(
  env: NodeJS.ProcessEnv = {},
  cwd = process.cwd(),
): Io & { out(): string; err(): string } {
  const chunks = { out: [] as string[], err: [] as string[] };
  const sink = (into: string[]) =>
    new Writable({
      write(chunk: Buffer | string, _encoding, callback) {
        into.push(typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
        callback();
      },
    });
  return {
    stdout: sink(chunks.out),
    stderr: sink(chunks.err),
    env,
    cwd,
    out: () => chunks.out.join(''),
    err: () => chunks.err.join(''),
  };
}

/**
 * One warning on stderr per file a command could not read or left out (`onSkip`'s messages, which quote
 * paths), escaped for the terminal: a file name cannot start a line of its own.
 */
export function printSkipped(io: Io, messages: Iterable<string>): void {
  const colors = colorsFor(io, 'stderr');
  for (const message of messages)
    io.stderr.write(`${colors.yellow('warning')}: ${terminalText(message)} Skipped.\n`);
}

/** Colours only on a TTY and only when `NO_COLOR` is unset (https://no-color.org). */
export function colorsFor(io: Io, stream: 'stdout' | 'stderr' = 'stdout') {
  return createColors(colorsEnabled(io, stream));
}

function colorsEnabled(io: Io, stream: 'stdout' | 'stderr'): boolean {
  const enabled = Boolean(io[stream].isTTY) && !('NO_COLOR' in io.env) && io.env.TERM !== 'dumb';
  return enabled || 'FORCE_COLOR' in io.env;
}

export function formatPercent(value: number, digits = 1): string {
  return `${(value * 100).toFixed(digits)}%`;
}

/** A cell the CLI itself styles (the usage table's bold "Total"): the style is applied after measuring. */
export interface StyledCell {
  text: string;
  style: (text: string) => string;
}

export type TableCell = string | number | StyledCell;

export interface TableOptions {
  head: string[];
  rows: TableCell[][];
  /** Columns (by index) aligned right: numbers. */
  numeric?: number[];
  /**
   * Columns (by index) to leave out, in this order, while the table would not fit with each text column at
   * 16 columns or its natural width: the less useful columns go before the others are cut.
   */
  dropOrder?: number[];
}

/**
 * The width to fit output to: `COLUMNS` when set to a whole number (also when stdout is piped, so that
 * `COLUMNS=100 agentlog ls | less` fits 100 columns), else the terminal's width; undefined for a pipe
 * without `COLUMNS` (no limit).
 */
export function terminalWidth(io: Io): number | undefined {
  const fromEnv = io.env.COLUMNS?.trim();
  if (fromEnv && /^\d+$/.test(fromEnv) && Number(fromEnv) > 0) return Number(fromEnv);
  return io.stdout.isTTY && io.stdout.columns ? io.stdout.columns : undefined;
}

/**
 * A table sized to the terminal width, one line per row, plain borders so it copies well. Every cell is made
 * safe for the terminal (`terminalText`) before it is measured, and widths are terminal columns (a wide or
 * emoji character takes two), so every line of the table has the same width on screen.
 */
export function renderTable(io: Io, given: TableOptions): string {
  const colors = colorsFor(io);
  const plain = (cell: TableCell) =>
    typeof cell === 'number' ? formatNumber(cell) : terminalText(typeof cell === 'string' ? cell : cell.text);
  const kept = keptColumns(io, {
    head: given.head.map((h) => terminalText(h)),
    rows: given.rows.map((row) => row.map(plain)),
    numeric: given.numeric ?? [],
    dropOrder: given.dropOrder ?? [],
  });
  const dropped = given.head.filter((_, i) => !kept.includes(i)).map((h) => terminalText(h));
  const options = {
    head: kept.map((i) => given.head[i] ?? ''),
    rows: given.rows.map((row) => kept.map((i) => row[i] ?? '')),
    numeric: kept.flatMap((i, at) => (given.numeric?.includes(i) ? [at] : [])),
  };
  const numeric = new Set(options.numeric);
  const safe = {
    ...options,
    head: options.head.map((h) => terminalText(h)),
    rows: options.rows.map((row) => row.map(plain)),
  };
  const styles = options.rows.map((row) =>
    row.map((cell) => (typeof cell === 'object' ? cell.style : undefined)),
  );
  const layout = fitColumns(io, safe);
  const head = safe.head.slice(0, layout.columns);
  const rows = safe.rows.map((row) => row.slice(0, layout.columns));
  const widths =
    layout.widths ??
    head.map((h, i) => Math.max(displayWidth(h), ...rows.map((r) => displayWidth(r[i] ?? ''))) + 2);
  const rule = (left: string, middle: string, right: string) =>
    `${left}${widths.map((w) => '─'.repeat(w)).join(middle)}${right}`;
  const line = (row: string[], rowStyles: ((text: string) => string)[]) =>
    `│${widths
      .map((w, i) => {
        const text = fitWidth(row[i] ?? '', w - 2);
        const style = rowStyles[i] ?? ((t: string) => t);
        const pad = ' '.repeat(Math.max(0, w - 2 - displayWidth(text)));
        return numeric.has(i) ? ` ${pad}${style(text)} ` : ` ${style(text)}${pad} `;
      })
      .join('│')}│`;
  const lines = [
    rule('┌', '┬', '┐'),
    line(
      head,
      head.map(() => colors.bold),
    ),
  ];
  rows.forEach((row, r) => {
    lines.push(
      rule('├', '┼', '┤'),
      line(
        row,
        (styles[r] ?? []).map((s) => s ?? ((t: string) => t)),
      ),
    );
  });
  lines.push(rule('└', '┴', '┘'));
  const hiddenNames = [...dropped, ...safe.head.slice(layout.columns)];
  const hidden = hiddenNames.length;
  const note =
    hidden > 0
      ? `\n${wrapWords(
          `(${hidden} column${hidden === 1 ? '' : 's'} hidden to fit the terminal: ${hiddenNames.join(', ')}; widen it or use --json)`,
          terminalWidth(io),
        )
          .map((line) => colors.dim(line))
          .join('\n')}`
      : '';
  return `${lines.join('\n')}${note}`;
}

/**
 * `text` in lines of at most `width` columns (one line when the width is not known), cut between words; lines
 * after the first start with `indent` (a list item's hanging indent).
 */
function wrapWords(text: string, width: number | undefined, indent = ''): string[] {
  if (width === undefined || displayWidth(text) <= width) return [text];
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line !== indent && displayWidth(line) + 1 + displayWidth(word) > width) {
      lines.push(line);
      line = `${indent}${word}`;
    } else line = line === '' || line === indent ? `${line}${word}` : `${line} ${word}`;
  }
  lines.push(line);
  return lines;
}

/** The columns kept after `dropOrder` has left out what does not fit comfortably (see `TableOptions`). */
function keptColumns(
  io: Io,
  table: { head: string[]; rows: string[][]; numeric: number[]; dropOrder: number[] },
): number[] {
  const kept = table.head.map((_, i) => i);
  const width = terminalWidth(io);
  if (width === undefined) return kept;
  const comfortable = (i: number) => {
    const natural = Math.max(
      displayWidth(table.head[i] ?? ''),
      ...table.rows.map((r) => displayWidth(r[i] ?? '')),
    );
    return (table.numeric.includes(i) ? natural : Math.min(natural, 16)) + 3;
  };
  const total = () => kept.reduce((sum, i) => sum + comfortable(i), 1);
  for (const column of table.dropOrder) {
    if (total() <= width) break;
    kept.splice(kept.indexOf(column), 1);
  }
  return kept;
}

/**
 * Column widths for a terminal, one line per row (cells cut with an ellipsis, never wrapped). When the
 * natural widths do not fit, columns give up width in this order: long text columns down to 20 characters,
 * then 16 (where `dropOrder` counts them), number columns down to their values (the header is cut, never a
 * number), text columns down to 6, and the first column (the row's key) last, down to 12. If even that is too
 * wide, the right-most columns are left out.
 */
function fitColumns(
  io: Io,
  options: { head: string[]; rows: string[][]; numeric?: number[] },
): { columns: number; widths?: number[] } {
  const width = terminalWidth(io);
  const all = options.head.length;
  if (width === undefined) return { columns: all };
  const numeric = new Set(options.numeric ?? []);
  const cellWidths = options.head.map((_, i) =>
    Math.max(0, ...options.rows.map((r) => displayWidth(r[i] ?? ''))),
  );
  const natural = options.head.map((h, i) => Math.max(displayWidth(h), cellWidths[i] ?? 0) + 2);
  const text = (i: number) => i > 0 && !numeric.has(i);
  const phases: { applies: (i: number) => boolean; floor: (i: number) => number }[] = [
    { applies: (i) => !numeric.has(i), floor: () => 22 },
    // The width `dropOrder` counts a text column at (16): a table that kept its columns for it fits there.
    { applies: (i) => !numeric.has(i), floor: () => 18 },
    { applies: (i) => numeric.has(i), floor: (i) => Math.max(5, (cellWidths[i] ?? 0) + 2) },
    { applies: text, floor: () => 8 },
    { applies: (i) => i === 0, floor: () => 14 },
  ];
  const totalOf = (widths: number[]) => widths.reduce((a, b) => a + b, 0) + widths.length + 1;
  const narrowest = (n: number) =>
    totalOf(
      natural
        .slice(0, n)
        .map((w, i) => Math.min(w, ...phases.filter((p) => p.applies(i)).map((p) => p.floor(i)))),
    );
  let columns = all;
  while (columns > 1 && narrowest(columns) > width) columns -= 1;
  const widths = natural.slice(0, columns);
  let excess = totalOf(widths) - width;
  if (excess <= 0) return columns === all ? { columns } : { columns, widths };
  for (const phase of phases) {
    const candidates = widths.map((_, i) => i).filter(phase.applies);
    while (excess > 0) {
      const open = candidates.filter((i) => (widths[i] ?? 0) > phase.floor(i));
      if (open.length === 0) break;
      const widest = open.reduce((best, i) => ((widths[i] ?? 0) > (widths[best] ?? 0) ? i : best));
      widths[widest] = (widths[widest] ?? 0) - 1;
      excess -= 1;
    }
  }
  return { columns, widths };
}

/**
 * JSON as a program reads it. `JSON.stringify` escapes the C0 controls (ESC included) but leaves DEL, the C1
 * controls and the bidi characters raw; they are written as `\uXXXX` escapes too, so the output parses to the
 * same values and is safe to print on a terminal (or to `cat` later).
 */
export function writeJson(io: Io, value: unknown): void {
  io.stdout.write(`${jsonText(value)}\n`);
}

export function jsonText(value: unknown, indent: number | undefined = 2): string {
  return (JSON.stringify(value, null, indent) ?? 'null').replace(
    /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const rawStream = Symbol('agentlog.rawStream');

/**
 * The stream under a guarded one, for output the CLI itself draws with control sequences (the progress bar
 * moves the cursor and clears its line) and that holds nothing from a log.
 */
export function unguarded<S extends NodeJS.WritableStream>(stream: S): S {
  return ((stream as unknown as Record<symbol, unknown>)[rawStream] as S | undefined) ?? stream;
}

/**
 * The last line of defence: what a command writes to a terminal goes through `guardTerminal`, so that a
 * value a command forgot to escape still cannot reach the terminal raw. stderr is always guarded (it only
 * carries messages); stdout only when it is a terminal, so that data piped to a file or a program (an export,
 * `--json`) is written byte for byte.
 */
export function guardedIo(io: Io): Io {
  const guard = <S extends NodeJS.WritableStream>(stream: S, allowColors: boolean): S =>
    new Proxy(stream, {
      get(target, property) {
        if (property === rawStream) return target;
        if (property === 'write')
          return (chunk: unknown, ...rest: unknown[]) => {
            const text =
              typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : chunk;
            return (target.write as (...args: unknown[]) => boolean)(
              typeof text === 'string' ? guardTerminal(text, allowColors) : text,
              ...rest,
            );
          };
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  return {
    ...io,
    stdout: io.stdout.isTTY ? guard(io.stdout, colorsEnabled(io, 'stdout')) : io.stdout,
    stderr: guard(io.stderr, colorsEnabled(io, 'stderr')),
  };
}

export function writeLine(io: Io, line = ''): void {
  io.stdout.write(`${line}\n`);
}

/**
 * Writes a sentence, cut between words into lines that fit the terminal (`terminalWidth`), as tables are:
 * `indent` starts the lines after the first (a list item), `style` is applied to each line (a colour).
 */
export function writeProse(
  io: Io,
  text: string,
  options: { indent?: string; style?: (line: string) => string } = {},
): void {
  const { indent = '', style = (line: string) => line } = options;
  writeLine(io, wrapWords(text, terminalWidth(io), indent).map(style).join('\n'));
}

/** A path as a person wants to read it: relative to the working directory when that is shorter. */
export function displayPath(io: Io, file: string): string {
  if (!path.isAbsolute(file)) return file;
  const relative = path.relative(io.cwd, file);
  return relative.length < file.length ? relative : file;
}

/** Re-exported for the pages (and commands) that format with the rest of this module. */
export { formatDuration } from '../analytics/format-duration.js';
export { formatNumber };

/** A count with its noun: "1 session", "2 sessions", "1,204 calls" (one wording with the viewer's). */
export const plural = countOf;
