/**
 * The archive as a source for every data command: files gone from disk but archived are added to the
 * run's files (marked `fromArchive`, their reads redirected to an extracted copy), unless `--no-archive`;
 * with `--archive` (report, serve) the run first archives what it found.
 */

import path from 'node:path';
import Database from 'better-sqlite3';
import type { Command } from 'commander';
import { type ArchiveRunStats, archiveFiles } from '../archive/archive-files.js';
import {
  ArchiveLocationError,
  assertArchiveOutside,
  isInside,
  resolveArchiveDir,
} from '../archive/archive-location.js';
import { latestVersions } from '../archive/catalogue.js';
import { extractVersion } from '../archive/extract-version.js';
import { goneArchivedFiles } from '../archive/gone-archived-files.js';
import {
  type Archive,
  ArchiveUnavailableError,
  catalogueFileName,
  openArchive,
} from '../archive/open-archive.js';
import { redirectReads, removeRedirect } from '../reader/read-path.js';
import type { SessionFileRef } from '../sources/index.js';
import { CliError, exitCodes } from './cli-error.js';
import { warnOnce } from './open-cache.js';
import { colorsFor, type Io, plural } from './output.js';

export interface ArchiveFlags {
  /** False with `--no-archive`; true with `--archive` (report, serve: archive while scanning). */
  archive?: boolean;
  archiveDir?: string;
  /** Set by the commands that have `--archive`: the run archives its files first. */
  archiveScan?: boolean;
}

/**
 * Whether `--archive` was given (report, serve): the run archives the files it finds before reading them.
 * Asked of commander, since `--no-archive` makes the option true by default.
 */
export function archiveScanAsked(command: Command): boolean {
  return command.getOptionValueSource('archive') === 'cli' && command.getOptionValue('archive') === true;
}

/** The archive folder of a run, or undefined when the environment names no home. */
export function archiveDirFor(flags: ArchiveFlags, io: Io): string | undefined {
  return resolveArchiveDir(io.env, flags.archiveDir);
}

/**
 * Opens the archive for a command; undefined when there is none yet (and `create` is false). Refuses an
 * archive folder inside the inputs (a usage error) or a folder that holds something else.
 */
export function openArchiveFor(
  flags: ArchiveFlags,
  io: Io,
  inputs: readonly string[],
  create: boolean,
): Archive | undefined {
  const dir = archiveDirFor(flags, io);
  if (dir === undefined) {
    if (!create) return undefined;
    throw new CliError('No archive folder: set XDG_DATA_HOME or HOME, or pass --archive-dir.', {
      exitCode: exitCodes.usage,
    });
  }
  try {
    assertArchiveOutside(dir, inputs);
    return openArchive(dir, { create });
  } catch (error) {
    if (error instanceof ArchiveLocationError)
      throw new CliError(error.message, { exitCode: exitCodes.usage });
    if (error instanceof ArchiveUnavailableError) throw new CliError(error.message);
    throw error;
  }
}

/** Whether the archive holds files under `target` (a path the user gave that is gone from disk). */
export function archiveCovers(target: string, flags: ArchiveFlags, io: Io): boolean {
  if (flags.archive === false) return false;
  let archive: Archive | undefined;
  try {
    archive = openArchiveFor(flags, io, [], false);
    return (
      archive !== undefined &&
      latestVersions(archive).some((v) => v.kind === 'session' && isInside(v.path, target))
    );
  } catch (error) {
    // Told by the run's own look at the archive (withArchivedFiles), once.
    if (error instanceof CliError || error instanceof Database.SqliteError) return false;
    throw error;
  } finally {
    archive?.db.close();
  }
}

/**
 * The run's files with the archived ones that are gone from disk (under `roots`), sorted by path; with
 * `archiveScan`, `files` are archived first. Reads of the gone files are redirected to their extracted
 * copies, made on first read.
 */
export async function withArchivedFiles(
  files: SessionFileRef[],
  roots: readonly string[],
  flags: ArchiveFlags,
  io: Io,
): Promise<SessionFileRef[]> {
  // A file found on disk (again, e.g. restored) is read from disk.
  for (const ref of files) {
    removeRedirect(ref.path);
    if (ref.metaPath !== undefined) removeRedirect(ref.metaPath);
  }
  if (flags.archive === false) return files;
  const dir = archiveDirFor(flags, io);
  if (dir === undefined) return files;
  // What the archive adds is what its catalogue says (a write goes to its log first).
  io.response?.watch.stat(path.join(dir, catalogueFileName));
  io.response?.watch.stat(path.join(dir, `${catalogueFileName}-wal`));
  try {
    return await addArchived(dir, files, roots, flags, io);
  } catch (error) {
    // Only reading: an archive that cannot be used (damaged, not an archive, inside the inputs) is a
    // warning, and the run goes on with the files on disk. Archiving (--archive) fails.
    if (flags.archiveScan || !(error instanceof CliError || error instanceof Database.SqliteError))
      throw error;
    warnOnce(
      io,
      `The archive in ${JSON.stringify(dir)} cannot be used (${error.message.replace(/\.$/, '')}); sessions whose files are gone are not shown. Pass another --archive-dir, or --no-archive to silence this.`,
    );
    return files;
  }
}

async function addArchived(
  dir: string,
  files: SessionFileRef[],
  roots: readonly string[],
  flags: ArchiveFlags,
  io: Io,
): Promise<SessionFileRef[]> {
  let archive = opened.get(dir);
  if (!archive) {
    archive = openArchiveFor(flags, io, roots, flags.archiveScan === true);
    if (!archive) return files;
    // Extractions run on first read, after this function returns: the catalogue stays open for the run
    // (and for a server's next discoveries).
    opened.set(dir, archive);
  }
  const colors = colorsFor(io, 'stderr');
  if (flags.archiveScan) {
    warnArchiveFailures(await archiveFiles(archive, files), archive.dir, io);
  }
  const gone = goneArchivedFiles(archive, files, roots);
  if (gone.refs.length === 0) return files;
  const from = archive;
  for (const [path, version] of gone.versions) redirectReads(path, () => extractVersion(from, version));
  io.stderr.write(
    `${colors.dim('note')}: ${plural(gone.refs.length, 'file')} gone from disk ${gone.refs.length === 1 ? 'is' : 'are'} read from the archive ${JSON.stringify(archive.dir)} (--no-archive leaves ${gone.refs.length === 1 ? 'it' : 'them'} out).\n`,
  );
  return [...files, ...gone.refs].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** Archives opened for reading by this process, by folder. */
const opened = new Map<string, Archive>();

/** Warns about the files a run could not archive: one line per file, or one for a full disk. */
export function warnArchiveFailures(stats: ArchiveRunStats, dir: string, io: Io): void {
  const colors = colorsFor(io, 'stderr');
  if (stats.full) {
    const left = stats.failures.length + stats.full.notTried;
    io.stderr.write(
      `${colors.yellow('warning')}: The archive folder ${JSON.stringify(dir)} is full: ${plural(left, 'file')} could not be archived; the archive holds every file archived before, whole. Free some space and run agentlog archive again.\n`,
    );
    return;
  }
  for (const failure of stats.failures)
    io.stderr.write(`${colors.yellow('warning')}: ${archiveFailure(failure.path, failure.error)}\n`);
}

/** A file that could not be archived, as one sentence. */
export function archiveFailure(file: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const detail = error instanceof Error ? error.message : String(error);
  return `Cannot archive ${JSON.stringify(file)}${code === undefined ? '' : ` (${code})`}: ${detail.replace(/\.$/, '')}; the archive is as it was for this file.`;
}
