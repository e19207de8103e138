/**
 * A unit (see `session-unit.ts`) built for `usage` alone: its files read by `readUsageFile` (Claude Code
 * records cut to what usage needs), built by the same `buildUnit` as every command, and each top-level
 * session kept as a {@link UsageTree}: what the usage report and the session filters read of a session tree,
 * plain data that crosses to the main thread cheaply.
 */
import type { Session } from '../model/session.js';
import type { UsageEntry } from '../model/usage.js';
import { ReadError } from '../reader/index.js';
import type { Agent } from '../schemas/common/agent.js';
import type { SessionFileRef } from '../sources/index.js';
import { buildUnit } from './build-unit.js';
import { tooLargeToBuild } from './heap-fit.js';
import { holdsConversation } from './holds-conversation.js';
import type { ReadFile } from './load-sessions.js';
import { readUsageFile } from './read-usage-file.js';

/** A session as usage reads it: its identity, folder, times, usage entries and subagents (in tree order). */
export interface UsageSession {
  id: string;
  agent: Agent;
  files: string[];
  project?: string;
  cwds: string[];
  startTime?: string;
  endTime?: string;
  usageEntries: UsageEntry[];
  subagents: { session: UsageSession }[];
}

/** A top-level session of a unit, with what orders it among all sessions (`BuiltSession`). */
export interface UsageTree {
  session: UsageSession;
  phase: 0 | 1;
  anchor: string;
  /** `holdsConversation` of the whole session: false for files with metadata only (not listed). */
  conversation: boolean;
}

/** Builds one unit's files (in input order) into usage trees; files that cannot be read are told to `onSkip`. */
export async function buildUsageUnit(
  refs: readonly SessionFileRef[],
  onSkip: (path: string, message: string) => void,
): Promise<UsageTree[]> {
  const byPath = new Map(refs.map((r) => [r.path, r]));
  const read = async (path: string): Promise<ReadFile | undefined> => {
    const ref = byPath.get(path);
    const tooLarge = tooLargeToBuild(path, ref?.size ?? 0, 'usage');
    if (tooLarge !== undefined) {
      onSkip(path, tooLarge);
      return undefined;
    }
    try {
      return await readUsageFile(ref ?? { path, agent: 'unknown' });
    } catch (error) {
      if (!(error instanceof ReadError)) throw error;
      onSkip(path, error.message);
      return undefined;
    }
  };
  const built = await buildUnit(refs, read, { onSkip });
  return built.map((b) => ({
    session: usageSessionOf(b.session),
    phase: b.phase,
    anchor: b.anchor,
    conversation: holdsConversation(b.session),
  }));
}

/** The part of a session (and its subagents) that usage reads. */
export function usageSessionOf(session: Session): UsageSession {
  return {
    id: session.id,
    agent: session.agent,
    files: session.files,
    ...(session.project === undefined ? {} : { project: session.project }),
    cwds: session.cwds,
    ...(session.startTime === undefined ? {} : { startTime: session.startTime }),
    ...(session.endTime === undefined ? {} : { endTime: session.endTime }),
    usageEntries: session.usageEntries,
    subagents: session.subagents.map((s) => ({ session: usageSessionOf(s.session) })),
  };
}
