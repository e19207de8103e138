import path from 'node:path';
import { Writable } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import Table from 'cli-table3';
import { createColors } from 'picocolors';
import { formatNumber } from '../analytics/format-number.js';

/** Where a command writes, and how: injected so tests can capture output. */
export interface Io {
  stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export function processIo(): Io {
  return { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() };
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

/** Colours only on a TTY and only when `NO_COLOR` is unset (https://no-color.org). */
export function colorsFor(io: Io, stream: 'stdout' | 'stderr' = 'stdout') {
  const target = io[stream];
  const enabled = Boolean(target.isTTY) && !('NO_COLOR' in io.env) && io.env.TERM !== 'dumb';
  return createColors(enabled || 'FORCE_COLOR' in io.env);
}

export function formatPercent(value: number, digits = 1): string {
  return `${(value * 100).toFixed(digits)}%`;
}

export interface TableOptions {
  head: string[];
  rows: (string | number)[][];
  /** Columns (by index) aligned right: numbers. */
  numeric?: number[];
}

/** A table sized to the terminal width (cli-table3); plain borders so it copies well. */
export function renderTable(io: Io, options: TableOptions): string {
  const colors = colorsFor(io);
  const numeric = new Set(options.numeric ?? []);
  const layout = fitColumns(io, options);
  const keep = (_: unknown, i: number) => i < layout.columns;
  const table = new Table({
    head: options.head.filter(keep).map((h) => colors.bold(h)),
    style: { head: [], border: [] },
    colAligns: options.head.filter(keep).map((_, i) => (numeric.has(i) ? 'right' : 'left')),
    wordWrap: false,
    ...(layout.widths ? { colWidths: layout.widths } : {}),
  });
  for (const row of options.rows) {
    table.push(row.filter(keep).map((cell) => (typeof cell === 'number' ? formatNumber(cell) : cell)));
  }
  const hidden = options.head.length - layout.columns;
  const note =
    hidden > 0
      ? `\n${colors.dim(`(${hidden} column${hidden === 1 ? '' : 's'} hidden to fit the terminal: ${options.head.slice(layout.columns).join(', ')}; widen it or use --json)`)}`
      : '';
  return `${table.toString()}${note}`;
}

/**
 * Column widths for a terminal, one line per row (cells cut with an ellipsis, never wrapped). When the
 * natural widths do not fit, columns give up width in this order: long text columns down to 20 characters,
 * number columns down to their values (the header is cut, never a number), text columns down to 6, and the
 * first column (the row's key) last, down to 12. If even that is too wide, the right-most columns are left out.
 */
function fitColumns(io: Io, options: TableOptions): { columns: number; widths?: number[] } {
  const width = io.stdout.columns;
  const all = options.head.length;
  if (!width || !io.stdout.isTTY) return { columns: all };
  const numeric = new Set(options.numeric ?? []);
  const cellWidths = options.head.map((_, i) =>
    Math.max(
      0,
      ...options.rows.map(
        (r) =>
          stripVTControlCharacters(String(typeof r[i] === 'number' ? formatNumber(r[i]) : (r[i] ?? '')))
            .length,
      ),
    ),
  );
  const natural = options.head.map((h, i) => Math.max(h.length, cellWidths[i] ?? 0) + 2);
  const text = (i: number) => i > 0 && !numeric.has(i);
  const phases: { applies: (i: number) => boolean; floor: (i: number) => number }[] = [
    { applies: (i) => !numeric.has(i), floor: () => 22 },
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

export function writeJson(io: Io, value: unknown): void {
  io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

export function writeLine(io: Io, line = ''): void {
  io.stdout.write(`${line}\n`);
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
