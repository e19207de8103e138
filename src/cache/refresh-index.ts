// The refresh: brings the index up to date with a run's files. Unchanged files are not read, grown ones are
// read from where the last read stopped (`update-file.ts`), unit by unit (`schedule-units.ts`); a unit whose
// files changed is stored as soon as they are read (`store-unit.ts`: appended when its files only grew, else
// built again), and the rows are written in large transactions (ARCHITECTURE.md, "The index", steps 0 to 5).
import path from 'node:path';
import { createHeapBudget } from '../lifecycle/heap-fit.js';
import { FileUnreadableError, type RecordSliceReader } from '../lifecycle/record-slice.js';
import type { Session } from '../model/session.js';
import type { SessionFileRef } from '../sources/index.js';
import { decodeStoredModels } from './decode-stored-models.js';
import { fileIdentity } from './file-identity.js';
import { loadFileRows, withValidation } from './file-rows.js';
import type { FileRow } from './file-store.js';
import { groupUnits, type Unit } from './group-units.js';
import type { IndexDb } from './open-index.js';
import type { UnitRead, UnitReader } from './read-whole-unit.js';
import type { RefreshStats } from './refresh-stats.js';
import { type PlannedUnit, scheduleUnits } from './schedule-units.js';
import { createRefreshRun, createUnitStore, type UnitModels } from './store-unit.js';
import { removeUnits, type StoredUnit } from './stored-units.js';
import { inputsHash, saveInputsHash, storedInputs, unchangedRefresh } from './unchanged-inputs.js';
import {
  createFileStore,
  finishFile,
  isUnchanged,
  linksChanged,
  type PendingFile,
  planRead,
  startFile,
} from './update-file.js';
import { createBatch, IndexChangedError } from './write-batch.js';

export interface RefreshOptions {
  /** The files of this run, in input order (discovery order). */
  refs: readonly SessionFileRef[];
  /** The input paths searched (absolute): indexed files under them that were not found are removed. */
  roots: readonly string[];
  /** Reads a file from a resume point (lifecycle's reader). */
  readSlice: RecordSliceReader;
  /**
   * A parallel reader (worker threads) used instead of `readSlice` when the files to read add up to at
   * least `minBytes`; `concurrency` reads are kept in flight.
   */
  parallel?: {
    readSlice: RecordSliceReader;
    concurrency: number;
    minBytes: number;
    maxFileBytes?: number;
    /**
     * Reads a unit of files new to the index whole and builds it, in a worker (`read-whole-unit.ts`): used
     * for such units when the run returns no sessions and fills no search rows.
     */
    readUnit?: UnitReader;
  };
  onProgress?: (done: number, total: number) => void;
  /**
   * Return the sessions (default true). False for a run answered by SQL over the rows (`src/cache/queries`):
   * the stored report models are not decoded and `sessions` comes back empty.
   */
  sessions?: boolean;
  /** Told (once per run) when damaged rows of the index were found and built again. */
  onWarning?: (message: string) => void;
  /** Called for each file that could not be read (it is skipped). */
  onSkip?: (path: string, message: string) => void;
  /**
   * Also fill the full-text `search` table for these files (default false: the data commands do not need
   * it; `search` and `cache update` ask for it, and units indexed before are completed then).
   */
  search?: boolean;
  /** `inputsHash` of these options, when the caller has it already. */
  inputsHash?: string;
  /**
   * Told the bytes read of each unit's files once the unit is stored and this thread dropped what it read
   * of them (0 for a unit none of whose files was read): the caller may collect garbage then (cli's
   * `release-memory.ts`).
   */
  release?: (bytes: number) => void;
}

export type { RefreshStats } from './refresh-stats.js';

export interface RefreshResult {
  /** Top-level sessions as report models, in the order lifecycle's `loadSessions` returns them. */
  sessions: Session[];
  stats: RefreshStats;
}

/** Files read ahead of the one being stored. */
const readAhead = 4;

/**
 * Files read ahead when workers read and build whole units: enough that a unit slow to build, or the large
 * file this thread reads itself, does not leave the workers idle (what is held meanwhile is each unit's rows).
 */
const unitsAhead = 8;

