// How the refresh stores a unit whose files changed (ARCHITECTURE.md, "The index", step 3): appended to the
// stored unit when its files only grew (`append-unit.ts`), else built from its files (those read in this run,
// the others read back as far as they were indexed) and written in place of the stored unit.
// `read-and-store-units.ts` reads the files and decides which units changed; the state both share for one run
// is a `RefreshRun`.
import type Database from 'better-sqlite3';
import { type BuiltSession, buildUnit, type UnitFile } from '../lifecycle/build-unit.js';
import { claimSubagentFiles } from '../lifecycle/claim-subagent-files.js';
import { tooLargeToBuild } from '../lifecycle/heap-fit.js';
import { FileUnreadableError, type RecordSliceReader } from '../lifecycle/record-slice.js';
import type { Session } from '../model/session.js';
import type { SessionFileRef } from '../sources/index.js';
import { createUnitAppender } from './append-unit.js';
import type { FileRow } from './file-store.js';
import type { Unit } from './group-units.js';
import { type PreparedTree, type PreparedUnit, prepareBuilt } from './prepare-unit.js';
import { projectRecord } from './project-record.js';
import { createReadMemory, type ReadMemory } from './read-memory.js';
import type { WorkerBuilt } from './read-whole-unit.js';
import type { RefreshStats } from './refresh-stats.js';
import { createRowWriter } from './row-writer.js';
import { removeUnits, type StoredUnit } from './stored-units.js';
import { type AppendedRead, wholeFileOf } from './update-file.js';
import type { createBatch } from './write-batch.js';

/** A unit's report models as a refresh returns them: a tree's top-level session, with its place. */
export interface UnitModels {
  phase: number;
  anchor: string;
  session: Session;
}

/** The state of one refresh that reading files and storing units share. */
export interface RefreshRun {
  db: Database.Database;
  options: {
    readSlice: RecordSliceReader;
    onSkip?: ((path: string, message: string) => void) | undefined;
    search?: boolean | undefined;
    sessions?: boolean | undefined;
  };
  stats: RefreshStats;
  batch: ReturnType<typeof createBatch>;
  /** The stored file rows, by path, as this run changes them. */
  rows: Map<string, FileRow>;
  /** The stored units, by key, as this run changes them. */
  stored: Map<string, StoredUnit>;
  /** Removes a file's row (and its facts); its unit is superseded. */
  forget: (row: FileRow) => void;
  /** Files read whole in this run, until their unit is stored. */
  memory: ReadMemory;
  /** Report models of the units built or appended in this run, by unit id (not decoded again). */
  earlyModels: Map<number, UnitModels[]>;
  /** Units built or appended in this run. */
  builtIds: Set<number>;
  /** Units removed in this run (their ids are not removed twice). */
  removed: Set<number>;
  /** The new lines of files read from their stored end in this run, until their unit is stored. */
  appendedReads: Map<string, AppendedRead>;
  /** Files read (in part or whole) in this run. */
  changedPaths: Set<string>;
  /** Files whose discovery facts changed in this run (a `.meta.json` that appeared, a new parent...). */
  layoutChanged: Set<string>;
}

/** The state of a refresh from what it starts with: what it read and stored so far is empty. */
export function createRefreshRun(
  start: Pick<RefreshRun, 'db' | 'options' | 'stats' | 'batch' | 'rows' | 'stored' | 'forget'>,
): RefreshRun {
  return {
    ...start,
    memory: createReadMemory(),
    earlyModels: new Map(),
    builtIds: new Set(),
    removed: new Set(),
    appendedReads: new Map(),
    changedPaths: new Set(),
    layoutChanged: new Set(),
  };
}

