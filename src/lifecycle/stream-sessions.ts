import type { Session } from '../model/session.js';
import { ReadError, readJsonl } from '../reader/index.js';
import { decodeCodexLine, looksLikeCodexRollout } from '../schemas/codex/decode-line.js';
import type { SessionFileRef } from '../sources/index.js';
import { claudeSessionIdOf } from './claude-code/build-claude-code-session.js';
import { type LoadOptions, loadSessions, matchesFilter, type SessionFilter } from './load-sessions.js';
import { obj, str } from './value-access.js';

export interface StreamOptions extends LoadOptions {
  /** Only top-level sessions that pass the filter are yielded (their subagents come with them). */
  filter?: SessionFilter;
}

/** What a file's first records say about the session it belongs to (read without keeping the records). */
interface FileKey {
  kind: 'claude' | 'codex' | 'alone';
  key: string;
  /** Codex: the parent thread id of a sub-agent rollout. */
  parent?: string;
}

const uuidStem = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Yields top-level sessions (with their subagents) one unit at a time, so that memory holds one unit's
 * records, never all of them: a unit is a Claude Code session file with the subagent files of its folder
 * and session id, or a Codex thread with the sub-agent threads linked to it (the grouping `loadSessions`
 * makes). A first pass reads only what grouping needs (the first record or two of most files); then each
 * unit is read and built by `loadSessions`, so sessions are the same as `loadSessions` builds from all files.
 * Units come in input order (the order of their first file); `onProgress` counts files.
 */
export async function* streamSessions(
  refs: readonly SessionFileRef[],
  options: StreamOptions = {},
): AsyncGenerator<Session> {
  const units = new Map<string, SessionFileRef[]>();
  const codexParents = new Map<string, string>();
  const keys = new Map<SessionFileRef, FileKey>();
  for (const ref of refs) {
    const key = await fileKey(ref);
    keys.set(ref, key);
    if (key.kind === 'codex') {
      const a = findRoot(codexParents, key.key);
      if (key.parent !== undefined) {
        const b = findRoot(codexParents, key.parent);
        const [low, high] = a < b ? [a, b] : [b, a];
        if (low !== high) codexParents.set(high, low);
      }
    }
  }
  for (const ref of refs) {
    const key = keys.get(ref) as FileKey;
    const unitKey =
      key.kind === 'codex' ? `codex\u0000${findRoot(codexParents, key.key)}` : `${key.kind}\u0000${key.key}`;
    const list = units.get(unitKey);
    if (list) list.push(ref);
    else units.set(unitKey, [ref]);
  }
  let done = 0;
  for (const unit of units.values()) {
    const sessions = await loadSessions(unit, {
      ...(options.onSkip ? { onSkip: options.onSkip } : {}),
      onProgress: () => options.onProgress?.(++done, refs.length),
    });
    for (const session of sessions)
      if (options.filter === undefined || matchesFilter(session, options.filter)) yield session;
  }
}

/** Union-find root of a thread id (registering it when new). */
function findRoot(parents: Map<string, string>, id: string): string {
  if (!parents.has(id)) parents.set(id, id);
  let root = id;
  for (let next = parents.get(root); next !== undefined && next !== root; next = parents.get(root))
    root = next;
  parents.set(id, root);
  return root;
}

/** The grouping key of a file, from the fewest records that decide it. */
async function fileKey(ref: SessionFileRef): Promise<FileKey> {
  const folder = ref.projectDir ?? '';
  const stem = (ref.path.split(/[\\/]/).pop() ?? ref.path).replace(/\.jsonl$/, '');
  if (ref.role === 'subagent' && ref.parentSessionId !== undefined)
    return { kind: 'claude', key: `${folder}\u0000${ref.parentSessionId}` };
  if (ref.role === 'session' && ref.agent === 'claude-code' && uuidStem.test(stem))
    return { kind: 'claude', key: `${folder}\u0000${stem.toLowerCase()}` };
  try {
    let codex: boolean | undefined;
    let lastSessionId: string | undefined;
    let index = 0;
    for await (const result of readJsonl(ref.path, { chunkSize: 64 * 1024 })) {
      if (!result.ok) continue;
      const value = result.value;
      codex ??= looksLikeCodexRollout(value);
      if (codex) {
        // The thread id and parent thread of a rollout are in its session_meta, the first record in practice.
        const line = decodeCodexLine(value, 'envelope', { lineIndex: index++ });
        if (line.type === 'session_meta') return codexKey(ref, line.payload);
        if (index >= 50) break;
        continue;
      }
      const id = str(value.sessionId);
      if (id === undefined) continue;
      if (ref.role === 'subagent') return { kind: 'claude', key: `${folder}\u0000${id}` };
      lastSessionId = id;
    }
    if (codex) return codexKey(ref, {});
    if (ref.role === 'subagent') return { kind: 'claude', key: `${folder}\u0000` };
    const records =
      lastSessionId === undefined
        ? []
        : [{ value: { sessionId: lastSessionId }, location: { file: ref.path, line: 0 } }];
    return { kind: 'claude', key: `${folder}\u0000${claudeSessionIdOf({ file: ref.path, records })}` };
  } catch (error) {
    // Unreadable: a unit of its own, where loadSessions reports it.
    if (error instanceof ReadError) return { kind: 'alone', key: ref.path };
    throw error;
  }
}

/** A Codex rollout's key: its thread id (as `buildCodexSession` decides it) and its parent thread. */
function codexKey(ref: SessionFileRef, meta: Record<string, unknown>): FileKey {
  if (ref.role !== 'session') return { kind: 'alone', key: ref.path };
  const names = (ref.path.split(/[\\/]/).pop() ?? '').match(
    /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi,
  );
  const id = str(meta.id) ?? names?.at(-1);
  if (id === undefined) return { kind: 'alone', key: ref.path };
  const parent = str(obj(obj(obj(meta.source)?.subagent)?.thread_spawn)?.parent_thread_id);
  return { kind: 'codex', key: id, ...(parent === undefined ? {} : { parent }) };
}
