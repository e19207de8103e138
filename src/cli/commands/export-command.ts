import { createWriteStream, existsSync, mkdirSync, statSync, type WriteStream } from 'node:fs';
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import type { Command } from 'commander';
import { terminalText } from '../../analytics/terminal-text.js';
import {
  type ExportDatasetName,
  type ExportFormat,
  exportDatasetNames,
  exportDatasets,
  exportFormats,
  exportSessions,
  type TranscriptDetail,
  transcriptDetails,
  transcriptMarkdown,
} from '../../exporters/index.js';
import { holdsConversation } from '../../lifecycle/holds-conversation.js';
import { streamSessions } from '../../lifecycle/stream-sessions.js';
import type { Session } from '../../model/session.js';
import type { ArchiveFlags } from '../archive-source.js';
import { CliError, exitCodes, quote } from '../cli-error.js';
import {
  addAgentOption,
  addArchiveOptions,
  addFilterOptions,
  type FilterFlags,
  parseAgentOption,
  parseFilter,
} from '../filter-options.js';
import { findSession } from '../find-session.js';
import { fsFailure } from '../fs-failure.js';
import { demoDir, emptyFilesLine, isReadable } from '../load-data.js';
import { colorsFor, displayPath, formatNumber, type Io, plural, printSkipped } from '../output.js';
import { createPricer, offlineHelp } from '../pricer.js';
import { createProgress } from '../progress.js';
import { addRedactOptions, printRedactionSummary, type RedactFlags, redactorFor } from '../redact-options.js';
import { nothingFound, resolveInputs } from '../resolve-inputs.js';

interface DataExportFlags extends FilterFlags, RedactFlags {
  demo?: boolean;
  format: string;
  output?: string;
  pricing?: string;
  offline?: boolean;
}

interface TranscriptFlags extends RedactFlags, ArchiveFlags {
  in?: string[];
  format: string;
  detail: string;
  output?: string;
  agent?: string;
}

const extensions: Record<ExportFormat, string> = { ndjson: 'ndjson', csv: 'csv', parquet: 'parquet' };

/**
 * `agentlog export sessions|messages|tool_calls|usage|all` and `agentlog export transcript`. The dataset names
 * are the SQL tables' (`tool_calls`); `tool-calls` is accepted too.
 */
export function registerExportCommand(program: Command, io: Io): void {
  const exporter = program
    .command('export')
    .description(
      'Export sessions, messages, tool calls or usage as NDJSON, CSV or Parquet; a session as Markdown',
    )
    .addHelpText(
      'after',
      '\nDatasets and their columns are in the README ("Export"). Examples:\n' +
        '  agentlog export tool_calls --format parquet -o calls.parquet\n' +
        '  agentlog export all --format csv -o out/ --since 2026-01-01 --redact\n' +
        '  agentlog export transcript 29ccd257 --detail full > session.md',
    );
  for (const name of [...exportDatasetNames, 'all'] as const) {
    const command = exporter
      .command(name)
      .description(
        name === 'all'
          ? 'write every dataset into a folder (-o DIR): sessions, messages, tool_calls, usage'
          : `export ${exportDatasets[name].description}`,
      )
      .argument('[paths...]', 'files or folders (default: the log folders of every agent)')
      .option('--demo', 'export the demo sessions shipped with agentlog')
      .option('--format <format>', 'ndjson, csv or parquet', 'ndjson')
      .option(
        '-o, --output <path>',
        name === 'all'
          ? 'the folder to write <dataset>.<format> files into'
          : 'a file, or a folder to write <dataset>.<format> into (default: stdout; parquet needs a file or a pipe)',
      )
      .option('--pricing <file>', 'prices for the cost columns (see agentlog usage)')
      .option('--offline', offlineHelp);
    if (name.includes('_')) command.alias(name.replaceAll('_', '-'));
    addRedactOptions(addFilterOptions(command)).action(async (paths: string[], flags: DataExportFlags) =>
      exportData(name, paths, flags, io),
    );
  }
  addRedactOptions(
    addArchiveOptions(
      addAgentOption(
        exporter
          .command('transcript')
          .description('export one session as a Markdown transcript, tool calls summarised per tool')
          .argument('<session>', 'a transcript file, or a session id (or id prefix) found in the log folders')
          .option(
            '--in <paths...>',
            'look for the session id in these files or folders instead of the log folders',
          )
          .option('--format <format>', 'md (Markdown)', 'md')
          .option(
            '--detail <level>',
            'user (prompts and answers), minimal (plus one line per call), full',
            'minimal',
          )
          .option('-o, --output <file>', 'the file to write (default: stdout)'),
      ),
    ),
  ).action(async (target: string, flags: TranscriptFlags) => exportTranscript(target, flags, io));
}

