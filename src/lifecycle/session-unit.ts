/**
 * The unit: the files that only build together. A Claude Code session file goes with the subagent files of
 * its folder and session id (a subagent file no session claims stays in its owner's unit and becomes a
 * session of its own); a Codex thread goes with the sub-agent threads linked to it by parent thread ids.
 * The in-memory loader (`loadSessions`), the stream (`streamSessions`) and the index (`cache/`) all group
 * files with {@link groupUnits} and build a unit with `buildUnit`; they differ only in how they learn a
 * file's {@link UnitKeyFacts} (the stream reads a few records, the index keeps them per file).
 */

import { claudeSessionIdOf } from '../agents/claude-code/build-session.js';
import { decodeCodexLine } from '../agents/codex/decode-record.js';
import { readSource } from '../agents/read-source.js';
import type { RecordFile } from '../agents/record-file.js';
import { adapterFor, agentOfRecord } from '../agents/registry.js';
import { ReadError } from '../reader/index.js';
import type { Agent } from '../schemas/common/agent.js';
import type { SessionFileRef } from '../sources/index.js';
import { obj, str } from './value-access.js';

/** A file's records as the builders take them, with its agent decided from its first record. */
export interface UnitFile extends RecordFile {
  agent: Agent | undefined;
}

/** What a file's records say about the unit it belongs to. */
export interface UnitKeyFacts {
  /** The file's agent as its first record decides it (undefined: no record). */
  agent: Agent | undefined;
  /**
   * A Claude Code session file's session id (`claudeSessionIdOf`); a subagent file's first `sessionId` (the
   * session it belongs to); a Codex rollout's thread id. Undefined when the records name none.
   */
  sessionKey: string | undefined;
  /** A Codex rollout's parent thread id. */
  parentKey?: string | undefined;
}

/** A group of files that build together, in input order, with its key. */
export interface UnitGroup<T> {
  key: string;
  members: T[];
}

/**
 * Groups files into units, in input order (a unit comes where its first file comes). `entries` carry each
 * file's discovery ref and its {@link UnitKeyFacts}.
 */
export function groupUnits<T extends { ref: SessionFileRef; facts: UnitKeyFacts }>(
  entries: readonly T[],
): UnitGroup<T>[] {
  const threads = new Map<string, string>();
  const root = (id: string): string => {
    if (!threads.has(id)) threads.set(id, id);
    let top = id;
    for (let next = threads.get(top); next !== undefined && next !== top; next = threads.get(top)) top = next;
    threads.set(id, top);
    return top;
  };
  for (const { ref, facts } of entries) {
    if (!isCodexThread(ref, facts)) continue;
    const a = root(facts.sessionKey ?? ref.path);
    if (facts.parentKey === undefined) continue;
    const b = root(facts.parentKey);
    if (a < b) threads.set(b, a);
    else if (b < a) threads.set(a, b);
  }
  const units = new Map<string, T[]>();
  for (const entry of entries) {
    const { ref, facts } = entry;
    const key = isFileUnit(facts)
      ? `${facts.agent}\u0000${ref.path}`
      : ref.role === 'subagent'
        ? `claude\u0000${subagentOwnerKey(ref, facts.sessionKey)}`
        : isCodexThread(ref, facts)
          ? `codex\u0000${root(facts.sessionKey ?? ref.path)}`
          : `claude\u0000${ref.projectDir ?? ''}\u0000${facts.sessionKey ?? ''}`;
    const members = units.get(key);
    if (members) members.push(entry);
    else units.set(key, [entry]);
  }
  return [...units].map(([key, members]) => ({ key, members }));
}

/** The owner of a subagent file: its folder and the session it belongs to (from discovery or its records). */
export function subagentOwnerKey(ref: SessionFileRef, firstSession: string | undefined): string {
  return `${ref.projectDir ?? ''}\u0000${ref.parentSessionId ?? firstSession ?? ''}`;
}

/** A file of an agent whose adapter builds one session per file (`build.kind: 'file'`): a unit of its own. */
export function isFileUnit(facts: UnitKeyFacts): boolean {
  return facts.agent !== undefined && adapterFor(facts.agent)?.build.kind === 'file';
}

