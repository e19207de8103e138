// Steps 2 and 3 of a refresh (ARCHITECTURE.md, "The index"): the run's files are read unit by unit (the
// grouping their stored rows or first records give, `schedule-units.ts`), a few ahead (`read-ahead.ts`), and a
// unit whose files changed is stored as soon as its files are read (`store-unit.ts`: appended, or built again).
import { FileUnreadableError } from '../lifecycle/record-slice.js';
import { groupUnits } from './group-units.js';
import { createReadAhead } from './read-ahead.js';
import type { RefreshOptions } from './refresh-options.js';
import { type PlannedUnit, scheduleUnits } from './schedule-units.js';
import type { createUnitStore, RefreshRun } from './store-unit.js';
import { createFileStore, finishFile, linksChanged, type PendingFile } from './update-file.js';

/**
 * Reads `options.refs` and stores each file's read (its `files` row, what the run keeps of it), and each unit
 * whose files changed as soon as they are read: memory holds the units being read, never every file read,
 * and no file is loaded back from the index. Write transactions start only when there is something to write
 * (a warm run takes no write lock). `superseded`: the stored units this run replaces (not appended to).
 */
export async function readAndStoreUnits(
  run: RefreshRun,
  options: RefreshOptions,
  superseded: ReadonlySet<number>,
  { appendTo, buildAndStore }: Pick<ReturnType<typeof createUnitStore>, 'appendTo' | 'buildAndStore'>,
): Promise<void> {
  const { db, stats, batch, rows, stored, forget } = run;
  const store = createFileStore(db, batch.begin);
  const schedule = await scheduleUnits(options.refs, rows);
  const left = new Map(schedule.map((unit) => [unit, unit.members.length]));
  /** Planned units with a file read in this run. */
  const touched = new Set<PlannedUnit>();
  const reads = createReadAhead(db, options, rows, schedule);
  let done = 0;
  /** Bytes read since the last unit was done (see `release`). */
  let parsedSinceRelease = 0;
  /**
   * Stores one file's read. Its own function, and the read let go of once stored: what a read gave is held
   * only by the run's `memory` (until its unit is built), not by the loop's variables, which an interpreted frame keeps
   * alive until they are assigned again (the next file's check for room would count it).
   */
  const storeRead = async (pending: PendingFile, planned: PlannedUnit) => {
    const { ref } = pending;
    const update = await finishFile(pending, reads.readSlice, store);
    pending.slice = undefined;
    if (update.how !== 'unchanged') touched.add(planned);
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
  for (let next = reads.next(); next !== undefined; next = reads.next()) {
    const { pending, planned } = next;
    const { ref } = pending;
    try {
      await storeRead(pending, planned);
    } catch (error) {
      if (!(error instanceof FileUnreadableError)) throw error;
      stats.skipped += 1;
      options.onSkip?.(ref.path, error.message);
      const row = rows.get(ref.path);
      if (row) forget(row);
    } finally {
      options.onProgress?.(++done, options.refs.length);
    }
    const remaining = (left.get(planned) ?? 1) - 1;
    left.set(planned, remaining);
    if (remaining > 0) continue;
    const { members } = planned;
    // The unit's files are read: build what changed in it now, unless the files turned out to belong
    // elsewhere (a file rewritten to name another session): the refresh's pass over every unit builds those
    // units whole. A unit none of whose files changed is left to that pass too (which reuses it).
    // (A failed unit read failed its files above: nothing is built from it.)
    const workerBuilt = (await reads.unitRead(planned)?.catch(() => undefined))?.built;
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
      // A build reads grown files back whole: what their appends read is let go of first.
      for (const ref of unit.refs) run.appendedReads.delete(ref.path);
      // The worker's build, when the rows group its files as it did (else built here, from the files).
      const paths = unit.refs.map((r) => r.path);
      const same =
        workerBuilt?.paths.length === paths.length && workerBuilt.paths.every((p, i) => p === paths[i]);
      await buildAndStore(unit, same ? workerBuilt : undefined);
    }
    reads.letGo(planned);
    for (const member of members) {
      run.memory.drop(member.path);
      run.appendedReads.delete(member.path);
    }
    options.release?.(parsedSinceRelease);
    parsedSinceRelease = 0;
  }
}
