import type { Session } from '../model/session.js';
import { ReadError, readJsonl } from '../reader/index.js';
import { decodeCodexLine, looksLikeCodexRollout } from '../schemas/codex/decode-line.js';
import type { SessionFileRef } from '../sources/index.js';
import { type LoadOptions, loadSessions, matchesFilter, type SessionFilter } from './load-sessions.js';
import { claudeKeyOf, groupUnits, type UnitKeyFacts } from './session-unit.js';
import { obj, str } from './value-access.js';

export interface StreamOptions extends LoadOptions {
  /** Only top-level sessions that pass the filter are yielded (their subagents come with them). */
  filter?: SessionFilter;
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
  const entries: { ref: SessionFileRef; facts: UnitKeyFacts }[] = [];
  for (const ref of refs) entries.push({ ref, facts: await unitKeyFacts(ref) });
  const units = groupUnits(entries).map((unit) => unit.members.map((m) => m.ref));
  let done = 0;
  for (const unit of units) {
    const sessions = await loadSessions(unit, {
      ...(options.onSkip ? { onSkip: options.onSkip } : {}),
      onProgress: () => options.onProgress?.(++done, refs.length),
    });
    for (const session of sessions)
      if (options.filter === undefined || matchesFilter(session, options.filter)) yield session;
  }
}

/**
 * What decides a file's unit, from the fewest records: a session file named by a uuid needs none; a
 * subagent file its first `sessionId`; another Claude Code file its last; a Codex rollout its
 * `session_meta` (the first record in practice). An unreadable file is a unit of its own, where
 * `loadSessions` reports it.
 */
async function unitKeyFacts(ref: SessionFileRef): Promise<UnitKeyFacts> {
  const stem = (ref.path.split(/[\\/]/).pop() ?? ref.path).replace(/\.jsonl$/, '');
  if (ref.role === 'subagent' && ref.parentSessionId !== undefined)
    return { agent: 'claude-code', sessionKey: ref.parentSessionId };
  if (ref.role === 'session' && ref.agent === 'claude-code' && uuidStem.test(stem))
    return { agent: 'claude-code', sessionKey: stem.toLowerCase() };
  try {
    let codex: boolean | undefined;
    let lastSessionId: string | undefined;
    let index = 0;
    for await (const result of readJsonl(ref.path, { chunkSize: 64 * 1024 })) {
      if (!result.ok) continue;
      const value = result.value;
      codex ??= looksLikeCodexRollout(value);
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
function codexFacts(ref: SessionFileRef, meta: Record<string, unknown>): UnitKeyFacts {
  const names = (ref.path.split(/[\\/]/).pop() ?? '').match(
    /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi,
  );
  const id = str(meta.id) ?? names?.at(-1) ?? `(no thread id)\u0000${ref.path}`;
  const parent = str(obj(obj(obj(meta.source)?.subagent)?.thread_spawn)?.parent_thread_id);
  return { agent: 'codex', sessionKey: id, ...(parent === undefined ? {} : { parentKey: parent }) };
}
