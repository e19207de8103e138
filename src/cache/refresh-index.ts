// The refresh: brings the index up to date with a run's files. Unchanged files are not read, grown ones are
// read from where the last read stopped (`update-file.ts`), unit by unit; a unit whose files changed is stored
// as soon as they are read (`read-and-store-units.ts`, `store-unit.ts`: appended when its files only grew, else
// built again); then every unit, as the rows now group them, is reused or built again, and the rows are written
// in large transactions (ARCHITECTURE.md, "The index", steps 0 to 5).
import path from 'node:path';
import type { Session } from '../model/session.js';
import { decodeStoredModels } from './decode-stored-models.js';
import { loadFileRows } from './file-rows.js';
import type { FileRow } from './file-store.js';
import { groupUnits, type Unit } from './group-units.js';
import { indexInSlices } from './index-in-slices.js';
import type { IndexDb } from './open-index.js';
import { readAndStoreUnits } from './read-and-store-units.js';
import type { RefreshOptions } from './refresh-options.js';
import type { RefreshStats } from './refresh-stats.js';
import { createRefreshRun, createUnitStore, type UnitModels } from './store-unit.js';
import { removeUnits, type StoredUnit } from './stored-units.js';
import { inputsHash, saveInputsHash, storedInputs, unchangedRefresh } from './unchanged-inputs.js';
import { createBatch, IndexChangedError } from './write-batch.js';

export type { RefreshStats } from './refresh-stats.js';

export interface RefreshResult {
  /** Top-level sessions as report models, in the order lifecycle's `loadSessions` returns them. */
  sessions: Session[];
  stats: RefreshStats;
}

/**
 * Brings the index up to date with `refs` and returns their sessions: unchanged files are not read, grown
 * files whose consumed prefix is unchanged are read from where the last read stopped, other changed files
 * are read again whole, files gone from under `roots` are removed. A unit whose files only grew takes the
 * appended lines (`append-unit.ts`); other units whose files changed are built again with the lifecycle
 * builders; the others come from their stored report models (see `toReportModel`).
 */
export async function refreshIndex(index: IndexDb, options: RefreshOptions): Promise<RefreshResult> {
  const inputsKey = options.inputsHash ?? inputsHash(options);
  const current = options.sessions === false ? unchangedRefresh(index, options, inputsKey) : undefined;
  if (current) return current;
  const sliced = await indexInSlices(index, options, async (step) => (await refreshIndex(index, step)).stats);
  // A run reads the stored state without a lock, and takes the write lock only when it has something to
  // write; when another process committed in between, what it read may be stale: it starts again. After two
  // such restarts it holds the write lock from the start to the end (one transaction), so it always ends.
  for (let attempt = 0; ; attempt += 1) {
    const skipped: [string, string][] = [];
    const warnings: string[] = [];
    try {
      const result = await refreshOnce(
        index,
        {
          ...options,
          onSkip: (file, message) => skipped.push([file, message]),
          onWarning: (message) => warnings.push(message),
        },
        attempt >= 2,
        inputsKey,
      );
      for (const message of warnings) options.onWarning?.(message);
      for (const [file, message] of skipped) options.onSkip?.(file, message);
      result.stats.sliceSteps = sliced.steps;
      result.stats.bytesParsed += sliced.bytesParsed;
      result.stats.unitsBuilt += sliced.unitsBuilt;
      return result;
    } catch (error) {
      if (!(error instanceof IndexChangedError)) throw error;
    }
  }
}

