// The files read ahead of the one being stored (ARCHITECTURE.md, "The index", step 2): reads run a few files
// ahead in schedule order (their I/O overlaps the storing of the previous ones), with the parallel reader when
// there is enough to read, a worker reading and building whole the units of files new to the index when the
// run needs only their rows, and the heap room what this thread reads holds until its unit is built.
import type Database from 'better-sqlite3';
import { createHeapBudget } from '../lifecycle/heap-fit.js';
import { FileUnreadableError, type RecordSliceReader } from '../lifecycle/record-slice.js';
import type { SessionFileRef } from '../sources/index.js';
import { fileIdentity } from './file-identity.js';
import { withValidation } from './file-rows.js';
import type { FileRow } from './file-store.js';
import type { UnitRead } from './read-whole-unit.js';
import type { RefreshOptions } from './refresh-options.js';
import type { PlannedUnit } from './schedule-units.js';
import { isUnchanged, type PendingFile, planRead, startFile } from './update-file.js';

/** Files read ahead of the one being stored. */
const readAhead = 4;

/**
 * Files read ahead when workers read and build whole units: enough that a unit slow to build, or the large
 * file this thread reads itself, does not leave the workers idle (what is held meanwhile is each unit's rows).
 */
const unitsAhead = 8;

/** The reads of a refresh's files, started ahead of the one being stored; results come in schedule order. */
export interface ReadAhead {
  /** The reader the files are read with (the parallel one when there is enough to read for it). */
  readSlice: RecordSliceReader;
  /** The next file's read and its planned unit (the reads after it started), or undefined when all are taken. */
  next(): { pending: PendingFile; planned: PlannedUnit } | undefined;
  /** A worker's read of a unit it reads and builds whole, if one reads it. */
  unitRead(planned: PlannedUnit): Promise<UnitRead> | undefined;
  /** Once a unit is stored: forgets its worker read and lets go of the room its files' reads reserved. */
  letGo(planned: PlannedUnit): void;
}

/** Reads the files of `schedule` ahead, in its order; `rows` are the stored file rows, as the run changes them. */
export function createReadAhead(
  db: Database.Database,
  options: RefreshOptions,
  rows: ReadonlyMap<string, FileRow>,
  schedule: readonly PlannedUnit[],
): ReadAhead {
  const order = schedule.flatMap((unit) => unit.members);
  const unitOf = new Map(schedule.flatMap((unit) => unit.members.map((ref) => [ref, unit] as const)));
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
  return {
    readSlice,
    next() {
      fill();
      const pending = ahead.shift();
      return pending && { pending, planned: unitOf.get(pending.ref) as PlannedUnit };
    },
    unitRead: (planned) => unitReads.get(planned),
    letGo(planned) {
      unitReads.delete(planned);
      for (const member of planned.members) {
        budget.letGo(reservedSizes.get(member.path) ?? 0);
        reservedSizes.delete(member.path);
      }
    },
  };
}

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
