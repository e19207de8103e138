/**
 * `agentlog archive [PATH...]` and its subcommands `restore`, `verify` and `info`: a verified,
 * compressed, append-aware copy of every session file, kept beyond the agents' own clean-up.
 */
import path from 'node:path';
import type { Command } from 'commander';
import { terminalText } from '../../analytics/terminal-text.js';
import { systemTimeZone } from '../../analytics/time-zone.js';
import { archiveFiles } from '../../archive/archive-files.js';
import { archiveInfo } from '../../archive/archive-info.js';
import { allVersions } from '../../archive/catalogue.js';
import type { Archive } from '../../archive/open-archive.js';
import { planRestore, RestoreError, restoreSession } from '../../archive/restore-session.js';
import { verifyArchive } from '../../archive/verify-archive.js';
import { allSessions } from '../../model/all-sessions.js';
import { type ArchiveFlags, archiveDirFor, openArchiveFor, warnArchiveFailures } from '../archive-source.js';
import { CliError, quote } from '../cli-error.js';
import { parseDate } from '../filter-options.js';
import { findSession } from '../find-session.js';
import { colorsFor, formatNumber, type Io, plural, writeJson, writeLine } from '../output.js';
import { createProgress } from '../progress.js';
import { nothingFound, resolveInputs } from '../resolve-inputs.js';
import { formatBytes } from './cache-command.js';

interface ArchiveCommandFlags extends ArchiveFlags {
  json?: boolean;
}

interface RestoreFlags extends ArchiveCommandFlags {
  to?: string;
  at?: string;
  in?: string[];
  list?: boolean;
}

const dirOption = [
  '--archive-dir <dir>',
  'the archive folder (default: $AGENTLOG_ARCHIVE_DIR, $XDG_DATA_HOME/agentlog/archive or ~/.local/share/agentlog/archive)',
] as const;

/** Registers `agentlog archive` with its subcommands. */
export function registerArchiveCommand(program: Command, io: Io): void {
  const archive = program
    .command('archive')
    .description(
      'Copy every new or grown session file into a compressed, verified archive that outlives the agents’ clean-up (subcommands: restore, verify, info)',
    )
    .argument('[paths...]', 'files or folders to archive (default: the log folders of every agent)')
    .option(...dirOption)
    .option('--json', 'print what was archived as JSON')
    .addHelpText(
      'after',
      `
Sessions whose files are gone from disk are still shown by every command (from the archive);
--no-archive leaves them out. Run it from a Claude Code SessionEnd hook or a timer: see the README.`,
    )
    .action(async (paths: string[], flags: ArchiveCommandFlags) => runArchive(paths, flags, io));

  archive
    .command('restore')
    .description('Write an archived session (with its subagent files) back so that the agent can resume it')
    .argument('<session>', 'a session id (or id prefix), or the original path of its file')
    .option('--in <paths...>', 'look for the session id in these files or folders instead of the log folders')
    .option('--to <dir>', 'write the files under this folder instead of where they were')
    .option('--at <time>', 'each file as archived at or before this ISO time (default: its newest version)')
    .option('--list', "list the archived versions of the session's files; write nothing")
    .option(...dirOption)
    .option('--json', 'print what was written as JSON')
    .action(async (target: string, own: RestoreFlags) => {
      const flags = withParent(archive, own);
      const store = openExisting(flags, io);
      try {
        // The session as every command finds it (gone files included): its files, its subagents' too.
        const session = await findSession(target, flags.in ?? [], io, { ...flags, archive: true });
        const files = [...new Set([...allSessions([session])].flatMap((s) => s.files))];
        if (flags.list) {
          listVersions(store, files, flags.json === true, io);
          return;
        }
        const plan = planRestore(store, files, {
          ...(flags.to === undefined ? {} : { to: path.resolve(io.cwd, flags.to) }),
          ...(flags.at === undefined
            ? {}
            : { at: parseDate(flags.at, '--at', 'end', systemTimeZone()).toISOString() }),
        });
        const result = await restoreSession(store, plan);
        if (flags.json) {
          writeJson(io, { session: plan.sessionPath, ...result });
          return;
        }
        for (const file of result.written) writeLine(io, `restored ${terminalText(file)}`);
        for (const file of result.alreadyThere) writeLine(io, `already there ${terminalText(file)}`);
        writeLine(
          io,
          `${plural(result.written.length, 'file')} restored, ${formatNumber(result.alreadyThere.length)} already in place.`,
        );
      } catch (error) {
        if (error instanceof RestoreError) throw new CliError(error.message);
        throw error;
      } finally {
        store.db.close();
      }
    });

  archive
    .command('verify')
    .description("Re-read the whole archive and check every stored version's SHA-256")
    .option(...dirOption)
    .option('--json', 'print the result as JSON')
    .action(async (own: ArchiveCommandFlags) => {
      const flags = withParent(archive, own);
      const store = openExisting(flags, io);
      try {
        const result = await verifyArchive(store);
        if (flags.json) writeJson(io, result);
        else {
          const colors = colorsFor(io, 'stderr');
          for (const problem of result.problems)
            io.stderr.write(`${colors.red('error')}: ${quote(problem.path)}: ${problem.message}\n`);
          writeLine(
            io,
            `${plural(result.versions, 'version')} of ${plural(result.files, 'file')} checked (${formatBytes(result.bytes)} read): ${
              result.problems.length === 0
                ? 'every SHA-256 matches.'
                : `${plural(result.problems.length, 'problem')}.`
            }`,
          );
        }
        if (result.problems.length > 0)
          throw new CliError(
            `The archive ${quote(store.dir)} failed verification (${plural(result.problems.length, 'problem')}).`,
          );
      } finally {
        store.db.close();
      }
    });

  archive
    .command('info')
    .description('What the archive holds: sessions, versions, bytes stored and the compression ratio')
    .option(...dirOption)
    .option('--json', 'print JSON')
    .action((own: ArchiveCommandFlags) => {
      const flags = withParent(archive, own);
      const store = openExisting(flags, io);
      try {
        const info = archiveInfo(store);
        if (flags.json) {
          writeJson(io, info);
          return;
        }
        const rows: [string, string][] = [
          ['archive', info.dir],
          ['session files', formatNumber(info.sessionFiles)],
          ['meta sidecars', formatNumber(info.sidecars)],
          ['versions', formatNumber(info.versions)],
          ['bytes archived', formatBytes(info.bytesArchived)],
          ['bytes stored', formatBytes(info.bytesStored)],
          ['ratio', info.bytesArchived === 0 ? '-' : `${(info.ratio * 100).toFixed(1)}%`],
          ['extracted copies', formatBytes(info.bytesExtracted)],
          ['last archived', info.lastArchivedAt ?? '-'],
        ];
        const width = Math.max(...rows.map(([k]) => k.length));
        for (const [key, value] of rows) writeLine(io, `${key.padEnd(width)}  ${value}`);
      } finally {
        store.db.close();
      }
    });
}