function isCodexThread(ref: SessionFileRef, facts: UnitKeyFacts): boolean {
  return ref.role === 'session' && facts.agent === 'codex';
}

/**
 * A Claude Code session file's id from its name and its last `sessionId` (`claudeSessionIdOf`, fed only
 * the last id, so that appends can keep it current without the earlier records).
 */
export function claudeKeyOf(path: string, lastSession: string | undefined): string {
  const records =
    lastSession === undefined
      ? []
      : [{ value: { sessionId: lastSession }, location: { file: path, line: 0 } }];
  return claudeSessionIdOf({ file: path, records });
}

/** The first string `sessionId` of the records (a subagent file's records name their parent session). */
export function firstSessionId(records: RecordFile['records']): string | undefined {
  for (const { value } of records) {
    const id = str(value.sessionId);
    if (id !== undefined) return id;
  }
  return undefined;
}

/** The last string `sessionId` of the records. */
export function lastSessionId(records: RecordFile['records']): string | undefined {
  for (let i = records.length - 1; i >= 0; i--) {
    const id = str(records[i]?.value.sessionId);
    if (id !== undefined) return id;
  }
  return undefined;
}

const uuidStem = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What decides a file's unit, from the fewest records: a session file named by a uuid needs none; a
 * subagent file its first `sessionId`; another Claude Code file its last; a Codex rollout its
 * `session_meta` (the first record in practice). An unreadable file is a unit of its own, where
 * `loadSessions` reports it.
 */
export async function probeUnitKeyFacts(ref: SessionFileRef): Promise<UnitKeyFacts> {
  const stem = (ref.path.split(/[\\/]/).pop() ?? ref.path).replace(/\.jsonl$/, '');
  if (ref.agent !== 'unknown' && adapterFor(ref.agent)?.build.kind === 'file')
    return { agent: ref.agent, sessionKey: undefined };
  if (ref.role === 'subagent' && ref.parentSessionId !== undefined)
    return { agent: 'claude-code', sessionKey: ref.parentSessionId };
  if (ref.role === 'session' && ref.agent === 'claude-code' && uuidStem.test(stem))
    return { agent: 'claude-code', sessionKey: stem.toLowerCase() };
  try {
    let codex: boolean | undefined;
    let lastSessionId: string | undefined;
    let index = 0;
    for await (const result of readSource(ref.path, { chunkSize: 64 * 1024 })) {
      if (!result.ok) continue;
      const value = result.value;
      if (codex === undefined) {
        const agent = agentOfRecord(value);
        if (adapterFor(agent)?.build.kind === 'file') return { agent, sessionKey: undefined };
        codex = agent === 'codex';
      }
      if (codex) {
        const line = decodeCodexLine(value, 'envelope', { lineIndex: index++ });
        if (line.type === 'session_meta') return codexFacts(ref, line.payload);
        if (index >= 50) break;
        continue;
      }
      const id = str(value.sessionId);
      if (id === undefined) continue;
      if (ref.role === 'subagent') return { agent: 'claude-code', sessionKey: id };
      lastSessionId = id;
    }
    if (codex) return codexFacts(ref, {});
    if (ref.role === 'subagent') return { agent: 'claude-code', sessionKey: undefined };
    return { agent: 'claude-code', sessionKey: claudeKeyOf(ref.path, lastSessionId) };
  } catch (error) {
    if (error instanceof ReadError) return { agent: undefined, sessionKey: `(unreadable)\u0000${ref.path}` };
    throw error;
  }
}

/** A Codex rollout's thread id (as `buildCodexSession` decides it) and its parent thread. */
export function codexFacts(ref: SessionFileRef, meta: Record<string, unknown>): UnitKeyFacts {
  const names = (ref.path.split(/[\\/]/).pop() ?? '').match(
    /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi,
  );
  const id = str(meta.id) ?? names?.at(-1) ?? `(no thread id)\u0000${ref.path}`;
  const parent = str(obj(obj(obj(meta.source)?.subagent)?.thread_spawn)?.parent_thread_id);
  return { agent: 'codex', sessionKey: id, ...(parent === undefined ? {} : { parentKey: parent }) };
}
