// The order in which a refresh reads files: unit by unit (a session file with its subagent files, a Codex
// thread family), from each file's stored unit keys or, for a file new to the index, from its first records,
// so that a unit is stored as soon as its last file is read.
import { groupUnits as groupFiles, probeUnitKeyFacts, type UnitKeyFacts } from '../lifecycle/session-unit.js';
import { isAgent } from '../schemas/common/agent.js';
import type { SessionFileRef } from '../sources/index.js';
import type { FileRow } from './file-store.js';

/** A unit as planned before its files are read. */
export interface PlannedUnit {
  key: string;
  members: SessionFileRef[];
}

/**
 * The files in the order they are read: unit by unit, in the order of each unit's first file, grouped by
 * what the stored rows say (or, for files not stored yet, their first records). Only an order: the units
 * built are those the rows give once the files are read.
 */
export async function scheduleUnits(
  refs: readonly SessionFileRef[],
  rows: ReadonlyMap<string, FileRow>,
): Promise<PlannedUnit[]> {
  const entries: { ref: SessionFileRef; facts: UnitKeyFacts }[] = [];
  for (const ref of refs) {
    const row = rows.get(ref.path);
    const facts: UnitKeyFacts = row
      ? {
          agent: row.agent !== null && isAgent(row.agent) ? row.agent : undefined,
          sessionKey: row.session_key ?? undefined,
          parentKey: row.parent_key ?? undefined,
        }
      : await probeUnitKeyFacts(ref);
    entries.push({ ref, facts });
  }
  return groupFiles(entries).map((unit) => ({ key: unit.key, members: unit.members.map((m) => m.ref) }));
}
