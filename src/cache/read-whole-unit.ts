// A unit of files new to the index, read whole and built by one scan worker (`cli/scan-worker.ts`): the
// files' records stay in the worker, which hands over what the main thread stores (each file's slice
// without its records and its unit keys, and the unit prepared: `prepare-unit.ts`). The main thread is
// then left the writing; the reading, building and packing of small units run on the workers.
import { buildUnit, type UnitFile } from '../lifecycle/build-unit.js';
import { readRecordSlice } from '../lifecycle/read-record-slice.js';
import { FileUnreadableError, type RecordSlice } from '../lifecycle/record-slice.js';
import type { Session } from '../model/session.js';
import type { SessionFileRef } from '../sources/index.js';
import { type PreparedUnit, prepareBuilt } from './prepare-unit.js';
import { type FileKeys, fileKeysOf, wholeFileOf, wholeRead } from './update-file.js';

/** A unit built by a worker: its files' paths in the order it was built from, and what to store. */
export interface WorkerBuilt {
  paths: string[];
  prepared: PreparedUnit;
  /** Files whose sessions could not be built (`BuildUnitOptions.onSkip`), told when the unit is stored. */
  skips: [path: string, message: string][];
}

/** What {@link readWholeUnit} gives: per file (in the order asked) its read or why it failed; the unit built. */
export interface UnitRead {
  files: ({ slice: RecordSlice; keys: FileKeys } | { unreadable: string })[];
  /** Undefined when a file could not be read (the main thread builds the unit from what it stored). */
  built?: WorkerBuilt;
}

/** Reads a unit's files whole (a worker's task), as the refresh reads a new file, and builds the unit. */
export type UnitReader = (refs: readonly SessionFileRef[]) => Promise<UnitRead>;

/** {@link UnitReader} on this thread. */
export const readWholeUnit: UnitReader = async (refs) => {
  const files = new Map<string, UnitFile>();
  const prebuilt = new Map<string, Session>();
  const read: UnitRead['files'] = [];
  for (const ref of refs) {
    let slice: RecordSlice;
    try {
      slice = await readRecordSlice(ref.path, wholeRead);
    } catch (error) {
      if (!(error instanceof FileUnreadableError)) throw error;
      read.push({ unreadable: error.message });
      continue;
    }
    const file = wholeFileOf(ref.path, slice);
    const { codexSession, ...keys } = fileKeysOf(slice.agent ?? null, ref, slice, undefined, file);
    if (codexSession) prebuilt.set(ref.path, codexSession);
    files.set(ref.path, file);
    read.push({ slice: { ...slice, body: { ...slice.body, records: [] } }, keys });
  }
  if (files.size < refs.length) return { files: read };
  const skips: [string, string][] = [];
  const built = await buildUnit(refs, (path) => files.get(path), {
    prebuilt,
    onSkip: (path, message) => skips.push([path, message]),
  });
  return {
    files: read,
    built: { paths: refs.map((r) => r.path), prepared: prepareBuilt(built, true).prepared, skips },
  };
};
