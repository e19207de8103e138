import os from 'node:os';
import path from 'node:path';
import { expandHome } from '../../sources/expand-home.js';

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
