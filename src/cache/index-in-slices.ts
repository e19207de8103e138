// A session file new to the index and larger than two slices is not read whole: it is indexed as it was when
// it held its first slice (built), then as it grew by one slice at a time (each appended), before the run
// itself, which finds it grown by what is left. So its memory follows a slice and what the fold keeps (the
// open calls, the last turn, the branch window), not the file's size (issue 17, "one pass cold"). Each step
// is an index state that a run could have left while the file was being written; the appends equal a build
// of the whole file (test/index-append*.test.ts). When the fold cannot take a slice (its records name what
// only a build redoes: ARCHITECTURE.md, "Appends"), the file is dropped from the index again and the run
// reads it whole, as before.
import { closeSync, openSync, readSync } from 'node:fs';
import { firstLineAgent } from '../lifecycle/probe-unit-first-line.js';
import type { RecordSliceReader } from '../lifecycle/record-slice.js';
import type { IndexDb } from './open-index.js';
import type { RefreshOptions } from './refresh-options.js';
import type { RefreshStats } from './refresh-stats.js';

/** The slice size of a run that does not say (`RefreshOptions.sliceBytes`). */
export const defaultSliceBytes = 64 * 1024 * 1024;

/** The agents whose session files an append takes: line files, each line a record. */
const appendable = new Set<string>(['claude-code', 'codex']);

/**
 * Indexes the session files of `options.refs` that are new to the index and larger than two slices
 * (`options.sliceBytes`) in slices, each step a refresh of that file alone (`refresh`, with the file's size
 * cut at the end of a line). Returns what the steps did, summed.
 */
export async function indexNewFilesInSlices(
  index: IndexDb,
  options: RefreshOptions,
  refresh: (options: RefreshOptions) => Promise<RefreshStats>,
): Promise<SliceSteps> {
  const done: SliceSteps = { files: 0, steps: 0, bytesParsed: 0, unitsBuilt: 0, refused: 0 };
  const sliceBytes = options.sliceBytes ?? defaultSliceBytes;
  // (A run that fills the search rows builds each unit whole for them: an append does not write them.)
  if (sliceBytes === false || sliceBytes <= 0 || options.search === true) return done;
  const large = options.refs.filter(
    (ref) =>
      ref.role === 'session' &&
      ref.size > 2 * sliceBytes &&
      ref.fromArchive !== true &&
      ref.bytesPath === undefined &&
      // (A file outside the agents' folders is what its first record says.)
      appendable.has(ref.agent === 'unknown' ? (firstLineAgent(ref.path) ?? 'unknown') : ref.agent),
  );
  if (large.length === 0) return done;
  const known = index.db.prepare('SELECT 1 FROM files WHERE path = ?').pluck();
  for (const ref of large) {
    if (known.get(ref.path) !== undefined) continue;
    done.files += 1;
    for (
      let end = lineEndAfter(ref.path, sliceBytes, ref.size), first = true;
      end < ref.size;
      first = false
    ) {
      const stats = await refresh({
        refs: [{ ...ref, size: end }],
        roots: [],
        readSlice: readingTo(options.readSlice, ref.path, end),
        sessions: false,
        sliceBytes: false,
        ...(options.release ? { release: options.release } : {}),
      });
      done.steps += 1;
      done.bytesParsed += stats.bytesParsed;
      done.unitsBuilt += stats.unitsBuilt;
      if (stats.skipped > 0) break;
      if (!first && stats.unitsAppended === 0) {
        // The fold could not take this slice, and the step built the file as far as it was read. The rest
        // would be one large append, likely refused too, and then the file read back whole while that
        // append's records are still held: the file is dropped from the index, and the run reads it whole.
        await refresh({
          refs: [],
          roots: [ref.path],
          readSlice: options.readSlice,
          sessions: false,
          sliceBytes: false,
        });
        done.refused += 1;
        break;
      }
      end = lineEndAfter(ref.path, end + sliceBytes, ref.size);
    }
  }
  return done;
}

/**
 * What {@link indexNewFilesInSlices} did: files read in slices, steps (one slice each), bytes, builds, and
 * files given up on (a slice the fold could not take: they are read whole by the run).
 */
export interface SliceSteps {
  files: number;
  steps: number;
  bytesParsed: number;
  unitsBuilt: number;
  refused: number;
}

/** `read` with every read of `path` stopping at `end` (a read that says where it stops keeps its own). */
function readingTo(read: RecordSliceReader, path: string, end: number): RecordSliceReader {
  return (file, options) =>
    read(file, file === path && options?.end === undefined ? { ...options, end } : options);
}

/**
 * The offset just after the first line end at or after `offset` in `path` (`size` when there is none before
 * it, or the file cannot be read: then the file is not cut there).
 */
export function lineEndAfter(path: string, offset: number, size: number): number {
  if (offset >= size) return size;
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return size;
  }
  try {
    const buffer = Buffer.allocUnsafe(64 * 1024);
    // (From the byte before: a cut right after a line end stays where it is.)
    for (let at = Math.max(0, offset - 1); at < size; ) {
      const n = readSync(fd, buffer, 0, Math.min(buffer.length, size - at), at);
      if (n <= 0) return size;
      const newline = buffer.subarray(0, n).indexOf(0x0a);
      if (newline !== -1) return Math.min(at + newline + 1, size);
      at += n;
    }
    return size;
  } catch {
    return size;
  } finally {
    closeSync(fd);
  }
}
