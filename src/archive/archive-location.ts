/**
 * Where the archive lives: `--archive-dir`, `AGENTLOG_ARCHIVE_DIR`, `$XDG_DATA_HOME/agentlog/archive` or
 * `~/.local/share/agentlog/archive`; never inside a folder agentlog reads logs from.
 */
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';

/** An archive folder that cannot be used (inside an input folder); the CLI shows the message as is. */
export class ArchiveLocationError extends Error {
  override readonly name = 'ArchiveLocationError';
}

/**
 * The archive folder: `explicit`, else `AGENTLOG_ARCHIVE_DIR`, else `$XDG_DATA_HOME/agentlog/archive`, else
 * `$HOME/.local/share/agentlog/archive`. Undefined when the environment names no home. Reads only `env`.
 */
export function resolveArchiveDir(env: NodeJS.ProcessEnv, explicit?: string): string | undefined {
  const pick = (value: string | undefined) =>
    value !== undefined && value.trim() !== '' ? value : undefined;
  const chosen = pick(explicit) ?? pick(env.AGENTLOG_ARCHIVE_DIR);
  if (chosen !== undefined) return path.resolve(chosen);
  const xdg = pick(env.XDG_DATA_HOME);
  if (xdg !== undefined && path.isAbsolute(xdg)) return path.join(xdg, 'agentlog', 'archive');
  const home = pick(env.HOME) ?? pick(env.USERPROFILE);
  return home === undefined ? undefined : path.join(home, '.local', 'share', 'agentlog', 'archive');
}

/**
 * Refuses an archive folder inside (or equal to) an input path or an agent's own folder: agentlog never
 * writes under the folders it reads. Symbolic links are resolved on both sides where the paths exist.
 */
export function assertArchiveOutside(archiveDir: string, inputs: readonly string[]): void {
  const archive = realish(archiveDir);
  for (const input of inputs) {
    const root = realish(input);
    if (isInside(archive, root))
      throw new ArchiveLocationError(
        `The archive folder "${archiveDir}" is inside "${input}", a folder agentlog reads logs from: choose another --archive-dir.`,
      );
  }
}

/** Whether `child` is `parent` or inside it (both absolute). */
export function isInside(child: string, parent: string): boolean {
  return child === parent || child.startsWith(parent.endsWith(path.sep) ? parent : parent + path.sep);
}

/** The real path of `target`, or of its nearest existing ancestor with the rest appended. */
function realish(target: string): string {
  const absolute = path.resolve(target);
  let existing = absolute;
  const rest: string[] = [];
  while (!existsSync(existing)) {
    const parent = path.dirname(existing);
    if (parent === existing) return absolute;
    rest.unshift(path.basename(existing));
    existing = parent;
  }
  try {
    return path.join(realpathSync(existing), ...rest);
  } catch {
    return absolute;
  }
}
