import os from 'node:os';
import path from 'node:path';
import { expandHome } from '../../sources/expand-home.js';
import type { AgentRoots } from '../agent-adapter.js';
import { classifyCopilotFile, copilotSessionFolders, pruneSessionState } from './classify-copilot-file.js';

/**
 * Candidate Copilot CLI home folders, existing or not, each holding `session-state/` (and, for 2025 builds,
 * `history-session-state/`):
 * - `COPILOT_HOME` when set (not blank), else `~/.copilot` (docs.github.com, "Copilot CLI configuration
 *   directory"; COPILOTCLI-FORMAT.md);
 * - `$XDG_CONFIG_HOME/.copilot` when `XDG_CONFIG_HOME` is set: builds up to 0.0.421 kept everything there
 *   (github/copilot-cli issue 1954);
 * - `$XDG_STATE_HOME/.copilot` when `XDG_STATE_HOME` is set: where VS Code's Copilot CLI integration looks
 *   for `session-state` (vscode-copilot-chat cliHelpers.ts).
 */
export function copilotRoots(env: NodeJS.ProcessEnv = process.env, home: string = os.homedir()): string[] {
  const roots: string[] = [];
  const add = (root: string) => {
    if (!roots.includes(root)) roots.push(root);
  };
  const configured = env.COPILOT_HOME?.trim();
  add(configured ? expandHome(configured, home) : path.resolve(home, '.copilot'));
  for (const variable of ['XDG_CONFIG_HOME', 'XDG_STATE_HOME'] as const) {
    const base = env[variable]?.trim();
    if (base) add(path.join(expandHome(base, home), '.copilot'));
  }
  return roots;
}

/** The environment variables that move the Copilot CLI folders (see `copilotRoots`). */
export const copilotRootVariables: AgentRoots['variables'] = [
  {
    name: 'COPILOT_HOME',
    meaning:
      'The Copilot CLI home folder; default `~/.copilot` (sessions in `session-state/`, 2025 ones in `history-session-state/`).',
  },
  {
    name: 'XDG_CONFIG_HOME',
    meaning:
      'When set, `$XDG_CONFIG_HOME/.copilot` is searched too: builds up to 0.0.421 kept their home there.',
  },
  {
    name: 'XDG_STATE_HOME',
    meaning:
      "When set, `$XDG_STATE_HOME/.copilot` is searched too: VS Code's Copilot CLI integration looks there.",
  },
];

/** Role `roots.ts`: the Copilot homes and, in each, the session folders with their classifier. */
export const copilotCliRoots: AgentRoots = {
  variables: copilotRootVariables,
  searches: (env, home) =>
    copilotRoots(env, home).map((root) => ({
      agent: 'copilot-cli',
      root,
      parts: [
        {
          name: copilotSessionFolders.events,
          context: () => ({ kind: 'agent', root, classify: classifyCopilotFile }),
          prune: pruneSessionState,
        },
        {
          name: copilotSessionFolders.legacy,
          context: () => ({ kind: 'agent', root, classify: classifyCopilotFile }),
          collect: (name) => name.endsWith('.json'),
        },
      ],
    })),
};
