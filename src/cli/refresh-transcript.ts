/**
 * The status line's refresh of the index for one transcript: by the call itself (`statusline-figures.ts`) or
 * by the background refresher (`agentlog statusline --refresh-index`).
 */
import { existsSync } from 'node:fs';
import type { IndexDb } from '../cache/open-index.js';
import type { SessionFileRef } from '../sources/index.js';
import { subagentsFolder } from './statusline-overlay.js';

/**
 * Brings the index up to date for `transcript` and its subagent files; returns the transcript's path as the
 * index names it. Loaded only when a file changed: the readers and schemas are most of such a call's time.
 */
export async function refreshTranscript(index: IndexDb, transcript: string): Promise<string | undefined> {
  const refs = await refsOf(transcript);
  if (refs.some((ref) => !storedAsIs(index, ref))) {
    const [{ refreshIndex }, { readRecordSlice }] = await Promise.all([
      import('../cache/refresh-index.js'),
      import('../lifecycle/read-record-slice.js'),
    ]);
    await refreshIndex(index, { refs, roots: [], readSlice: readRecordSlice, sessions: false });
  }
  return (refs.find((r) => r.role === 'session') ?? refs[0])?.path;
}

/** The transcript's files: its own and its subagent files (`<dir>/<session id>/subagents/`); none when it is missing. */
async function refsOf(file: string): Promise<SessionFileRef[]> {
  if (!existsSync(file)) return [];
  const { discoverPaths } = await import('../sources/discover-paths.js');
  const subagents = subagentsFolder(file);
  const found = await discoverPaths(existsSync(subagents) ? [file, subagents] : [file]);
  return found.files;
}

/** True when `ref` is in the index with its size and modification time: a refresh would not read it. */
function storedAsIs(index: IndexDb, ref: SessionFileRef): boolean {
  const row = index.db.prepare('SELECT size, mtime_ms FROM files WHERE path = ?').raw().get(ref.path) as
    | [number, number]
    | undefined;
  return row !== undefined && row[0] === ref.size && row[1] === ref.mtimeMs;
}
