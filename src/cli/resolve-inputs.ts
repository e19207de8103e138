import path from 'node:path';
import { discoverAgentPaths } from '../agents/discover-agent-paths.js';
import { discoverAgents } from '../agents/discover-agents.js';
import { agentInfo, agents } from '../schemas/common/agent.js';
import type { SessionFileRef, SkippedFile } from '../sources/index.js';
import { type ArchiveFlags, archiveCovers, withArchivedFiles } from './archive-source.js';
import { CliError, quote } from './cli-error.js';
import type { Io } from './output.js';
import { colorsFor } from './output.js';

export interface ResolvedInputs {
  files: SessionFileRef[];
  /** Said to the user when nothing was found. */
  searched: string[];
  /** Files seen but not read, with the reason (orphaned copies, side files, look-alikes). */
  skipped: SkippedFile[];
}

/**
 * Turns command-line PATHs (or, without any, the agents' default folders) into session files, with the
 * archived files under them that are gone from disk (see `archive-source.ts`; not with `--no-archive`).
 * A PATH that does not exist (and that the archive holds nothing under) is a CliError; unreadable
 * folders are warned about on stderr and skipped.
 */
export async function resolveInputs(
  paths: readonly string[],
  io: Io,
  archive: ArchiveFlags = {},
): Promise<ResolvedInputs> {
  const colors = colorsFor(io, 'stderr');
  const watch = io.response?.watch;
  const watching = watch ? { watch } : {};
  if (paths.length > 0) {
    const discovery = await discoverAgentPaths(paths, watching);
    const errors = discovery.errors.filter(
      (error) =>
        !(error.message.endsWith('does not exist') && archiveCovers(path.resolve(error.path), archive, io)),
    );
    const [first, ...rest] = errors;
    if (first) {
      const more = rest.length > 0 ? ` (and ${rest.length} more)` : '';
      throw new CliError(`${first.message}${more}`);
    }
    for (const warning of discovery.warnings)
      io.stderr.write(`${colors.yellow('warning')}: ${warning.message}\n`);
    const roots = discovery.searched.map((s) => s.path);
    const files = await withArchivedFiles(discovery.files, roots, archive, io);
    distrustUnwatched(files, io);
    return { files, searched: [...paths], skipped: discovery.skipped };
  }
  const discovery = await discoverAgents({ env: io.env, ...watching });
  for (const warning of discovery.warnings)
    io.stderr.write(`${colors.yellow('warning')}: ${warning.message}\n`);
  const roots = discovery.searched.map((s) => s.path);
  const files = await withArchivedFiles(discovery.files, roots, archive, io);
  distrustUnwatched(files, io);
  return { files, searched: discovery.searched.map((s) => s.path), skipped: discovery.skipped };
}

/**
 * A store's sessions (a database's rows) and an archived file's bytes are not what the states of paths say:
 * a run that reads one keeps no response memo.
 */
function distrustUnwatched(files: readonly SessionFileRef[], io: Io): void {
  if (io.response && files.some((file) => file.store !== undefined || file.fromArchive === true))
    io.response.watch.distrust();
}

/** The sentence for "nothing to read": where we looked and what to try. */
export function nothingFound(searched: readonly string[]): CliError {
  // Every agent's default folders make a long list: the first ones, and how many more.
  const shown = searched.length > 3 ? searched.slice(0, 2) : searched;
  const more = searched.length - shown.length;
  const where =
    searched.length === 0
      ? 'the default folders'
      : `${shown.map(quote).join(', ')}${more > 0 ? ` and ${more} other folders` : ''}`;
  const names = agents.map((agent) => agentInfo[agent].name);
  const read = `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return new CliError(
    `No agent logs found in ${where} (agentlog reads ${read}). Pass a PATH, set an agent's folder variable such as CLAUDE_CONFIG_DIR or CODEX_HOME, or try --demo.`,
  );
}
