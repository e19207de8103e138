// A built unit made ready to store, without the index: each top-level session's rows made (`planTreeRows`,
// its sessions' stored forms packed in them), its files' resume states packed. The refresh prepares the
// units it builds on the main thread, and a scan worker those it read and built itself (`cli/scan-worker.ts`);
// both are stored the same way (`store-unit.ts`), so a unit's rows do not depend on the thread that built it.
import type { BuiltSession } from '../lifecycle/build-unit.js';
import type { Session } from '../model/session.js';
import { rowBackable } from './model-rows.js';
import { resumeStatesOf } from './packed-resume.js';
import { toReportModel } from './report-model.js';
import { planTreeRows, type TreeRows } from './tree-rows.js';

/**
 * One top-level session of a prepared unit: its rows made (a worker's), or the built session they are made
 * from as they are written (this thread's: no tree's rows are held at once).
 */
export type PreparedTree = {
  anchor: string;
  phase: 0 | 1;
} & ({ rows: TreeRows } | { session: Session });

/** A unit ready to store (plain data, structured-clonable, when its rows are made). */
export interface PreparedUnit {
  trees: PreparedTree[];
  /** Its stored sessions leave their items to the rows (see `encodeStoredSession`). */
  rowBacked: boolean;
  /** Packed resume states by file (see `UnitAppender.saveResumes`). */
  resumes: [path: string, state: Buffer][];
}

/**
 * Prepares the sessions of a unit just built. `rows`: make the rows now (a worker's unit, handed over as
 * data), else keep the built sessions to write them from. `models`: also give their report models, in the
 * same order (for a run that hands sessions on; the stored forms are packed from the sessions themselves).
 */
export function prepareBuilt(
  built: readonly BuiltSession[],
  rows: boolean,
  models = false,
): { prepared: PreparedUnit; models: Session[] } {
  const rowBacked = rowBackable(built.map((entry) => entry.session));
  const reportModels: Session[] = [];
  const prepared: PreparedUnit = { trees: [], rowBacked, resumes: [] };
  for (const entry of built) {
    if (models) reportModels.push(toReportModel(entry.session));
    prepared.trees.push({
      anchor: entry.anchor,
      phase: entry.phase,
      ...(rows ? { rows: planTreeRows(entry.session, entry, rowBacked) } : { session: entry.session }),
    });
    prepared.resumes.push(...resumeStatesOf(entry.session));
  }
  return { prepared, models: reportModels };
}
