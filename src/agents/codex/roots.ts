import os from 'node:os';
import path from 'node:path';
import { expandHome } from '../../sources/expand-home.js';

/** Candidate Codex home folders, existing or not: `CODEX_HOME` when set (and not blank), else `~/.codex`. */
export function codexRoots(env: NodeJS.ProcessEnv = process.env, home: string = os.homedir()): string[] {
  const configured = env.CODEX_HOME?.trim();
  return [configured ? expandHome(configured, home) : path.resolve(home, '.codex')];
}
