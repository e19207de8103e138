import path from 'node:path';
import { base, type Classified, type FileFacts, skip } from '../../sources/classify-file.js';
import type { DirLookup } from '../../sources/dir-lookup.js';
import type { SessionFileRef } from '../../sources/discovery.js';

/** Where session files live under a Copilot home: the event logs and the 2025 whole-document sessions. */
export const copilotSessionFolders = {
  /** `session-state/<id>/events.jsonl` (current) or `session-state/<id>.jsonl` (older 0.0.x). */
  events: 'session-state',
  /** `history-session-state/<id>.json` (2025 builds). */
  legacy: 'history-session-state',
} as const;

/** Folders of a session directory that hold the agent's scratch files, never transcripts (COPILOTCLI-FORMAT.md). */
const scratchFolders = new Set(['checkpoints', 'files', 'research', 'rewind-file-snapshots']);

/** Whether the walk of `session-state/` skips a folder. */
export function pruneSessionState(name: string): boolean {
  return scratchFolders.has(name);
}

/**
 * What a file under a Copilot CLI home is: `session-state/<id>/events.jsonl` (current layout) and
 * `session-state/<id>.jsonl` (0.0.x; skipped when `session-state/<id>/events.jsonl` exists too, the directory
 * form being the one Copilot writes to), and `history-session-state/<id>.json` (2025 whole documents).
 * Anything else under those folders is skipped with the reason.
 */
export async function classifyCopilotFile(
  file: FileFacts,
  root: string,
  lookup: DirLookup,
): Promise<Classified> {
  const relative = path.relative(root, file.path).split(path.sep);
  const [folder, first, second] = relative;
  if (folder === copilotSessionFolders.events) {
    if (relative.length === 3 && second === 'events.jsonl' && first !== undefined)
      return { ref: sessionRef(file, first) };
    if (relative.length === 2 && first?.endsWith('.jsonl')) {
      const stem = first.slice(0, -'.jsonl'.length);
      const dir = path.dirname(file.path);
      if ((await lookup.hasDir(dir, stem)) && (await lookup.hasFile(path.join(dir, stem), 'events.jsonl')))
        return skip(
          file,
          `Older copy of the session in ${stem}/events.jsonl (Copilot writes the folder form)`,
        );
      return { ref: sessionRef(file, stem) };
    }
    return skip(file, 'Not a Copilot CLI transcript (only session-state/<id>/events.jsonl is one)');
  }
  if (folder === copilotSessionFolders.legacy && relative.length === 2 && first?.endsWith('.json'))
    return { ref: sessionRef(file, first.slice(0, -'.json'.length)) };
  return skip(file, 'Not a Copilot CLI transcript');
}

/** A session file: its id is the folder or file name (a UUID) under the Copilot home. */
function sessionRef(file: FileFacts, sessionId: string): SessionFileRef {
  return { ...base(file, 'copilot-cli', 'session'), sessionId, projectDir: path.dirname(file.path) };
}