async function exportData(
  name: ExportDatasetName | 'all',
  paths: string[],
  flags: DataExportFlags,
  io: Io,
): Promise<void> {
  const format = choice(flags.format, exportFormats, '--format');
  const filter = parseFilter(flags);
  if (name === 'all' && flags.output === undefined)
    throw new CliError('Export all needs a folder: pass -o DIR.', { exitCode: exitCodes.usage });
  if (flags.output === undefined && format === 'parquet' && io.stdout.isTTY)
    throw new CliError('Parquet is binary: pass -o FILE, or redirect stdout to a file.', {
      exitCode: exitCodes.usage,
    });
  const redactor = await redactorFor(flags, io);
  const pricer = await createPricer(flags, io);
  if (flags.demo && paths.length > 0)
    throw new CliError('Use either --demo or PATHs, not both.', { exitCode: exitCodes.usage });
  const inputs = await resolveInputs(
    flags.demo ? [demoDir()] : paths,
    io,
    flags.demo ? { archive: false } : flags,
  );
  if (inputs.files.length === 0) throw nothingFound(inputs.searched);
  const names: ExportDatasetName[] = name === 'all' ? [...exportDatasetNames] : [name];
  const outputs = resolveOutputs(names, format, flags.output, inputs.searched, io);
  // A device or a pipe given as -o (/dev/null, /dev/stdout, a FIFO) is written to, never replaced by a
  // renamed file; its errors (ENOSPC on /dev/full) come back through `finished` below.
  const streams: (WriteStream | undefined)[] = outputs.map((o) =>
    o !== undefined && isSpecialFile(o) ? createWriteStream(o) : undefined,
  );
  for (const stream of streams) stream?.on('error', () => undefined);
  const allStreams = outputs.every((o, i) => o === undefined || streams[i] !== undefined);

  const tempDir = allStreams ? await mkdtemp(path.join(os.tmpdir(), 'agentlog-export-')) : undefined;
  const progress = createProgress(io, 'Exporting');
  const warnings: string[] = [];
  try {
    const left = { empty: 0, unreadable: 0 };
    const result = await exportSessions(
      withConversation(
        streamSessions(inputs.files, {
          filter,
          onProgress: progress.update,
          onSkip: (_path, message) => warnings.push(message),
        }),
        left,
      ),
      names.map((n, i) => ({
        dataset: exportDatasets[n],
        format,
        output: streams[i] ?? outputs[i] ?? io.stdout,
      })),
      {
        pricer,
        ...(redactor ? { redactor } : {}),
        ...(tempDir ? { tempDir } : {}),
      },
    );
    for (const stream of streams) {
      stream?.end();
      if (stream) await finished(stream);
    }
    progress.stop();
    const colors = colorsFor(io, 'stderr');
    printSkipped(io, warnings);
    if (result.sessions === 0) io.stderr.write(`${colors.yellow('warning')}: No sessions match.\n`);
    if (flags.output !== undefined) {
      const counts = names.map((n) => plural(result.rows[n] ?? 0, `${n} row`));
      const list = counts.length > 1 ? `${counts.slice(0, -1).join(', ')} and ${counts.at(-1)}` : counts[0];
      const where =
        name === 'all'
          ? displayPath(io, path.resolve(io.cwd, flags.output))
          : displayPath(io, outputs[0] ?? '');
      io.stderr.write(
        `Exported ${list} (${formatNumber(result.sessions)} top-level session${result.sessions === 1 ? '' : 's'}) to ${where}.\n`,
      );
    }
    // Files that are no session, left out as ls leaves them out: said after the summary.
    if (left.unreadable > 0)
      io.stderr.write(
        `${plural(left.unreadable, 'file')} with no readable line (${left.unreadable === 1 ? 'not a session' : 'not sessions'}), not exported: agentlog validate shows where.\n`,
      );
    const empty = emptyFilesLine(left.empty, 'exported');
    if (empty !== undefined) io.stderr.write(`${empty}\n`);
    if (redactor) printRedactionSummary(redactor, io);
  } catch (error) {
    throw writeFailure(error, outputs.length === 1 ? outputs[0] : undefined);
  } finally {
    for (const stream of streams) stream?.destroy();
    progress.stop();
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  }
}

/**
 * The sessions `ls` lists: a file that holds no conversation (metadata only, or not one readable line)
 * is no session and is left out of every dataset, counted in `left`.
 */
async function* withConversation(
  sessions: AsyncIterable<Session>,
  left: { empty: number; unreadable: number },
): AsyncGenerator<Session> {
  for await (const session of sessions) {
    if (holdsConversation(session)) yield session;
    else if (isReadable(session)) left.empty += 1;
    else left.unreadable += 1;
  }
}