async function refreshOnce(
  index: IndexDb,
  options: RefreshOptions,
  locked: boolean,
  inputsKey: string,
): Promise<RefreshResult> {
  const { db } = index;
  const stats: RefreshStats = {
    files: options.refs.length,
    unchanged: 0,
    appended: 0,
    reread: 0,
    added: 0,
    removed: 0,
    skipped: 0,
    bytesParsed: 0,
    unitsBuilt: 0,
    unitsAppended: 0,
    unitsAppendedFromLastPrompt: 0,
    unitsReused: 0,
    loadedBack: 0,
    sliceSteps: 0,
  };
  const batch = createBatch(db, locked);
  try {
    const rows = loadFileRows(db, options);
    const superseded = new Set<number>();
    const deleteFile = db.prepare('DELETE FROM files WHERE path = ?');
    const deleteFacts = db.prepare('DELETE FROM _facts WHERE path = ?');
    const forget = (row: FileRow) => {
      batch.begin();
      deleteFile.run(row.path);
      deleteFacts.run(row.path);
      if (row.unit_id !== null) superseded.add(row.unit_id);
      rows.delete(row.path);
    };

    const inputs = new Set(options.refs.map((r) => r.path));
    for (const row of [...rows.values()]) {
      if (inputs.has(row.path) || !isUnder(row.path, options.roots)) continue;
      forget(row);
      stats.removed += 1;
    }

    const stored = new Map(
      (
        db
          .prepare('SELECT id, key, signature, searchable, search_first, search_last FROM _units')
          .all() as StoredUnit[]
      ).map((u) => [u.key, u]),
    );
    const run = createRefreshRun({ db, options, stats, batch, rows, stored, forget });
    const unitStore = createUnitStore(run);
    const { build, buildAndStore, writeSearch } = unitStore;

    // Files are read unit by unit, and a unit is stored as soon as its files are read.
    await readAndStoreUnits(run, options, superseded, unitStore);

    // Every unit, as the rows now group them: the ones built above are stored and unchanged now; a unit
    // whose files the schedule split (another process changed them meanwhile) is built here.
    const units = groupUnits(
      options.refs.filter((r) => rows.has(r.path)),
      rows,
    );
    const reused = new Map<number, Unit>();
    let unsearched: { id: number; unit: Unit }[] = [];
    const dirty: Unit[] = [];
    for (const unit of units) {
      const previous = stored.get(unit.key);
      if (
        previous &&
        previous.signature === unit.signature &&
        !superseded.has(previous.id) &&
        !run.removed.has(previous.id)
      ) {
        reused.set(previous.id, unit);
        if (options.search && previous.searchable === 0) unsearched.push({ id: previous.id, unit });
        continue;
      }
      if (previous) superseded.add(previous.id);
      dirty.push(unit);
    }
    const built: UnitModels[] = [];
    // The stored report models of reused units; a unit with a model that cannot be decoded (a damaged
    // row) is built again from its files instead.
    for (const [id, models] of run.earlyModels) if (reused.has(id)) built.push(...models);
    if (options.sessions !== false && [...reused.keys()].some((id) => !run.earlyModels.has(id))) {
      const { decoded, damaged } = decodeStoredModels(db, (id) => reused.has(id) && !run.earlyModels.has(id));
      for (const { unitId, ...entry } of decoded) if (!damaged.has(unitId)) built.push(entry);
      for (const id of damaged) {
        dirty.push(reused.get(id) as Unit);
        reused.delete(id);
        superseded.add(id);
      }
      unsearched = unsearched.filter((entry) => !damaged.has(entry.id));
      if (damaged.size > 0)
        options.onWarning?.(
          `The index "${index.file}" held ${damaged.size} damaged session ${damaged.size === 1 ? 'group' : 'groups'}; ${damaged.size === 1 ? 'it was' : 'they were'} built again from the logs.`,
        );
    }
    for (const ref of options.refs) {
      const unitId = rows.get(ref.path)?.unit_id;
      if (unitId !== undefined && unitId !== null && !reused.has(unitId)) superseded.add(unitId);
    }
    const stale = [...superseded].filter((id) => !reused.has(id) && !run.removed.has(id));
    if (stale.length > 0) batch.begin();
    removeUnits(db, stale, stored);
    for (const id of stale) run.removed.add(id);
    for (const unit of dirty) built.push(...(await buildAndStore(unit)));
    stats.unitsReused = [...reused.keys()].filter((id) => !run.builtIds.has(id)).length;
    // Units indexed by data commands before: their texts go into search now.
    for (const { id, unit } of unsearched) {
      const sessions = await build(unit);
      // Too large to read back here: left without search rows (the next `search` tries again).
      if (sessions === undefined) continue;
      batch.begin();
      writeSearch(sessions, id);
      batch.maybeCommit();
    }

    if (stats.unchanged < stats.files || stats.removed > 0 || stats.unitsBuilt > 0) {
      batch.begin();
      db.prepare("INSERT OR REPLACE INTO _meta (key, value) VALUES ('updated_at', ?)").run(
        new Date().toISOString(),
      );
    }
    // The index is now up to date with these inputs, unless a file could not be read (tried again next time).
    const unitIds = new Set(options.refs.map((r) => rows.get(r.path)?.unit_id).filter((id) => id != null));
    const upToDate = stats.skipped === 0 ? { hash: inputsKey, units: unitIds.size } : undefined;
    const last = storedInputs(db);
    if (last?.hash !== upToDate?.hash || last?.units !== upToDate?.units) {
      batch.begin();
      saveInputsHash(db, upToDate);
    }
    batch.assertUnchanged();
    batch.commit();

    const position = new Map(options.refs.map((r, i) => [r.path, i]));
    built.sort((a, b) => a.phase - b.phase || (position.get(a.anchor) ?? 0) - (position.get(b.anchor) ?? 0));
    return { sessions: options.sessions === false ? [] : built.map((b) => b.session), stats };
  } finally {
    batch.rollback();
  }
}

/** True when `file` is one of `roots` or inside one of them. */
function isUnder(file: string, roots: readonly string[]): boolean {
  return roots.some(
    (root) => file === root || file.startsWith(root.endsWith(path.sep) ? root : root + path.sep),
  );
}
