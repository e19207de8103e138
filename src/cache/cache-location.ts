// Where the index lives: the cache folder a run uses (`--cache-dir`, `AGENTLOG_CACHE_DIR`, `XDG_CACHE_HOME`,
// `~/.cache`), and the check that it is not inside a folder the run reads (agentlog never writes there).
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';

/** The file name of the index inside the cache folder. */
export const indexFileName = 'index.sqlite';

/** A cache folder that cannot be used (inside an input folder); the CLI shows the message as is. */
export class CacheLocationError extends Error {
  override readonly name = 'CacheLocationError';
}

/**
 * The cache folder: `explicit` (`--cache-dir`), else `AGENTLOG_CACHE_DIR`, else `$XDG_CACHE_HOME/agentlog`,
 * else `$HOME/.cache/agentlog` (`%LOCALAPPDATA%\agentlog` on Windows). Undefined when the environment names
 * no home at all (then there is no cache). Only `env` is read, never `process.env`, so callers decide.
 */
export function resolveCacheDir(env: NodeJS.ProcessEnv, explicit?: string): string | undefined {
  const pick = (value: string | undefined) =>
    value !== undefined && value.trim() !== '' ? value : undefined;
  const chosen = pick(explicit) ?? pick(env.AGENTLOG_CACHE_DIR);
  if (chosen !== undefined) return path.resolve(chosen);
  const xdg = pick(env.XDG_CACHE_HOME);
  if (xdg !== undefined && path.isAbsolute(xdg)) return path.join(xdg, 'agentlog');
  const local = pick(env.LOCALAPPDATA);
  if (process.platform === 'win32' && local !== undefined) return path.join(local, 'agentlog');
  const home = pick(env.HOME) ?? pick(env.USERPROFILE);
  return home === undefined ? undefined : path.join(home, '.cache', 'agentlog');
}

/**
 * Refuses a cache folder inside (or equal to) one of the input paths: agentlog never writes next to the
 * logs it reads. Symbolic links are resolved on both sides where the paths exist.
 */
export function assertOutsideInputs(cacheDir: string, inputs: readonly string[]): void {
  const cache = realish(cacheDir);
  for (const input of inputs) {
    const root = realish(input);
    if (cache === root || cache.startsWith(root.endsWith(path.sep) ? root : root + path.sep)) {
      throw new CacheLocationError(
        `The cache folder "${cacheDir}" is inside the input "${input}": agentlog does not write into log folders. Choose another --cache-dir or use --no-cache.`,
      );
    }
  }
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
