import { createHash } from 'node:crypto';
import type { SessionFileRef } from '../sources/index.js';
import { subagentOwnerKey } from './build-unit.js';
import type { FileRow } from './file-store.js';

/** Files that build together, and a signature of their states: equal signatures, equal sessions. */
export interface Unit {
  key: string;
  signature: string;
  /** In input order. */
  refs: SessionFileRef[];
}

/**
 * Groups files into units, in input order: a Claude Code session file with the subagent files of the same
 * folder and session id (the grouping of lifecycle's `loadSessions`); a Codex thread with the threads
 * linked to it by parent ids. Keys come from the stored rows (`session_key`, `parent_key`).
 */
export function groupUnits(refs: readonly SessionFileRef[], rows: ReadonlyMap<string, FileRow>): Unit[] {
  const parents = new Map<string, string>();
  const find = (id: string): string => {
    let root = id;
    for (let next = parents.get(root); next !== undefined && next !== root; next = parents.get(root))
      root = next;
    parents.set(id, root);
    return root;
  };
  const add = (id: string) => {
    if (!parents.has(id)) parents.set(id, id);
  };
  for (const ref of refs) {
    const row = rows.get(ref.path);
    if (!row || !isCodexSession(ref, row)) continue;
    const id = row.session_key ?? ref.path;
    add(id);
    if (row.parent_key === null) continue;
    add(row.parent_key);
    const a = find(id);
    const b = find(row.parent_key);
    if (a < b) parents.set(b, a);
    else if (b < a) parents.set(a, b);
  }
  const units = new Map<string, { refs: SessionFileRef[]; hash: ReturnType<typeof createHash> }>();
  for (const ref of refs) {
    const row = rows.get(ref.path);
    if (!row) continue;
    const key =
      ref.role === 'subagent'
        ? `claude\u0000${subagentOwnerKey(ref, row.session_key ?? undefined)}`
        : isCodexSession(ref, row)
          ? `codex\u0000${find(row.session_key ?? ref.path)}`
          : `claude\u0000${ref.projectDir ?? ''}\u0000${row.session_key ?? ''}`;
    let unit = units.get(key);
    if (!unit) {
      unit = { refs: [], hash: createHash('sha1').update(key) };
      units.set(key, unit);
    }
    unit.refs.push(ref);
    unit.hash.update(
      `\u0000${ref.path}\u0000${row.ref}\u0000${row.size}\u0000${row.mtime_ms}\u0000${row.identity ?? ''}\u0000${row.fingerprint}\u0000${row.consumed_bytes}\u0000${row.tail?.length ?? -1}`,
    );
  }
  return [...units].map(([key, unit]) => ({
    key,
    refs: unit.refs,
    signature: unit.hash.digest('base64url'),
  }));
}

function isCodexSession(ref: SessionFileRef, row: FileRow): boolean {
  return ref.role === 'session' && row.agent === 'codex';
}
