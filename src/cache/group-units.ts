// Units as the index keeps them: the files that build together (a session file with its subagent files, a
// Codex thread family), grouped by lifecycle's `groupUnits` from each file's stored keys, with a signature of
// their states (equal signatures, equal rows).
import { createHash } from 'node:crypto';
import { groupUnits as groupFiles } from '../lifecycle/session-unit.js';
import { isAgent } from '../schemas/common/agent.js';
import type { SessionFileRef } from '../sources/index.js';
import type { FileRow } from './file-store.js';

/** Files that build together, and a signature of their states: equal signatures, equal sessions. */
export interface Unit {
  key: string;
  signature: string;
  /** In input order. */
  refs: SessionFileRef[];
}

/**
 * Groups indexed files into units (lifecycle's `groupUnits`, with each file's keys from its stored row:
 * `agent`, `session_key`, `parent_key`) and signs each with its members' stored states.
 */
export function groupUnits(refs: readonly SessionFileRef[], rows: ReadonlyMap<string, FileRow>): Unit[] {
  const entries = refs.flatMap((ref) => {
    const row = rows.get(ref.path);
    if (!row) return [];
    return [
      {
        ref,
        row,
        facts: {
          agent: row.agent !== null && isAgent(row.agent) ? row.agent : undefined,
          sessionKey: row.session_key ?? undefined,
          parentKey: row.parent_key ?? undefined,
        },
      },
    ];
  });
  return groupFiles(entries).map(({ key, members }) => {
    const hash = createHash('sha1').update(key);
    for (const { ref, row } of members)
      hash.update(
        `\u0000${ref.path}\u0000${row.ref}\u0000${row.size}\u0000${row.mtime_ms}\u0000${row.identity ?? ''}\u0000${row.fingerprint}\u0000${row.consumed_bytes}\u0000${row.tail?.length ?? -1}`,
      );
    return { key, refs: members.map((m) => m.ref), signature: hash.digest('base64url') };
  });
}
