import path from 'node:path';
import { Writable } from 'node:stream';
import Table from 'cli-table3';
import { createColors } from 'picocolors';

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

const numberFormat = new Intl.NumberFormat('en-US');

/** Thousands separators for tables; JSON output keeps raw numbers. */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

export function formatPercent(value: number, digits = 1): string {
  return `${(value * 100).toFixed(digits)}%`;
}

export function formatDuration(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms)) return '-';
  if (ms < 1000) return `${Math.round(ms)}ms`;
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${Math.round(s % 60)}s`;
  const h = Math.floor(m / 60);
  return `${h}h ${m % 60}m`;
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
  const table = new Table({
    head: options.head.map((h) => colors.bold(h)),
    style: { head: [], border: [] },
    colAligns: options.head.map((_, i) => (numeric.has(i) ? 'right' : 'left')),
    wordWrap: true,
    ...columnWidths(io, options),
  });
  for (const row of options.rows) {
    table.push(row.map((cell) => (typeof cell === 'number' ? formatNumber(cell) : cell)));
  }
  return table.toString();
}

function columnWidths(io: Io, options: TableOptions): { colWidths?: (number | null)[] } {
  const width = io.stdout.columns;
  if (!width || !io.stdout.isTTY) return {};
  const natural = options.head.map(
    (h, i) =>
      Math.max(
        h.length,
        ...options.rows.map(
          (r) => String(typeof r[i] === 'number' ? formatNumber(r[i]) : (r[i] ?? '')).length,
        ),
      ) + 2,
  );
  const total = natural.reduce((a, b) => a + b, 0) + natural.length + 1;
  if (total <= width) return {};
  // Shrink the widest columns until the table fits the terminal.
  const widths = [...natural];
  let excess = total - width;
  while (excess > 0) {
    const widest = widths.indexOf(Math.max(...widths));
    if ((widths[widest] ?? 0) <= 8) break;
    widths[widest] = (widths[widest] ?? 0) - 1;
    excess -= 1;
  }
  return { colWidths: widths };
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
