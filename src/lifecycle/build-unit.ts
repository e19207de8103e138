import { claudeSessionIdOf } from '../agents/claude-code/build-session.js';
import { linkCodexThreads } from '../agents/codex/link-threads.js';
import { adapterFor } from '../agents/registry.js';
import type { Session } from '../model/session.js';
import type { SessionFileRef } from '../sources/index.js';
import { buildClaudeSafely, buildCodexSafely, buildSafely } from './build-safely.js';
import { buildUnclaimedSubagent, claimSubagentFiles } from './claim-subagent-files.js';
import { firstSessionId, subagentOwnerKey, type UnitFile } from './session-unit.js';

export type { UnitFile } from './session-unit.js';

/** A top-level session built from a unit, with what orders it among all sessions. */
export interface BuiltSession {
  session: Session;
  /** 0: built from a session file; 1: from a subagent file no session claimed. */
  phase: 0 | 1;
  /** The file whose position among the inputs orders the session. */
  anchor: string;
}

export interface BuildUnitOptions {
  /** Codex sessions already built from the same files (each used once). */
  prebuilt?: ReadonlyMap<string, Session>;
  /** Told about a file whose sessions could not be built (they are left out; the other files go on). */
  onSkip?: (path: string, message: string) => void;
}

/**
 * Builds the sessions of a group of files (a unit, see `session-unit.ts`, or any set of whole units):
 * Claude Code session files claim the subagent files of their folder and session id (in input order),
 * unclaimed subagent files become sessions of their own, Codex sub-agent rollouts move under their parent
 * thread. `refs` are in input order; `fileOf` gives a file's records, or undefined for a file that could
 * not be read (it is skipped). Subagent files are asked for first (they say which session they belong
 * to), then each session file once, when it is built: a caller that reads on demand holds one session
 * file's records at a time.
 */
export async function buildUnit(
  refs: readonly SessionFileRef[],
  fileOf: (path: string) => UnitFile | undefined | Promise<UnitFile | undefined>,
  options: BuildUnitOptions = {},
): Promise<BuiltSession[]> {
  const subagentRefs = refs.filter((r) => r.role === 'subagent');
  const subagentFiles = new Map<string, UnitFile>();
  const subagentsBySession = new Map<string, SessionFileRef[]>();
  for (const ref of subagentRefs) {
    const file = await fileOf(ref.path);
    if (!file) continue;
    subagentFiles.set(ref.path, file);
    const key = subagentOwnerKey(ref, firstSessionId(file.records));
    const list = subagentsBySession.get(key);
    if (list) list.push(ref);
    else subagentsBySession.set(key, [ref]);
  }

  const built: BuiltSession[] = [];
  // Per file: whatever a file holds, a failure to build it is reported and the other files go on.
  const guarded = (path: string, phase: 0 | 1, build: () => Session[]) => {
    try {
      for (const session of build()) built.push({ session, phase, anchor: path });
    } catch (error) {
      if (!options.onSkip) throw error;
      options.onSkip(
        path,
        `"${path}" could not be built into a session (${errorText(error)}); it is left out.`,
      );
    }
  };
  const claimed = new Set<string>();
  for (const ref of refs) {
    if (ref.role !== 'session') continue;
    const file = await fileOf(ref.path);
    if (!file) continue;
    const building = file.agent === undefined ? undefined : adapterFor(file.agent)?.build;
    if (building?.kind === 'file') {
      guarded(ref.path, 0, () => [buildSafely(file, (f) => building.buildSession(f))]);
      continue;
    }
    if (file.agent === 'codex') {
      const prebuilt = options.prebuilt?.get(ref.path);
      guarded(ref.path, 0, () => [prebuilt ?? buildCodexSafely(file)]);
      continue;
    }
    const subRefs = subagentsBySession.get(`${ref.projectDir ?? ''}\u0000${claudeSessionIdOf(file)}`) ?? [];
    const subFiles = await claimSubagentFiles(subRefs, (path) => subagentFiles.get(path), claimed);
    guarded(ref.path, 0, () => buildClaudeSafely(file, subFiles));
  }
  for (const ref of subagentRefs) {
    const file = subagentFiles.get(ref.path);
    if (file && !claimed.has(ref.path)) guarded(ref.path, 1, () => [buildUnclaimedSubagent(ref, file)]);
  }
  return linkCodexThreads(built, (b) => b.session);
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
