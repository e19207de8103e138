// The report models of units a refresh reused, decoded for the commands that still take sessions (`serve`,
// `search`, `otlp`, the MCP server); what the refresh built or appended in this run it hands over undecoded.
import type Database from 'better-sqlite3';
import { createModelRowsReader } from './model-rows.js';
import { type ModelRows, unpackReportModel } from './report-model-codec.js';
import type { UnitModels } from './store-unit.js';

/**
 * The stored report models of the units `wanted` picks, decoded with their rows; a unit with a model that
 * cannot be decoded (a damaged row) is `damaged`, for the refresh to build again from its files. The models
 * and the rows come from one snapshot (another process may commit between two statements).
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
    const rowsOf = createModelRowsReader(db);
    let unitRows: { unit: number; rows: ModelRows } | undefined;
    for (const row of db.prepare('SELECT unit_id, anchor, phase, model FROM _models').iterate() as Iterable<{
      unit_id: number;
      anchor: string;
      phase: number;
      model: Buffer;
    }>) {
      if (!wanted(row.unit_id) || damaged.has(row.unit_id)) continue;
      try {
        // A unit's models are stored together: its rows are read once for them.
        if (unitRows?.unit !== row.unit_id) unitRows = { unit: row.unit_id, rows: rowsOf(row.unit_id) };
        const session = unpackReportModel(row.model, unitRows.rows);
        decoded.push({ unitId: row.unit_id, phase: row.phase, anchor: row.anchor, session });
      } catch {
        damaged.add(row.unit_id);
      }
    }
  } finally {
    if (snapshot) db.exec('COMMIT');
  }
  return { decoded, damaged };
}
