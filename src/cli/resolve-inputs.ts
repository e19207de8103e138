import { discoverDefault, discoverPaths, type SessionFileRef, type SkippedFile } from '../sources/index.js';
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
 * Turns command-line PATHs (or, without any, the agents' default folders) into session files.
 * A PATH that does not exist is a CliError; unreadable folders are warned about on stderr and skipped.
 */
export async function resolveInputs(paths: readonly string[], io: Io): Promise<ResolvedInputs> {
  const colors = colorsFor(io, 'stderr');
  if (paths.length > 0) {
    const discovery = await discoverPaths([...paths]);
    const [first, ...rest] = discovery.errors;
    if (first) {
      const more = rest.length > 0 ? ` (and ${rest.length} more)` : '';
      throw new CliError(`${first.message}${more}`);
    }
    for (const warning of discovery.warnings)
      io.stderr.write(`${colors.yellow('warning')}: ${warning.message}\n`);
    return { files: discovery.files, searched: [...paths], skipped: discovery.skipped };
  }
  const discovery = await discoverDefault({ env: io.env });
  for (const warning of discovery.warnings)
    io.stderr.write(`${colors.yellow('warning')}: ${warning.message}\n`);
  return {
    files: discovery.files,
    searched: discovery.searched.map((s) => s.path),
    skipped: discovery.skipped,
  };
}

/** The sentence for "nothing to read": where we looked and what to try. */
export function nothingFound(searched: readonly string[]): CliError {
  const where = searched.length > 0 ? searched.map(quote).join(', ') : 'the default folders';
  return new CliError(
    `No Claude Code or Codex logs found in ${where}. Pass a PATH, set CLAUDE_CONFIG_DIR or CODEX_HOME, or try --demo.`,
  );
}
