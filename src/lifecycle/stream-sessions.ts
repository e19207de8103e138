import type { Session } from '../model/session.js';
import type { SessionFileRef } from '../sources/index.js';
import { type LoadOptions, loadSessions, matchesFilter, type SessionFilter } from './load-sessions.js';
import { groupUnits, probeUnitKeyFacts, type UnitKeyFacts } from './session-unit.js';
export interface StreamOptions extends LoadOptions {
  /** Only top-level sessions that pass the filter are yielded (their subagents come with them). */
  filter?: SessionFilter;
}

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
  for (const ref of refs) entries.push({ ref, facts: await probeUnitKeyFacts(ref) });
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
