import { buildClaudeSafely, buildCodexSafely } from '../lifecycle/build-safely.js';
import { claudeSessionIdOf, type RecordFile } from '../lifecycle/claude-code/build-claude-code-session.js';
import {
  buildUnclaimedSubagent,
  claimSubagentFiles,
  firstSessionId,
  linkCodexThreads,
} from '../lifecycle/load-sessions.js';
import type { Session } from '../model/session.js';
import type { Agent } from '../schemas/common/agent.js';
import type { SessionFileRef } from '../sources/index.js';

/** A file's records as the builders take them, with its agent decided from its first record. */
export interface UnitFile extends RecordFile {
  agent: Agent | undefined;
}

/** A top-level session built from a unit, with what orders it among all sessions. */
export interface BuiltSession {
  session: Session;
  /** 0: built from a session file; 1: from a subagent file no session claimed. */
  phase: 0 | 1;
  /** The file whose position among the inputs orders the session. */
  anchor: string;
}

/**
 * Builds the sessions of one unit (a group of files that only build together) exactly as lifecycle's
 * `loadSessions` builds them from all files: Claude Code session files claim the subagent files of their
 * folder and session id (in input order), unclaimed subagent files become sessions of their own, Codex
 * sub-agent rollouts move under their parent thread. `refs` are the unit's files in input order; files
 * missing from `files` (unreadable) are skipped. `prebuilt` holds Codex sessions already built from the
 * same files (each used once).
 *
 * This mirrors `loadSessions` (whose reading is not injectable yet); the cache-equivalence tests hold the
 * two together.
 */
export async function buildUnit(
  refs: readonly SessionFileRef[],
  files: ReadonlyMap<string, UnitFile>,
  prebuilt: ReadonlyMap<string, Session> = new Map(),
): Promise<BuiltSession[]> {
  const subagentRefs = refs.filter((r) => r.role === 'subagent');
  const subagentsBySession = new Map<string, SessionFileRef[]>();
  for (const ref of subagentRefs) {
    const file = files.get(ref.path);
    if (!file) continue;
    const key = subagentOwnerKey(ref, firstSessionId(file.records));
    const list = subagentsBySession.get(key);
    if (list) list.push(ref);
    else subagentsBySession.set(key, [ref]);
  }

  const built: BuiltSession[] = [];
  const claimed = new Set<string>();
  for (const ref of refs) {
    if (ref.role !== 'session') continue;
    const file = files.get(ref.path);
    if (!file) continue;
    if (file.agent === 'codex') {
      built.push({ session: prebuilt.get(ref.path) ?? buildCodexSafely(file), phase: 0, anchor: ref.path });
      continue;
    }
    const subRefs = subagentsBySession.get(`${ref.projectDir ?? ''}\u0000${claudeKeyOf(file)}`) ?? [];
    const subFiles = await claimSubagentFiles(subRefs, (path) => files.get(path), claimed);
    for (const session of buildClaudeSafely(file, subFiles))
      built.push({ session, phase: 0, anchor: ref.path });
  }
  for (const ref of subagentRefs) {
    const file = files.get(ref.path);
    if (file && !claimed.has(ref.path))
      built.push({ session: buildUnclaimedSubagent(ref, file), phase: 1, anchor: ref.path });
  }
  return linkCodexThreads(built, (b) => b.session);
}

/** The grouping key of a subagent file: its folder and the session it belongs to. */
export function subagentOwnerKey(ref: SessionFileRef, firstSession: string | undefined): string {
  return `${ref.projectDir ?? ''}\u0000${ref.parentSessionId ?? firstSession ?? ''}`;
}

/** Claude Code session id of a file, as `buildClaudeCodeSession` decides it. */
function claudeKeyOf(file: UnitFile): string {
  return claudeSessionIdOf(file);
}

/**
 * A Claude Code main file's session id from its name and its last `sessionId` (lifecycle's
 * `claudeSessionIdOf`, fed only the last id so that appends can update it without the earlier records).
 */
export function buildClaudeKey(path: string, lastSession: string | undefined): string {
  const records =
    lastSession === undefined
      ? []
      : [{ value: { sessionId: lastSession }, location: { file: path, line: 0 } }];
  return claudeSessionIdOf({ file: path, records });
}

/** The last string `sessionId` of the records. */
export function lastSessionId(records: RecordFile['records']): string | undefined {
  for (let i = records.length - 1; i >= 0; i--) {
    const id = records[i]?.value.sessionId;
    if (typeof id === 'string') return id;
  }
  return undefined;
}
