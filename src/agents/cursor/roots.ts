import { access } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  type AgentClassifier,
  expandHome,
  fileRef,
  type RootSearch,
  skipFile,
  withWriteAheadLog,
} from '../../sources/index.js';
import type { AgentRoots } from '../agent-adapter.js';

/**
 * Candidate Cursor folders, existing or not: `CURSOR_CONFIG_DIR` when set (and not blank), then
 * `~/.cursor`. Agent transcripts are in `projects/<encoded workspace>/agent-transcripts/`
 * (kenn-io/agentsview cursor_provider.go). Whether the transcripts move with `CURSOR_CONFIG_DIR` (documented
 * as moving the CLI config) is not confirmed, so `~/.cursor` is searched too. The Cursor CLI chat stores are
 * in `chats/<md5 of the workspace>/<agent id>/store.db` (SQLite, seen only in a mock file). The IDE's
 * `state.vscdb` is not read.
 */
export function cursorRoots(env: NodeJS.ProcessEnv = process.env, home: string = os.homedir()): string[] {
  const configured = env.CURSOR_CONFIG_DIR?.trim();
  const roots = [configured ? expandHome(configured, home) : undefined, path.resolve(home, '.cursor')];
  return [...new Set(roots.filter((r): r is string => r !== undefined))];
}

/** The folder of a root that holds the workspaces. */
export const cursorProjectsFolder = 'projects';

/** The folder of a root that holds the CLI's chat stores. */
export const cursorChatsFolder = 'chats';

/** Where a transcript sits under `agent-transcripts/`. */
export type CursorTranscriptPlace = 'flat' | 'nested' | 'subagent';

/**
 * Whether `relative` (a path under `projects/`) is an agent transcript, and in which layout:
 * `<workspace>/agent-transcripts/<id>.jsonl` or `.txt` (flat), `<workspace>/agent-transcripts/<id>/<id>.jsonl`
 * (nested), or `.../subagents/<child>.jsonl` beside either (subagent). Anything else: undefined.
 */
export function cursorTranscriptPlace(relative: string): CursorTranscriptPlace | undefined {
  const parts = relative.split(/[\\/]/);
  const name = parts[parts.length - 1] ?? '';
  const ext = /\.(jsonl|txt)$/.exec(name)?.[0];
  if (ext === undefined || parts[1] !== 'agent-transcripts') return undefined;
  const stem = name.slice(0, -ext.length);
  if (parts.length === 3) return 'flat';
  if (parts.length === 4 && parts[2] === stem) return 'nested';
  if (parts.length === 4 && parts[2] === 'subagents') return 'subagent';
  if (parts.length === 5 && parts[3] === 'subagents') return 'subagent';
  return undefined;
}

/** Whether a file exists (a `.jsonl` beside a `.txt` of the same stem). */
async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

const classify: AgentClassifier = async (file, root) => {
  if (cursorTranscriptPlace(path.relative(root, file.path)) === undefined)
    return skipFile(
      file,
      'Not a Cursor agent transcript (expected <workspace>/agent-transcripts/<id>.jsonl or <id>/<id>.jsonl)',
    );
  if (file.path.endsWith('.txt') && (await exists(file.path.replace(/\.txt$/, '.jsonl'))))
    return skipFile(
      file,
      'A Cursor text transcript with a .jsonl of the same id beside it: the .jsonl is read',
    );
  return { ref: fileRef(file, 'cursor', 'session') };
};

/**
 * `chats/<hash>/<agent id>/store.db` is a session. Its size and modification time include its write-ahead
 * log's (`store.db-wal`), where the agent's writes go until a checkpoint, so that the index reads it again
 * when either changes.
 */
const classifyStore: AgentClassifier = async (file, root) => {
  const parts = path.relative(root, file.path).split(/[\\/]/);
  if (parts.length !== 3 || parts[2] !== 'store.db')
    return skipFile(file, 'Not a Cursor chat store (expected chats/<hash>/<agent id>/store.db)');
  return { ref: fileRef(await withWriteAheadLog(file), 'cursor', 'session') };
};

/** Whether `file` is a Cursor text transcript: a `.txt` under an `agent-transcripts/` folder. */
export function isCursorTextTranscript(file: string): boolean {
  return file.endsWith('.txt') && file.split(/[\\/]/).includes('agent-transcripts');
}

/** Role `roots.ts`: the Cursor folders and the variable that may move them. */
export const cursorRootsRole: AgentRoots = {
  variables: [
    {
      name: 'CURSOR_CONFIG_DIR',
      meaning:
        'The Cursor CLI config folder, searched for `projects/<workspace>/agent-transcripts/` and `chats/<hash>/<agent id>/store.db`; default `~/.cursor`, which is searched too.',
    },
  ],
  searches: (env, home): RootSearch[] =>
    cursorRoots(env, home).map((root) => ({
      agent: 'cursor',
      root,
      parts: [
        {
          name: cursorProjectsFolder,
          context: (dir: string) => ({ kind: 'agent', root: dir, classify }),
          collect: (file: string) => file.endsWith('.jsonl') || file.endsWith('.txt'),
        },
        {
          name: cursorChatsFolder,
          context: (dir: string) => ({ kind: 'agent', root: dir, classify: classifyStore }),
          collect: (file: string) => file === 'store.db',
        },
      ],
    })),
};
