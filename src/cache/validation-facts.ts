/**
 * The drift section's per-file validation facts, written by the index as it reads a file (lifecycle's reader
 * validates the values it parses, going on from the state stored with the file), into `_facts` under
 * {@link validationFactKind} with the file state they describe, where `cachedFileFacts` finds them.
 */
import type Database from 'better-sqlite3';
import type { FileValidationFacts, ValidatorState } from '../lifecycle/record-slice.js';
import { packFact } from './file-facts.js';
import type { FileRow } from './file-store.js';

/** The `_facts` kind of validation facts: bump the number when `validateFile`'s result changes shape. */
export const validationFactKind = 'validation-v1';

/** Stores a file's validation facts (from its last read) for its current state, with the file's line totals. */
export function createValidationFactsWriter(db: Database.Database) {
  const upsert = db.prepare(
    'INSERT OR REPLACE INTO _facts (path, kind, size, mtime_ms, identity, value) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const remove = db.prepare('DELETE FROM _facts WHERE path = ? AND kind = ?');
  const save = (row: FileRow, read: FileValidationFacts) => {
    const facts = { ...read, entry: { ...read.entry, lines: row.lines, blankLines: row.blank_lines } };
    upsert.run(row.path, validationFactKind, row.size, row.mtime_ms, row.identity, packFact(facts));
  };
  return Object.assign(save, {
    /** Drops a file's stored facts (read without validation: they would describe another state). */
    forget: (path: string) => remove.run(path, validationFactKind),
  });
}

/**
 * A validator state as stored in `files.validation`: its JSON text. Deflated (half the bytes: 1.2 MB against
 * 2.4 MB for the benchmark's 2,254 files), packing them took 0.24 s of the main thread of a cold report.
 */
export function packValidation(state: ValidatorState): string {
  return JSON.stringify(state);
}

/** A stored validator state, or undefined when it cannot be read (a damaged row: the file is read whole). */
export function parseValidation(packed: string): ValidatorState | undefined {
  try {
    const state = JSON.parse(packed) as ValidatorState;
    return state !== null && typeof state === 'object' && Array.isArray(state.issues) ? state : undefined;
  } catch {
    return undefined;
  }
}