/** The ways a refresh stores units: see the file comment. */
export function createUnitStore(run: RefreshRun) {
  const {
    db,
    options,
    stats,
    batch,
    rows,
    stored,
    forget,
    memory,
    earlyModels,
    builtIds,
    removed,
    appendedReads,
    changedPaths,
    layoutChanged,
  } = run;
  const rowWriter = createRowWriter(db);
  const appender = createUnitAppender(db);
  const insertUnit = db.prepare(
    'INSERT INTO _units (key, signature, searchable, built_at) VALUES (?, ?, ?, ?)',
  );
  const setSearchRange = db.prepare(
    'UPDATE _units SET searchable = 1, search_first = ?, search_last = ? WHERE id = ?',
  );
  const assignUnit = db.prepare('UPDATE files SET unit_id = ? WHERE path = ?');
  const clearState = db.prepare('UPDATE files SET state = NULL WHERE path = ?');
  const setSignature = db.prepare('UPDATE _units SET signature = ?, built_at = ? WHERE id = ?');
  const clearSearch = db.prepare(
    'UPDATE _units SET searchable = 0, search_first = NULL, search_last = NULL WHERE id = ?',
  );
  /**
   * A file as far as it was indexed, read again to build its unit (undefined: unreadable now, skipped;
   * `tooLarge`: it would not fit in the heap left, and the unit is not built).
   */
  const readIndexed = async (row: FileRow): Promise<UnitFile | 'tooLarge' | undefined> => {
    const tooLarge = tooLargeToBuild(row.path, row.size, 'projected');
    if (tooLarge !== undefined) {
      stats.skipped += 1;
      options.onSkip?.(row.path, tooLarge);
      return 'tooLarge';
    }
    try {
      const slice = await options.readSlice(row.path, { project: projectRecord, end: row.size });
      stats.loadedBack += 1;
      stats.bytesParsed += slice.bytesRead;
      return wholeFileOf(row.path, slice);
    } catch (error) {
      if (!(error instanceof FileUnreadableError)) throw error;
      options.onSkip?.(row.path, error.message);
      return undefined;
    }
  };
  /** Builds a unit from its files (undefined: one of them is too large to read back here). */
  const build = async (unit: Unit): Promise<BuiltSession[] | undefined> => {
    const files = new Map<string, UnitFile>();
    const prebuilt = new Map<string, Session>();
    for (const ref of unit.refs) {
      const kept = memory.take(ref.path);
      const row = rows.get(ref.path);
      if (kept) {
        files.set(ref.path, kept.file);
        if (kept.codexSession) prebuilt.set(ref.path, kept.codexSession);
      } else if (row) {
        const file = await readIndexed(row);
        if (file === 'tooLarge') return undefined;
        if (file) files.set(ref.path, file);
      }
    }
    return buildUnit(unit.refs, (path) => files.get(path), {
      prebuilt,
      ...(options.onSkip ? { onSkip: options.onSkip } : {}),
    });
  };
  const writeSearch = (sessions: readonly { session: Session }[], unitId: number) => {
    let first: number | undefined;
    let last: number | undefined;
    for (const entry of sessions) {
      const range = rowWriter.writeSearch(entry.session, unitId);
      first ??= range.searchFirst;
      last = range.searchLast ?? last;
    }
    setSearchRange.run(first ?? null, last ?? null, unitId);
    return { first: first ?? null, last: last ?? null };
  };
  /** Removes the stored unit of `unit`'s key (once), in the write batch begun for what replaces it. */
  const removeStored = (unit: Unit) => {
    batch.begin();
    const previous = stored.get(unit.key);
    if (previous && !removed.has(previous.id)) {
      removeUnits(db, [previous.id], stored);
      removed.add(previous.id);
    }
  };
  /**
   * Builds a unit and stores it in place of the stored unit of the same key; the new unit is then a
   * stored one like any other (a later pass that finds its signature unchanged reuses it).
   */
  const buildAndStore = async (unit: Unit, built?: WorkerBuilt) => {
    // A unit a scan worker read and built comes prepared; any other is built and prepared here.
    let prepared: PreparedUnit;
    let sessions: BuiltSession[] = [];
    let reportModels: Session[] = [];
    if (built) {
      prepared = built.prepared;
      for (const [path, message] of built.skips) options.onSkip?.(path, message);
    } else {
      const fromFiles = await build(unit);
      if (fromFiles === undefined) {
        // A file of it too large to read back here (an append gave up on a file indexed with more heap,
        // or its unit changed): the unit and its files leave the index, so that the next run reads them
        // as new, skips that file again and says so again (as a cold run does).
        removeStored(unit);
        for (const ref of unit.refs) {
          const row = rows.get(ref.path);
          if (row) forget(row);
        }
        return [];
      }
      sessions = fromFiles;
      ({ prepared, models: reportModels } = prepareBuilt(sessions, false, options.sessions !== false));
    }
    removeStored(unit);
    const unitId = Number(
      insertUnit.run(unit.key, unit.signature, 0, new Date().toISOString()).lastInsertRowid,
    );
    // Resume states are those of the sessions just built (an append that gave up may have left others).
    for (const ref of unit.refs) clearState.run(ref.path);
    for (const tree of prepared.trees) {
      if ('rows' in tree) rowWriter.writePlanned(tree.rows, unitId);
      else rowWriter.write(tree.session, unitId, tree, prepared.rowBacked);
    }
    appender.saveResumes(prepared.resumes);
    const models = reportModels.map((session, i) => {
      const tree = prepared.trees[i] as PreparedTree;
      return { phase: tree.phase, anchor: tree.anchor, session };
    });
    const range = options.search ? writeSearch(sessions, unitId) : undefined;
    stored.set(unit.key, {
      id: unitId,
      key: unit.key,
      signature: unit.signature,
      searchable: range ? 1 : 0,
      search_first: range?.first ?? null,
      search_last: range?.last ?? null,
    });
    for (const ref of unit.refs) {
      assignUnit.run(unitId, ref.path);
      const row = rows.get(ref.path);
      if (row) rows.set(ref.path, { ...row, unit_id: unitId });
    }
    batch.maybeCommit();
    stats.unitsBuilt += 1;
    builtIds.add(unitId);
    if (options.sessions !== false) earlyModels.set(unitId, models);
    return models;
  };

  /**
   * Brings a stored unit up to date from the new lines of its files and the subagent files new to it (read
   * whole in this run), when the unit still has its stored files; false when it must be built.
   */
  const appendTo = async (unit: Unit, previous: StoredUnit): Promise<boolean> => {
    // Every changed file grew (read from its stored end), the session file first, or is a subagent file
    // that no unit had.
    const reads = new Map<string, AppendedRead>();
    const added: SessionFileRef[] = [];
    for (const ref of [...unit.refs].sort(
      (a, b) => Number(b.role === 'session') - Number(a.role === 'session'),
    )) {
      if (!changedPaths.has(ref.path)) continue;
      const read = appendedReads.get(ref.path);
      if (read) reads.set(ref.path, read);
      else if (ref.role === 'subagent' && ref.agent === 'claude-code' && rows.get(ref.path)?.unit_id == null)
        added.push(ref);
      else return false;
    }
    if (reads.size === 0 && added.length === 0) return false;
    // What discovery says of a stored file (its .meta.json link, its parent) is read by a build alone.
    if (unit.refs.some((r) => layoutChanged.has(r.path))) return false;
    const members = new Set(unit.refs.map((r) => r.path));
    const addedPaths = new Set(added.map((r) => r.path));
    for (const row of rows.values())
      if ((row.unit_id === previous.id) !== members.has(row.path) && !addedPaths.has(row.path)) return false;
    const addedFiles = await claimSubagentFiles(added, (path) => memory.peek(path)?.file, new Set());
    if (addedFiles.length !== added.length) return false;
    batch.begin();
    const appended = appender.append(
      previous.id,
      reads,
      addedFiles,
      unit.refs.map((r) => r.path),
    );
    if (!appended) return false;
    for (const ref of added) {
      assignUnit.run(previous.id, ref.path);
      const row = rows.get(ref.path);
      if (row) rows.set(ref.path, { ...row, unit_id: previous.id });
    }
    if (previous.searchable === 1) {
      rowWriter.removeSearch(previous.search_first, previous.search_last);
      clearSearch.run(previous.id);
    }
    setSignature.run(unit.signature, new Date().toISOString(), previous.id);
    stored.set(unit.key, {
      ...previous,
      signature: unit.signature,
      searchable: 0,
      search_first: null,
      search_last: null,
    });
    batch.maybeCommit();
    stats.unitsAppended += 1;
    if (appended.fromLastPrompt) stats.unitsAppendedFromLastPrompt += 1;
    builtIds.add(previous.id);
    if (options.sessions !== false)
      earlyModels.set(previous.id, [
        { phase: appended.phase, anchor: appended.anchor, session: appended.model() },
      ]);
    return true;
  };

  return { build, buildAndStore, appendTo, writeSearch };
}
