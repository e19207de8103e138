// The Codex half of the unit appender (`append-unit.ts`): a thread family's rollouts (a rollout alone too)
// take their new records through lifecycle's `appendCodexThread`, and the rows that changed are written, with
// the links to sub-agent threads that new calls name. The appender lends its writer and its helpers.
import {
  appendCodexThread,
  type ClaudeUnitChanges,
  type CodexThreadRead,
  type StoredResume,
} from '../lifecycle/append-session.js';
import { allSessions, sessionsByFile } from '../model/all-sessions.js';
import type { Session } from '../model/session.js';
import type { ChangeWriter } from './change-writer.js';
import { unpackResume } from './packed-resume.js';
import type { SettledTail } from './settle-tail.js';
import { sessionRowOf } from './unit-rows.js';
import type { AppendedRead } from './update-file.js';

/** What the unit appender lends: its change writer, its settling of a read's tail, its writing of a state. */
export interface CodexAppendTools {
  writer: ChangeWriter;
  settled(
    unitId: number,
    session: Session | undefined,
    read: AppendedRead,
    fileProblems: number,
  ): SettledTail | undefined;
  saveResume(path: string, resume: StoredResume): void;
}

/**
 * Appends the new records of a Codex thread family's rollouts to their stored sessions in the tree `root`
 * (decoded from the unit's rows), and the links to sub-agent threads that new calls name; false: build it.
 */
export function appendCodexUnit(
  unitId: number,
  root: Session,
  reads: ReadonlyMap<string, AppendedRead>,
  added: ClaudeUnitChanges['added'],
  { writer, settled, saveResume }: CodexAppendTools,
): boolean {
  if (added.length > 0) return false;
  const byFile = sessionsByFile(root);
  const changes: CodexThreadRead[] = [];
  for (const [path, read] of reads) {
    const resume = unpackResume(read.state);
    if (resume?.kind !== 'codex') return false;
    // A rollout's problems are all its file's.
    const session = byFile.get(path);
    const settledRead = settled(unitId, session, read, session?.problems.length ?? 0);
    if (settledRead === undefined) return false;
    changes.push({ path, resume, part: settledRead.part });
  }
  let result: ReturnType<typeof appendCodexThread>;
  try {
    result = appendCodexThread(root, changes);
  } catch {
    // Not appendable, or a record the fold could not take: a build says where, with its problems.
    return false;
  }
  // A Codex rollout's session row says whether it is a sub-agent thread, wherever it sits.
  for (const { path, change } of result.changes) {
    if (writer.writeChange(unitId, root, change, {}, change.session.isSubagent) === undefined) return false;
    saveResume(path, change.resume);
  }
  for (const child of result.linked) {
    const sessionRow = writer.sessionRow(unitId, child.id, child.isSubagent);
    const call = parentCallOf(root, child);
    if (sessionRow === undefined || call?.subagentId !== child.id) return false;
    if (!writer.linkCall(unitId, child.parentSessionId as string, call)) return false;
    writer.update('sessions', sessionRow, sessionRowOf(child, root));
  }
  return true;
}

/** The call of its parent session that a sub-agent thread is linked to. */
function parentCallOf(root: Session, child: Session) {
  for (const session of allSessions([root]))
    if (session.id === child.parentSessionId)
      return session.toolCalls.find((c) => c.id === child.parentToolCallId && c.status !== 'orphan_result');
  return undefined;
}
