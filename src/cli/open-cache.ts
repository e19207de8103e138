// Opening the index cache for a data command: what cannot be used is one warning (printed once per run),
// and the run goes on without it; a file that is not an agentlog index is an error.
import Database from 'better-sqlite3';
import { CacheFolderError, ForeignIndexError, type IndexDb, openIndex } from '../cache/open-index.js';
import { CliError } from './cli-error.js';
import { colorsFor, type Io } from './output.js';
import { packageVersion } from './package-version.js';

/**
 * Opens the index; a cache that cannot be opened (read-only disk or folder, locked too long) is a warning,
 * not a failure. A file that is not an agentlog index is an error: the user chose that place.
 */
export function openOrWarn(cacheDir: string, io: Io): IndexDb | undefined {
  try {
    return openIndex({
      cacheDir,
      agentlogVersion: packageVersion(),
      onWarning: (message) => warnOnce(io, message),
    });
  } catch (error) {
    if (error instanceof ForeignIndexError) throw new CliError(error.message);
    const code = (error as NodeJS.ErrnoException | null)?.code;
    if (
      !(error instanceof Database.SqliteError) &&
      !(error instanceof CacheFolderError) &&
      !(typeof code === 'string' && /^E[A-Z]+$/.test(code))
    )
      throw error;
    warnNoCache(io, cacheDir, error);
    return undefined;
  }
}

export function warnNoCache(io: Io, cacheDir: string, error: unknown): void {
  const reason = error instanceof Error ? error.message : String(error);
  warnOnce(
    io,
    `The index cache in "${cacheDir}" cannot be used (${reason}); reading without it. Pass another --cache-dir, or --no-cache to silence this.`,
  );
}

/** Messages already printed, per output: a run that opens the index twice warns once. */
const warned = new WeakMap<Io, Set<string>>();

export function warnOnce(io: Io, message: string): void {
  const seen = warned.get(io) ?? new Set<string>();
  warned.set(io, seen);
  if (seen.has(message)) return;
  seen.add(message);
  io.stderr.write(`${colorsFor(io, 'stderr').yellow('warning')}: ${message}\n`);
}