async function runArchive(paths: string[], flags: ArchiveCommandFlags, io: Io): Promise<void> {
  const inputs = await resolveInputs(paths, io, { archive: false });
  if (inputs.files.length === 0) throw nothingFound(inputs.searched);
  const roots = inputs.searched.map((p) => path.resolve(io.cwd, p));
  const store = openArchiveFor(flags, io, roots, true) as Archive;
  const progress = createProgress(io, 'Archiving');
  try {
    const failAfter = io.env.AGENTLOG_TEST_ARCHIVE_FAIL_AFTER_BYTES;
    // A store's sessions (OpenCode's database rows, its storage tree) are not files the archive can keep whole.
    const files = inputs.files.filter((file) => file.store === undefined);
    const stats = await archiveFiles(store, files, {
      onProgress: progress.update,
      ...(failAfter === undefined ? {} : { failAfterBytes: Number(failAfter) }),
    });
    progress.stop();
    warnArchiveFailures(stats, store.dir, io);
    const { failures, full, ...counts } = stats;
    if (flags.json)
      writeJson(io, {
        archive: store.dir,
        ...counts,
        failed: failures.map((f) => f.path),
        notTried: full?.notTried ?? 0,
      });
    else
      writeLine(
        io,
        `${plural(stats.files, 'file')}: ${formatNumber(stats.new)} new, ${formatNumber(stats.appended)} appended, ${formatNumber(stats.rewritten)} rewritten (earlier versions kept), ${formatNumber(stats.unchanged)} unchanged; ${formatBytes(stats.bytesRead)} read, ${formatBytes(stats.bytesStored)} stored in ${store.dir}.`,
      );
    if (failures.length > 0)
      throw new CliError(
        `${plural(failures.length + (full?.notTried ?? 0), 'file')} could not be archived (see the warning above); the archive holds every other file.`,
      );
  } finally {
    progress.stop();
    store.db.close();
  }
}

/** Prints every archived version of `files`: when, size, SHA-256. */
function listVersions(store: Archive, files: readonly string[], json: boolean, io: Io): void {
  const wanted = new Set(files);
  const versions = allVersions(store).filter((v) => wanted.has(v.path));
  if (json) {
    writeJson(
      io,
      versions.map(({ path: file, size, sha256, archivedAt, mtimeMs }) => ({
        file,
        archivedAt,
        size,
        sha256,
        mtimeMs,
      })),
    );
    return;
  }
  for (const v of versions)
    writeLine(
      io,
      `${v.archivedAt}  ${formatBytes(v.size).padStart(9)}  ${v.sha256.slice(0, 12)}  ${terminalText(v.path)}`,
    );
}

/** A subcommand's flags with those given to `archive` itself (`--archive-dir` and `--json` parse on either). */
function withParent<T extends ArchiveCommandFlags>(parent: Command, own: T): T {
  return { ...(parent.opts() as ArchiveCommandFlags), ...own };
}

/** The archive for restore, verify and info: a CliError when there is none yet. */
function openExisting(flags: ArchiveFlags, io: Io): Archive {
  const store = openArchiveFor(flags, io, [], false);
  if (store) return store;
  const dir = archiveDirFor(flags, io);
  throw new CliError(
    `No archive at ${quote(dir ?? '(no home folder)')}: run agentlog archive first, or pass --archive-dir.`,
  );
}
