import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { indexFileName, resolveCacheDir } from '../../cache/cache-location.js';
import { indexBytes, indexInfo } from '../../cache/index-info.js';
import {
  ForeignIndexError,
  IndexUnavailableError,
  openIndexReadOnly,
  removeIndexFiles,
} from '../../cache/open-index.js';
import { CliError, exitCodes, quote } from '../cli-error.js';
import { addFilterOptions } from '../filter-options.js';
import { addCacheOptions, type DataFlags, loadIndexed } from '../load-data.js';
import { formatNumber, type Io, plural, writeJson, writeLine } from '../output.js';
import { packageVersion } from '../package-version.js';
import { removeMemos } from '../response-memo.js';

interface CacheFlags {
  cacheDir?: string;
  json?: boolean;
}

/** `agentlog cache info|update|clear`: the index cache. */
export function registerCacheCommand(program: Command, io: Io): void {
  const cache = program
    .command('cache')
    .description('The index cache: where it is and what it holds, bring it up to date, or delete it');

  cache
    .command('info')
    .description('Where the index is, its size, schema version, files and sessions, last update')
    .option(
      '--cache-dir <dir>',
      'the cache folder (default: $AGENTLOG_CACHE_DIR, $XDG_CACHE_HOME/agentlog or ~/.cache/agentlog)',
    )
    .option('--json', 'print JSON')
    .action((flags: CacheFlags) => {
      const dir = cacheDirOf(flags, io);
      const file = path.join(dir, indexFileName);
      if (!existsSync(file)) {
        if (flags.json) writeJson(io, { file, exists: false });
        else writeLine(io, `No index yet at ${file} (a data command such as agentlog report creates it).`);
        return;
      }
      let info: ReturnType<typeof indexInfo>;
      try {
        const index = openIndexReadOnly(dir, packageVersion());
        try {
          info = indexInfo(index.db, index.file);
        } finally {
          index.db.close();
        }
      } catch (error) {
        if (!(error instanceof IndexUnavailableError)) throw error;
        if (flags.json) writeJson(io, { file, exists: true, current: false, bytes: indexBytes(file) });
        else writeLine(io, `${error.message}`);
        return;
      }
      if (flags.json) {
        writeJson(io, { exists: true, current: true, ...info });
        return;
      }
      const rows: [string, string][] = [
        ['index', info.file],
        ['size', formatBytes(info.bytes)],
        ['schema version', String(info.schemaVersion)],
        ['written by', `agentlog ${info.agentlogVersion ?? '?'}`],
        ['created', info.createdAt ?? '-'],
        ['last update', info.updatedAt ?? '-'],
        ['files', formatNumber(info.files)],
        ['sessions', `${formatNumber(info.sessions)} (${formatNumber(info.allSessions)} with subagents)`],
        ['tool calls', formatNumber(info.toolCalls)],
        ['resume states', formatBytes(info.resumeBytes)],
      ];
      const width = Math.max(...rows.map(([k]) => k.length));
      for (const [key, value] of rows) writeLine(io, `${key.padEnd(width)}  ${value}`);
    });

  addCacheOptions(
    addFilterOptions(
      cache
        .command('update')
        .description('Bring the index up to date with the logs (data commands do this by themselves)')
        .argument('[paths...]', 'files or folders (default: the log folders of every agent)')
        .option('--demo', 'index the demo sessions shipped with agentlog')
        .option('--json', 'print what was read as JSON'),
    ),
  ).action(async (paths: string[], flags: DataFlags & { json?: boolean }) => {
    const data = await loadIndexed(paths, flags, io);
    data.index.db.close();
    const { stats } = data;
    if (flags.json) {
      writeJson(io, { file: data.index.file, ...stats });
      return;
    }
    writeLine(
      io,
      `${plural(stats.files, 'file')}: ${formatNumber(stats.unchanged)} unchanged, ${formatNumber(stats.appended)} appended, ${formatNumber(stats.reread)} read again, ${formatNumber(stats.added)} new, ${formatNumber(stats.removed)} removed, ${formatNumber(stats.skipped)} unreadable; ${formatBytes(stats.bytesParsed)} parsed${stats.sliceSteps > 0 ? ` (large new files first, in ${plural(stats.sliceSteps, 'slice')})` : ''}; ${plural(stats.unitsBuilt, 'session group')} built, ${formatNumber(stats.unitsReused)} reused.`,
    );
    writeLine(io, `Index: ${data.index.file}`);
  });

  cache
    .command('clear')
    .description('Delete the index and the kept responses (they are made again by the next data commands)')
    .option(
      '--cache-dir <dir>',
      'the cache folder (default: $AGENTLOG_CACHE_DIR, $XDG_CACHE_HOME/agentlog or ~/.cache/agentlog)',
    )
    .action((flags: CacheFlags) => {
      const dir = cacheDirOf(flags, io);
      const file = path.join(dir, indexFileName);
      const bytes = indexBytes(file);
      let removed: boolean;
      try {
        removed = removeIndexFiles(file);
        removeMemos(dir);
      } catch (error) {
        if (error instanceof ForeignIndexError) throw new CliError(error.message);
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS')
          throw new CliError(
            `The index ${quote(file)} cannot be deleted (${code}): the folder ${quote(dir)} is not writable by you; delete it as its owner or fix the folder's permissions.`,
          );
        throw error;
      }
      if (!removed) {
        writeLine(io, `No index at ${file}.`);
        return;
      }
      writeLine(io, `Deleted the index ${file} (${formatBytes(bytes)}).`);
    });
}

function cacheDirOf(flags: CacheFlags, io: Io): string {
  const dir = resolveCacheDir(io.env, flags.cacheDir);
  if (dir === undefined)
    throw new CliError(
      'No cache folder: set AGENTLOG_CACHE_DIR, XDG_CACHE_HOME or HOME, or pass --cache-dir.',
      {
        exitCode: exitCodes.usage,
      },
    );
  return dir;
}

/** `12.3 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
