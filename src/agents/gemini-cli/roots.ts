/**
 * Where Gemini CLI keeps its sessions (google-gemini/gemini-cli `packages/core/src/utils/paths.ts`,
 * `config/storage.ts`, `services/chatRecordingService.ts`): `~/.gemini/tmp/<project>/chats/`, where `<project>`
 * is the SHA-256 of the project path (2025) or a short slug (current releases). `GEMINI_CLI_HOME` replaces the
 * home folder the root is built from.
 */
import os from 'node:os';
import path from 'node:path';
import {
  type AgentClassifier,
  type Classified,
  expandHome,
  type FileFacts,
  fileRef,
  type RootSearch,
  skipFile,
} from '../../sources/index.js';
import type { AgentRoots } from '../agent-adapter.js';

/** The `.gemini` folders to search, existing or not. */
export function geminiRoots(env: NodeJS.ProcessEnv = process.env, home: string = os.homedir()): string[] {
  const configured = env.GEMINI_CLI_HOME?.trim();
  return [path.join(configured ? expandHome(configured, home) : path.resolve(home), '.gemini')];
}

/** `session-*.json` documents and `*.jsonl` logs of a `chats/` folder, and the `logs.json` side files. */
function collect(name: string): boolean {
  return name.endsWith('.jsonl') || name.endsWith('.json');
}

/**
 * A file under `<root>/tmp`: `<project>/chats/session-*.json` and `<project>/chats/*.jsonl` are sessions,
 * `<project>/chats/<parent session>/<session>.jsonl` a subagent's session; a `.json` session whose resumed
 * copy `<name>.jsonl` (or `<stem>.jsonl`) sits beside it is skipped (the copy holds all of it); `logs.json` is
 * the project's prompt log. Anything else under `tmp/` (checkpoints, plans) is not a transcript and not listed.
 */
export const classifyGeminiFile: AgentClassifier = async (file, tmpDir, lookup): Promise<Classified> => {
  const segments = path.relative(tmpDir, file.path).split(path.sep);
  const name = segments.at(-1) ?? '';
  if (segments.length === 2 && name === 'logs.json')
    return skipFile(file, 'Prompt log of a Gemini CLI project (user prompts only), not a transcript');
  if (segments[1] !== 'chats' || (segments.length !== 3 && segments.length !== 4)) return { ignored: true };
  const dir = path.dirname(file.path);
  if (name.endsWith('.json')) {
    if (!name.startsWith('session-')) return { ignored: true };
    for (const copy of [`${name}l`, `${name}.jsonl`])
      if (await lookup.hasFile(dir, copy))
        return skipFile(file, `Gemini CLI session resumed into '${copy}' beside it, which is read instead`);
  }
  return { ref: geminiRef(file, segments.length === 4 ? segments[2] : undefined) };
};

function geminiRef(file: FileFacts, parentSessionId: string | undefined) {
  const ref = { ...fileRef(file, 'gemini-cli', 'session'), projectDir: path.dirname(file.path) };
  if (parentSessionId !== undefined) ref.parentSessionId = parentSessionId;
  return ref;
}

export const geminiCliRoots: AgentRoots = {
  variables: [
    {
      name: 'GEMINI_CLI_HOME',
      meaning:
        'Replaces the home folder Gemini CLI builds `.gemini` from; default: the user home (`~/.gemini/tmp/<project>/chats/`).',
    },
  ],
  searches(env, home): RootSearch[] {
    return geminiRoots(env, home).map((root) => ({
      agent: 'gemini-cli',
      root,
      parts: [
        {
          name: 'tmp',
          collect,
          context: (dir) => ({ kind: 'agent', root: dir, classify: classifyGeminiFile }),
        },
      ],
    }));
  },
};
