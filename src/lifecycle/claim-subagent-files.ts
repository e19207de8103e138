import { buildClaudeCodeSession } from '../agents/claude-code/build-session.js';
import type { RecordFile } from '../agents/record-file.js';
import { adapterFor } from '../agents/registry.js';
import type { Session } from '../model/session.js';
import { readPathOf } from '../reader/read-path.js';
import { readAgentMeta, type SessionFileRef } from '../sources/index.js';
import { buildCodexSafely, buildSafely } from './build-safely.js';
import type { UnitFile } from './session-unit.js';
import { str } from './value-access.js';

/**
 * The subagent files a Claude Code session file claims (`subRefs`, in input order), each once: files
 * already `claimed` or not read (`fileOf` gives undefined) are passed over; each file carries its agent id
 * and the link fields of its `meta.json`. Adds what it claims to `claimed`.
 */
export async function claimSubagentFiles(
  subRefs: readonly SessionFileRef[],
  fileOf: (path: string) => RecordFile | undefined,
  claimed: Set<string>,
): Promise<RecordFile[]> {
  const subFiles: RecordFile[] = [];
  for (const sub of subRefs) {
    const subFile = fileOf(sub.path);
    if (!subFile || claimed.has(sub.path)) continue;
    claimed.add(sub.path);
    const meta = sub.metaPath === undefined ? undefined : await readAgentMeta(await readPathOf(sub.metaPath));
    subFiles.push({
      ...subFile,
      ...(sub.agentId === undefined ? {} : { agentId: sub.agentId }),
      ...(meta === undefined ? {} : { meta: pickMeta(meta) }),
    });
  }
  return subFiles;
}

/**
 * A subagent file no session claimed, as a session of its own so that nothing read is lost: a Claude Code
 * file is marked `isSubagent` with its agent id; a Codex rollout is built as any rollout.
 */
export function buildUnclaimedSubagent(ref: SessionFileRef, file: UnitFile): Session {
  if (file.agent === 'codex') return buildCodexSafely(file);
  const building = file.agent === undefined ? undefined : adapterFor(file.agent)?.build;
  if (building?.kind === 'file') {
    const own = buildSafely(file, (f) => building.buildSession(f));
    own.isSubagent = true;
    return own;
  }
  const session = buildSafely(
    { ...file, ...(ref.agentId === undefined ? {} : { agentId: ref.agentId }) },
    (f) => buildClaudeCodeSession(f),
  );
  session.isSubagent = true;
  if (ref.agentId !== undefined) session.agentId = ref.agentId;
  return session;
}

/** The link fields of a subagent's `.meta.json` (`toolUseId`, `agentType`), when they are strings. */
export function pickMeta(meta: Record<string, unknown>): { toolUseId?: string; agentType?: string } {
  const toolUseId = str(meta.toolUseId);
  const agentType = str(meta.agentType);
  return {
    ...(toolUseId === undefined ? {} : { toolUseId }),
    ...(agentType === undefined ? {} : { agentType }),
  };
}
