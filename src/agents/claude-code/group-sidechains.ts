import { str } from '../../schemas/common/value-access.js';
import type { LocatedRecord } from '../record-file.js';

/**
 * Sidechain records of the old layout, one group per subagent: by the agent id the first record of their
 * parent chain names, else by the chain's root (a subagent whose chain is broken, or written in several
 * pieces, stays one subagent instead of several that share an id).
 */
export function groupSidechains(records: readonly LocatedRecord[]): Map<string, LocatedRecord[]> {
  const parent = new Map<string, string | undefined>();
  const first = new Map<string, LocatedRecord>();
  for (const record of records) {
    const uuid = str(record.value.uuid);
    if (uuid !== undefined && !parent.has(uuid)) {
      parent.set(uuid, str(record.value.parentUuid));
      first.set(uuid, record);
    }
  }
  const rootOf = (uuid: string): string => {
    const seen = new Set<string>();
    let current = uuid;
    for (;;) {
      const next = parent.get(current);
      if (next === undefined || !parent.has(next) || seen.has(next)) return current;
      seen.add(current);
      current = next;
    }
  };
  const keyOf = (uuid: string): string => {
    const root = rootOf(uuid);
    const agentId = str(first.get(root)?.value.agentId);
    return agentId === undefined ? `root:${root}` : `agent:${agentId}`;
  };
  const groups = new Map<string, LocatedRecord[]>();
  for (const record of records) {
    const uuid = str(record.value.uuid);
    const key = uuid === undefined ? '(none)' : keyOf(uuid);
    const list = groups.get(key);
    if (list) list.push(record);
    else groups.set(key, [record]);
  }
  return groups;
}
