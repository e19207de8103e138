// The units the index stores (`_units`): what a refresh keeps of each, and their removal with their rows.
import type { IndexDb } from './open-index.js';
import { createRowWriter } from './row-writer.js';

/** A unit as `_units` stores it. */
export interface StoredUnit {
  id: number;
  key: string;
  signature: string;
  searchable: number;
  search_first: number | null;
  search_last: number | null;
}

/** Removes units with their rows and search entries; their files stay, belonging to no unit. */
export function removeUnits(
  db: IndexDb['db'],
  ids: readonly number[],
  stored: ReadonlyMap<string, StoredUnit>,
): void {
  if (ids.length === 0) return;
  const byId = new Map([...stored.values()].map((u) => [u.id, u]));
  const rowWriter = createRowWriter(db);
  const removeUnit = db.prepare('DELETE FROM _units WHERE id = ?');
  const release = db.prepare('UPDATE files SET unit_id = NULL WHERE unit_id = ?');
  for (const id of ids) {
    const unit = byId.get(id);
    rowWriter.remove(id, unit?.search_first ?? null, unit?.search_last ?? null);
    removeUnit.run(id);
    release.run(id);
  }
}