async function exportTranscript(target: string, flags: TranscriptFlags, io: Io): Promise<void> {
  choice(flags.format, ['md'] as const, '--format');
  const detail = choice(flags.detail, transcriptDetails, '--detail') as TranscriptDetail;
  const agent = flags.agent === undefined ? undefined : parseAgentOption(flags.agent);
  const redactor = await redactorFor(flags, io);
  const found = await findSession(target, flags.in ?? [], io, { ...flags, agent });
  const output =
    flags.output === undefined
      ? undefined
      : resolveOutputs(
          ['sessions'],
          'ndjson',
          flags.output,
          [...(flags.in ?? []), ...found.files],
          io,
          true,
        )[0];
  const session = redactor ? await redactor.redact(found) : found;
  const text = `${[...transcriptMarkdown(session, detail)].join('\n')}\n`;
  // Markdown on a terminal is for reading: log text in it is escaped like every other command's output.
  if (output === undefined) io.stdout.write(io.stdout.isTTY ? terminalText(text, { multiline: true }) : text);
  else if (isSpecialFile(output)) {
    try {
      await writeFile(output, text);
    } catch (error) {
      throw writeFailure(error, output);
    }
  } else {
    const partial = `${output}.partial-${process.pid}`;
    try {
      await writeFile(partial, text);
      await rename(partial, output);
    } catch (error) {
      await rm(partial, { force: true });
      throw writeFailure(error, output);
    }
    io.stderr.write(`Wrote the transcript of ${quote(session.id)} to ${displayPath(io, output)}.\n`);
  }
  if (redactor) printRedactionSummary(redactor, io);
}

/**
 * Output files for the datasets: none (stdout) without -o; `DIR/<dataset>.<ext>` when -o is a folder (or
 * ends with a slash, or several datasets go out); else the file itself. Refuses a place inside an input
 * folder, and a folder that does not exist for a file.
 */
function resolveOutputs(
  names: readonly ExportDatasetName[],
  format: ExportFormat,
  output: string | undefined,
  inputs: readonly string[],
  io: Io,
  fileOnly = false,
): (string | undefined)[] {
  if (output === undefined) return names.map(() => undefined);
  const resolved = path.resolve(io.cwd, output);
  for (const input of inputs) {
    const root = path.resolve(io.cwd, input);
    const folder = existsSync(root) && statSync(root).isFile() ? path.dirname(root) : root;
    const relative = path.relative(folder, resolved);
    if (relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative)))
      throw new CliError(
        `Refusing to write ${quote(output)} inside the input folder ${quote(folder)}: agentlog never writes next to your logs.`,
        { exitCode: exitCodes.usage },
      );
  }
  const isDir = existsSync(resolved) && statSync(resolved).isDirectory();
  if (fileOnly) {
    if (isDir)
      throw new CliError(`Option -o ${quote(output)} is a folder; give a file name.`, {
        exitCode: exitCodes.usage,
      });
  } else if (isDir || names.length > 1 || /[\\/]$/.test(output)) {
    if (!isDir) {
      if (!existsSync(path.dirname(resolved)))
        throw new CliError(`The folder ${quote(path.dirname(output))} does not exist.`, {
          exitCode: exitCodes.failure,
        });
      mkdirSync(resolved);
    }
    return names.map((n) => path.join(resolved, `${n}.${extensions[format]}`));
  }
  if (!existsSync(path.dirname(resolved)))
    throw new CliError(`The folder ${quote(path.dirname(output))} does not exist.`, {
      exitCode: exitCodes.failure,
    });
  return [resolved];
}

function choice<T extends string>(value: string, allowed: readonly T[], option: string): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  const list = allowed.map(quote);
  const spelled = list.length > 1 ? `${list.slice(0, -1).join(', ')} or ${list.at(-1)}` : (list[0] ?? '');
  throw new CliError(`Option ${option} must be ${spelled}, got ${quote(value)}.`, {
    exitCode: exitCodes.usage,
  });
}

/** A device, a pipe or a socket: something to write to, not a file to replace. */
function isSpecialFile(file: string): boolean {
  if (!existsSync(file)) return false;
  const stat = statSync(file);
  return !stat.isFile() && !stat.isDirectory();
}

/** A failed write (full disk, permissions, DuckDB) as one sentence naming the output. */
function writeFailure(error: unknown, output?: string): unknown {
  if (error instanceof CliError) return error;
  const known = fsFailure(error, output);
  if (known) return known;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const file = (error as NodeJS.ErrnoException | null)?.path ?? output;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code))
    return new CliError(`Cannot write${file ? ` ${quote(file)}` : ''}: ${(error as Error).message}.`, {
      cause: error,
    });
  return error;
}
