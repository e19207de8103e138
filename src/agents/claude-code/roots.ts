import os from 'node:os';
import path from 'node:path';
import { expandHome } from '../../sources/expand-home.js';

/**
 * Candidate Claude Code config roots, existing or not: every entry of `CLAUDE_CONFIG_DIR`
 * (a comma-separated list; blanks ignored) when it is set, else `~/.claude` and `~/.config/claude`.
 * Paths are absolute and unique, in order.
 */
export function claudeCodeRoots(env: NodeJS.ProcessEnv = process.env, home: string = os.homedir()): string[] {
  const configured = (env.CLAUDE_CONFIG_DIR ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const roots =
    configured.length > 0
      ? configured.map((entry) => expandHome(entry, home))
      : [path.join(home, '.claude'), path.join(home, '.config', 'claude')].map((p) => path.resolve(p));
  return [...new Set(roots)];
}
