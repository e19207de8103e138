import os from 'node:os';
import path from 'node:path';
import { type AgentClassifier, expandHome, fileRef, type RootSearch, skipFile } from '../../sources/index.js';
import type { AgentRoots } from '../agent-adapter.js';

/**
 * Candidate Qwen Code runtime folders, existing or not: `QWEN_RUNTIME_DIR` when set (and not blank), then
 * `~/.qwen` (sessions written before the variable was set stay there). Qwen Code
 * (packages/core/src/config/storage.ts) writes chats to
 * `<runtime>/projects/<sanitized project root>/chats/<sessionId>.jsonl`; builds before the `projects`
 * layout used `<runtime>/tmp/<project hash>/chats/`.
 */
export function qwenCodeRoots(env: NodeJS.ProcessEnv = process.env, home: string = os.homedir()): string[] {
  const configured = env.QWEN_RUNTIME_DIR?.trim();
  const roots = [configured ? expandHome(configured, home) : undefined, path.resolve(home, '.qwen')];
  return [...new Set(roots.filter((r): r is string => r !== undefined))];
}

/** The folders of a root that hold chats, each `<folder>/<project>/chats/`. */
export const qwenCodeSessionFolders = ['projects', 'tmp'] as const;

/**
 * Whether `relative` (a path under one of {@link qwenCodeSessionFolders}) is a chat file:
 * `<project>/chats/<name>.jsonl`, or an archived one in `chats/archive/`. Sidecars (`.runtime.json`) and
 * other files of the project folder are not.
 */
export function isQwenCodeChatPath(relative: string): boolean {
  const parts = relative.split(/[\\/]/);
  if (!parts[parts.length - 1]?.endsWith('.jsonl')) return false;
  return (
    (parts.length === 3 && parts[1] === 'chats') ||
    (parts.length === 4 && parts[1] === 'chats' && parts[2] === 'archive')
  );
}

const classify: AgentClassifier = async (file, root) => {
  const relative = path.relative(root, file.path);
  return isQwenCodeChatPath(relative)
    ? { ref: fileRef(file, 'qwen-code', 'session') }
    : skipFile(file, 'Not a Qwen Code chat file (expected <project>/chats/<session id>.jsonl)');
};

/** Role `roots.ts`: the runtime folders and the variable that moves them. */
export const qwenCodeRootsRole: AgentRoots = {
  variables: [
    {
      name: 'QWEN_RUNTIME_DIR',
      meaning:
        'The Qwen Code runtime folder (chats in `projects/<project>/chats/`); default `~/.qwen`, which is searched too.',
    },
  ],
  searches: (env, home): RootSearch[] =>
    qwenCodeRoots(env, home).map((root) => ({
      agent: 'qwen-code',
      root,
      parts: qwenCodeSessionFolders.map((name) => ({
        name,
        context: (dir: string) => ({ kind: 'agent', root: dir, classify }),
        collect: (file: string) => file.endsWith('.jsonl'),
      })),
    })),
};
