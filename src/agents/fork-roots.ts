/**
 * Forks that write the Claude Code or Codex format in folders of their own (FORMATS.md section 8): more
 * default roots of those two agents, searched like theirs. CodeBuddy `~/.codebuddy`, OpenClaude
 * `~/.openclaude` and Cherry Studio's Claude Code folders (`<app data>/CherryStudio/Data/Agents/.claude`, and
 * `<app data>/CherryStudio/.claude` of the versions before it) hold `projects/`; Open Interpreter's
 * `~/.openinterpreter` holds Codex `sessions/`. The layouts come from peers' inventories (kenn-io/agentsview,
 * tokscale and other readers' notes), not from the forks' own sources; no variable is known to move them.
 */
import path from 'node:path';
import { claudeCodeRootSearch, codexRootSearch, type RootSearch } from '../sources/index.js';

/** Where Cherry Studio (an Electron app) keeps its data on this platform. */
function cherryStudioData(env: NodeJS.ProcessEnv, home: string, platform: NodeJS.Platform): string {
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'CherryStudio');
  if (platform === 'win32')
    return path.join(env.APPDATA?.trim() || path.join(home, 'AppData', 'Roaming'), 'CherryStudio');
  return path.join(env.XDG_CONFIG_HOME?.trim() || path.join(home, '.config'), 'CherryStudio');
}

/** The Claude Code format's fork roots (each holds `projects/`), existing or not. */
export function claudeCodeForkRoots(
  env: NodeJS.ProcessEnv,
  home: string,
  platform: NodeJS.Platform = process.platform,
): string[] {
  const cherry = cherryStudioData(env, home, platform);
  return [
    path.join(home, '.codebuddy'),
    path.join(home, '.openclaude'),
    path.join(cherry, 'Data', 'Agents', '.claude'),
    path.join(cherry, '.claude'),
  ];
}

/** The Codex format's fork roots (each holds `sessions/`), existing or not. */
export function codexForkRoots(_env: NodeJS.ProcessEnv, home: string): string[] {
  return [path.join(home, '.openinterpreter')];
}

/** The searches of every fork root, as `sources/discover-default.ts` searches Claude Code's and Codex's. */
export function forkRootSearches(env: NodeJS.ProcessEnv, home: string): RootSearch[] {
  return [
    ...claudeCodeForkRoots(env, home).map((root) => claudeCodeRootSearch(root)),
    ...codexForkRoots(env, home).map((root) => codexRootSearch(root, { archived: false })),
  ];
}
