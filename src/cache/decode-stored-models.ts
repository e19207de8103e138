// The stored sessions of units a refresh reused, decoded for the commands that still take sessions (`serve`,
// `search`, `otlp`, the MCP server); what the refresh built or appended in this run it hands over undecoded.
import type Database from 'better-sqlite3';
import { createStoredTreesReader } from './model-rows.js';
import type { UnitModels } from './store-unit.js';

/**
 * The stored sessions of the units `wanted` picks (their report models), decoded from their rows; a unit
 * whose rows cannot be decoded (a damaged row) is `damaged`, for the refresh to build again from its files.
 * The rows come from one snapshot (another process may commit between two statements).
 */
export function decodeStoredModels(
  db: Database.Database,
  wanted: (unitId: number) => boolean,
): { decoded: (UnitModels & { unitId: number })[]; damaged: Set<number> } {
  const damaged = new Set<number>();
  const decoded: (UnitModels & { unitId: number })[] = [];
  const snapshot = !db.inTransaction;
  if (snapshot) db.exec('BEGIN');
  try {
    const treesOf = createStoredTreesReader(db);
    for (const unitId of db.prepare('SELECT id FROM _units ORDER BY id').pluck().all() as number[]) {
      if (!wanted(unitId)) continue;
      try {
        for (const { anchor, phase, session } of treesOf(unitId))
          decoded.push({ unitId, phase, anchor, session });
      } catch {
        damaged.add(unitId);
      }
    }
  } finally {
    if (snapshot) db.exec('COMMIT');
  }
  return { decoded, damaged };
}