/** The parallel reader when there is enough to read for it, else the plain one. */
function chooseReader(
  options: RefreshOptions,
  rows: ReadonlyMap<string, FileRow>,
): { readSlice: RecordSliceReader; inFlight: number } {
  const { parallel } = options;
  if (parallel) {
    let bytes = 0;
    for (const ref of options.refs) {
      const row = rows.get(ref.path);
      if (!isUnchanged(row, ref)) bytes += ref.size - (row?.consumed_bytes ?? 0);
    }
    if (bytes >= parallel.minBytes)
      return { readSlice: parallel.readSlice, inFlight: Math.max(readAhead, parallel.concurrency) };
  }
  return { readSlice: options.readSlice, inFlight: readAhead };
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
    unitsReused: 0,
    loadedBack: 0,
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
    const { build, buildAndStore, appendTo, writeSearch } = createUnitStore(run);

    // Files are read unit by unit (the grouping their stored rows or first records give), and a unit is
    // built as soon as its files are read: memory holds the units being read, never every file read,
    // and no file is loaded back from the index. Write transactions start only when there is something
    // to write (a warm run takes no write lock).
    const store = createFileStore(db, batch.begin);
    const schedule = await scheduleUnits(options.refs, rows);
    const order = schedule.flatMap((unit) => unit.members);
    const left = new Map(schedule.map((unit) => [unit, unit.members.length]));
    const unitOf = new Map(schedule.flatMap((unit) => unit.members.map((ref) => [ref, unit] as const)));
    /** Planned units with a file read in this run. */
    const touched = new Set<PlannedUnit>();
    // Reads run a few files ahead (their I/O overlaps the storing of the previous ones); results are
    // stored in schedule order.
    const { readSlice, inFlight } = chooseReader(options, rows);
    const maxFileBytes = options.parallel?.maxFileBytes ?? Number.POSITIVE_INFINITY;
    // Units of new files are read and built whole by a worker when the run needs only their rows (and reads
    // nothing from the archive, whose redirected reads, meta sidecars too, this thread holds).
    const readUnit =
      readSlice === options.parallel?.readSlice &&
      options.sessions === false &&
      !options.search &&
      !options.refs.some((ref) => ref.fromArchive)
        ? options.parallel.readUnit
        : undefined;
    /** The worker reads of whole units started (by planned unit). */
    const unitReads = new Map<PlannedUnit, Promise<UnitRead>>();
    const ahead: PendingFile[] = [];
    let next = 0;
    /** Room for the files this thread reads whole, and what each of them reserved until its unit is built. */
    const budget = createHeapBudget('projected');
    const reservedSizes = new Map<string, number>();
    const fill = () => {
      while (ahead.length < (readUnit ? unitsAhead : inFlight) && next < order.length) {
        const ref = order[next++] as SessionFileRef;
        const planned = unitOf.get(ref) as PlannedUnit;
        if (
          readUnit &&
          !unitReads.has(planned) &&
          planned.members[0] === ref &&
          planned.members.every((m) => !rows.has(m.path) && m.size <= maxFileBytes)
        )
          unitReads.set(planned, readUnit(planned.members));
        const unitRead = unitReads.get(planned);
        if (unitRead) {
          ahead.push(startUnitFile(ref, planned.members.indexOf(ref), unitRead));
          continue;
        }
        // A file larger than `maxFileBytes` is read in this thread: a worker's read would be copied over
        // whole, holding the file's records twice.
        const large = ref.size > maxFileBytes;
        const known = rows.get(ref.path);
        const row = known !== undefined && !isUnchanged(known, ref) ? withValidation(db, known) : known;
        // What a file's read gives is held until its unit is built: the read waits while those read ahead
        // of it would leave it no room (unless nothing is ahead: then it alone is checked, as it starts).
        const plan = planRead(ref, row);
        const bytes = plan.read?.bytes ?? 0;
        if (bytes > 0) {
          if (!budget.reserve(bytes, ahead.length === 0)) {
            next -= 1;
            break;
          }
          reservedSizes.set(ref.path, bytes);
        }
        ahead.push(startFile(ref, row, large ? options.readSlice : readSlice, plan));
      }
    };
    let done = 0;
    /** Bytes read since the last unit was done (see `release`). */
    let parsedSinceRelease = 0;
    /**
     * Stores one file's read. Its own function, and the read let go of once stored: what a read gave is held
     * only by the run's `memory` (until its unit is built), not by the loop's variables, which an interpreted frame keeps
     * alive until they are assigned again (the next file's check for room would count it).
     */
    const storeRead = async (pending: PendingFile) => {
      const { ref } = pending;
      const update = await finishFile(pending, readSlice, store);
      pending.slice = undefined;
      if (update.how !== 'unchanged') touched.add(unitOf.get(ref) as PlannedUnit);
      rows.set(ref.path, update.row);
      stats[update.how] += 1;
      stats.bytesParsed += update.bytesParsed;
      parsedSinceRelease += update.bytesParsed;
      if (update.file) run.memory.keep(ref.path, update.file, update.codexSession);
      if (update.appended) run.appendedReads.set(ref.path, update.appended);
      if (update.how !== 'unchanged') run.changedPaths.add(ref.path);
      if (pending.row !== undefined && linksChanged(pending.row.ref, update.row.ref))
        run.layoutChanged.add(ref.path);
      batch.maybeCommit();
    };
    for (fill(); ahead.length > 0; fill()) {
      const pending = ahead.shift() as PendingFile;
      const { ref } = pending;
      try {
        await storeRead(pending);
      } catch (error) {
        if (!(error instanceof FileUnreadableError)) throw error;
        stats.skipped += 1;
        options.onSkip?.(ref.path, error.message);
        const row = rows.get(ref.path);
        if (row) forget(row);
      } finally {
        options.onProgress?.(++done, options.refs.length);
      }
      const planned = unitOf.get(ref) as { key: string; members: SessionFileRef[] };
      const remaining = (left.get(planned) ?? 1) - 1;
      left.set(planned, remaining);
      if (remaining > 0) continue;
      const { members } = planned;
      // The unit's files are read: build what changed in it now, unless the files turned out to belong
      // elsewhere (a file rewritten to name another session): the pass below builds those units whole.
      // A unit none of whose files changed is left to that pass too (which reuses it).
      // (A failed unit read failed its files above: nothing is built from it.)
      const workerBuilt = (await unitReads.get(planned)?.catch(() => undefined))?.built;
      for (const unit of groupUnits(
        touched.has(planned) ? members.filter((r) => rows.has(r.path)) : [],
        rows,
      )) {
        if (unit.key !== planned.key) continue;
        const previous = stored.get(unit.key);
        if (previous && previous.signature === unit.signature && !superseded.has(previous.id)) continue;
        if (
          previous &&
          !superseded.has(previous.id) &&
          !run.removed.has(previous.id) &&
          (await appendTo(unit, previous))
        )
          continue;
        // The worker's build, when the rows group its files as it did (else built here, from the files).
        const paths = unit.refs.map((r) => r.path);
        const same =
          workerBuilt?.paths.length === paths.length && workerBuilt.paths.every((p, i) => p === paths[i]);
        await buildAndStore(unit, same ? workerBuilt : undefined);
      }
      unitReads.delete(planned);
      for (const member of members) {
        run.memory.drop(member.path);
        run.appendedReads.delete(member.path);
        budget.letGo(reservedSizes.get(member.path) ?? 0);
        reservedSizes.delete(member.path);
      }
      options.release?.(parsedSinceRelease);
      parsedSinceRelease = 0;
    }

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

/** A file of a unit a worker reads whole: its part of the unit's read, as {@link startFile} gives a file's. */
function startUnitFile(ref: SessionFileRef, position: number, unitRead: Promise<UnitRead>): PendingFile {
  const identity = fileIdentity(ref);
  const slice = unitRead.then(
    (read) => {
      const file = read.files[position];
      if (file === undefined) return { error: new Error(`The unit read lacks "${ref.path}".`) };
      return 'unreadable' in file ? { error: new FileUnreadableError(file.unreadable) } : file;
    },
    (error: unknown) => ({ error }),
  );
  return { ref, row: undefined, start: undefined, slice, identity };
}

/** True when `file` is one of `roots` or inside one of them. */
function isUnder(file: string, roots: readonly string[]): boolean {
  return roots.some(
    (root) => file === root || file.startsWith(root.endsWith(path.sep) ? root : root + path.sep),
  );
}
