import { createReadStream } from 'node:fs';
import { mkdtemp, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Session } from '../model/session.js';
import type { Redactor } from '../redaction/index.js';
import type { ExportDataset, RowContext } from './dataset.js';
import { convertNdjson } from './duckdb-convert.js';
import { type LineSink, lineSink } from './line-sink.js';

export const exportFormats = ['ndjson', 'csv', 'parquet'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** One dataset written in one format, to a file path or an open stream (left open). */
export interface ExportTarget {
  dataset: ExportDataset;
  format: ExportFormat;
  output: string | NodeJS.WritableStream;
}

export interface ExportOptions extends RowContext {
  /** Redacts each session before any row is made. */
  redactor?: Redactor;
  /** Where intermediate files go (NDJSON rows before DuckDB converts them); default: beside each output file. */
  tempDir?: string;
  /** Called after each top-level session. */
  onSession?: (session: Session) => void;
}

export interface ExportResult {
  /** Top-level sessions exported. */
  sessions: number;
  /** Rows written, by dataset name. */
  rows: Record<string, number>;
}

/**
 * Writes sessions as rows of one or more datasets, one top-level session at a time (memory holds one session
 * tree). NDJSON rows go straight to their output; CSV and Parquet rows go to an NDJSON file in a temporary
 * folder that DuckDB then converts. A file output appears only when complete (written under a temporary name,
 * then renamed); nothing is left behind on failure.
 */
export async function exportSessions(
  sessions: AsyncIterable<Session>,
  targets: readonly ExportTarget[],
  options: ExportOptions = {},
): Promise<ExportResult> {
  const temps = new Map<string, string>();
  const tempFor = async (output: string | NodeJS.WritableStream): Promise<string> => {
    const base = options.tempDir ?? (typeof output === 'string' ? path.dirname(output) : undefined);
    if (base === undefined)
      throw new Error('exportSessions needs tempDir to write CSV or Parquet to a stream');
    let dir = temps.get(base);
    if (dir === undefined) {
      dir = await mkdtemp(path.join(base, '.agentlog-export-'));
      temps.set(base, dir);
    }
    return dir;
  };
  const open: {
    target: ExportTarget;
    sink: LineSink;
    rowsFile?: string;
    partial?: string;
    tempDir?: string;
  }[] = [];
  const result: ExportResult = { sessions: 0, rows: {} };
  try {
    for (const [i, target] of targets.entries()) {
      result.rows[target.dataset.name] = 0;
      if (target.format === 'ndjson') {
        if (typeof target.output === 'string') {
          const partial = await partialName(target.output, await tempFor(target.output), i);
          open.push({ target, sink: lineSink(partial), partial });
        } else open.push({ target, sink: lineSink(target.output) });
        continue;
      }
      const tempDir = await tempFor(target.output);
      const rowsFile = path.join(tempDir, `${i}-${target.dataset.name}.ndjson`);
      open.push({ target, sink: lineSink(rowsFile), rowsFile, tempDir });
    }
    const context: RowContext = {
      ...(options.pricer ? { pricer: options.pricer } : {}),
      seenRequests: options.seenRequests ?? new Set(),
    };
    for await (const found of sessions) {
      const session = options.redactor ? await options.redactor.redact(found) : found;
      for (const entry of open) {
        for (const row of entry.target.dataset.rows(session, context)) {
          await entry.sink.write(JSON.stringify(row));
          result.rows[entry.target.dataset.name] = (result.rows[entry.target.dataset.name] ?? 0) + 1;
        }
      }
      result.sessions += 1;
      options.onSession?.(found);
    }
    // Every output is complete before any appears: convert all, then rename all.
    const ready: [string, string][] = [];
    for (const [i, entry] of open.entries()) {
      await entry.sink.close();
      const { target } = entry;
      if (entry.partial !== undefined && typeof target.output === 'string') {
        ready.push([entry.partial, target.output]);
        continue;
      }
      if (entry.rowsFile === undefined || entry.tempDir === undefined || target.format === 'ndjson') continue;
      const converted =
        typeof target.output === 'string'
          ? await partialName(target.output, entry.tempDir, i)
          : path.join(entry.tempDir, `${i}-out.${target.format}`);
      await convertNdjson(entry.rowsFile, converted, target.format, target.dataset.columns, {
        tempDir: entry.tempDir,
        longestLine: entry.sink.longest,
      });
      await rm(entry.rowsFile, { force: true });
      if (typeof target.output === 'string') ready.push([converted, target.output]);
      else await pipeline(createReadStream(converted), target.output, { end: false });
    }
    for (const [from, to] of ready) await rename(from, to);
    return result;
  } finally {
    for (const entry of open) await entry.sink.close().catch(() => undefined);
    for (const dir of temps.values()) await rm(dir, { recursive: true, force: true });
  }
}

async function partialName(output: string, tempDir: string, index: number): Promise<string> {
  return path.join(tempDir, `${index}-${path.basename(output)}.partial`);
}
