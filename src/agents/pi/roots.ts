import os from 'node:os';
import path from 'node:path';
import { type AgentClassifier, expandHome, fileRef, type RootSearch, skipFile } from '../../sources/index.js';
import type { AgentRoots } from '../agent-adapter.js';

/**
 * Candidate Pi agent folders, existing or not: `PI_CODING_AGENT_DIR` when set (and not blank), else
 * `~/.pi/agent` (badlogic/pi-mono packages/coding-agent/src/config.ts). Sessions are in its `sessions/`
 * folder as `--<cwd with / replaced by ->--/<ISO timestamp>_<uuid>.jsonl` (docs/session.md).
 */
export function piRoots(env: NodeJS.ProcessEnv = process.env, home: string = os.homedir()): string[] {
  const configured = env.PI_CODING_AGENT_DIR?.trim();
  return [configured ? expandHome(configured, home) : path.resolve(home, '.pi', 'agent')];
}

/** The folder of a root that holds sessions. */
export const piSessionFolder = 'sessions';

/** Whether `relative` (a path under `sessions/`) is a session file: `<cwd folder>/<name>.jsonl`. */
export function isPiSessionPath(relative: string): boolean {
  const parts = relative.split(/[\\/]/);
  return parts.length === 2 && (parts[1]?.endsWith('.jsonl') ?? false);
}

const classify: AgentClassifier = async (file, root) =>
  isPiSessionPath(path.relative(root, file.path))
    ? { ref: fileRef(file, 'pi', 'session') }
    : skipFile(file, 'Not a Pi session file (expected --<cwd>--/<timestamp>_<id>.jsonl)');

/** Role `roots.ts`: the agent folder and the variable that moves it. */
export const piRootsRole: AgentRoots = {
  variables: [
    {
      name: 'PI_CODING_AGENT_DIR',
      meaning: 'The Pi agent folder (sessions in its `sessions/`); default `~/.pi/agent`.',
    },
  ],
  searches: (env, home): RootSearch[] =>
    piRoots(env, home).map((root) => ({
      agent: 'pi',
      root,
      parts: [
        {
          name: piSessionFolder,
          context: (dir: string) => ({ kind: 'agent', root: dir, classify }),
          collect: (file: string) => file.endsWith('.jsonl'),
        },
      ],
    })),
};
