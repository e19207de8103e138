import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { listSessions } from '../lifecycle/load-sessions.js';
import type { Session } from '../model/session.js';
import type { SessionFileRef } from '../sources/index.js';
import { CliError } from './cli-error.js';
import { type FilterFlags, parseFilter } from './filter-options.js';
import { colorsFor, type Io } from './output.js';
import { createProgress } from './progress.js';
import { nothingFound, resolveInputs } from './resolve-inputs.js';

/** The demo logs shipped in the package (`demo/`, written by `scripts/make-demo.mjs`). */
export function demoDir(): string {
  return fileURLToPath(new URL('../../demo', import.meta.url));
}

export interface DataFlags extends FilterFlags {
  demo?: boolean;
}

export interface LoadedData {
  sessions: Session[];
  files: SessionFileRef[];
  searched: string[];
}

/** Finds the inputs (PATHs, `--demo`, or the default folders), reads and filters the sessions. */
export async function loadData(paths: readonly string[], flags: DataFlags, io: Io): Promise<LoadedData> {
  const filter = parseFilter(flags);
  let inputs = paths;
  if (flags.demo) {
    if (paths.length > 0) throw new CliError('Use either --demo or PATHs, not both.', { exitCode: 2 });
    const dir = demoDir();
    if (!existsSync(dir))
      throw new CliError(`The demo data is missing from this installation (expected "${dir}").`);
    inputs = [dir];
  }
  const resolved = await resolveInputs(inputs, io);
  if (resolved.files.length === 0) throw nothingFound(resolved.searched);
  const progress = createProgress(io, 'Reading logs');
  try {
    const { sessions, warnings } = await listSessions({
      ...filter,
      files: resolved.files,
      onProgress: progress.update,
    });
    progress.stop();
    const colors = colorsFor(io, 'stderr');
    for (const warning of warnings) io.stderr.write(`${colors.yellow('warning')}: ${warning} Skipped.\n`);
    return { sessions, files: resolved.files, searched: resolved.searched };
  } finally {
    progress.stop();
  }
}
