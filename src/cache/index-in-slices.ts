// A session file with more than two slices left to read (new to the index, or grown that much since it was
// indexed) is not read in one go: it is indexed as it was when it held one slice more than stored (built when
// nothing is stored, else appended), one slice at a time, before the run itself, which finds it grown by what
// is left. So its memory follows a slice and what the fold keeps (the open calls, the last turn, the branch
// window), not the file's size (issue 17, "one pass cold"). Each step is an index state that a run could have
// left while the file was being written; the appends equal a build of the whole file
// (test/index-append*.test.ts). Each step starts from what is stored, so two processes that read the same file
// share the steps. When the fold cannot take a slice (its records name what only a build redoes:
// ARCHITECTURE.md, "Appends"), the file is dropped from the index again and the run reads it whole, as before.
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
 * Indexes the session files of `options.refs` with more than two slices (`options.sliceBytes`) left to read
 * a slice at a time, each step a refresh of that file alone (`refresh`, with the file's size cut at the end of
 * a line one slice after what is stored). A file stored with other files in its unit (a session with subagent
 * files) is left to the run: a step sees the session file alone. Returns what the steps did, summed.
 */
export async function indexInSlices(
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
      (ref.agent === 'unknown' || appendable.has(ref.agent)),
  );
  if (large.length === 0) return done;
  const stored = index.db.prepare(
    `SELECT size, (SELECT count(*) FROM files AS f WHERE f.unit_id = files.unit_id) AS files
      FROM files WHERE path = ?`,
  );
  // What is stored of a file: its size, none (0), or one not to step from (a unit with other files).
  const storedSize = (path: string): number => {
    const row = stored.get(path) as { size: number; files: number } | undefined;
    return row === undefined ? 0 : row.files > 1 ? Number.POSITIVE_INFINITY : row.size;
  };
  for (const ref of large) {
    let at = storedSize(ref.path);
    if (ref.size - at <= 2 * sliceBytes) continue;
    // A file outside the agents' folders is what its first record says (its head read only now: a warm run
    // with such a file stored whole reads nothing of it here).
    if (ref.agent === 'unknown' && !appendable.has(firstLineAgent(ref.path) ?? 'unknown')) continue;
    done.files += 1;
    // At most a step per slice, and as many again for steps another process's overtook.
    for (let step = 0; step < 2 * Math.ceil(ref.size / sliceBytes) + 2; step++) {
      const end = lineEndAfter(ref.path, at + sliceBytes, ref.size);
      if (end >= ref.size) break;
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
      if (stats.appended > 0 && stats.unitsAppended === 0) {
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
      // The next slice starts after what is stored now: this step's end, or where another process got to.
      at = storedSize(ref.path);
    }
  }
  return done;
}

/**
 * What {@link indexInSlices} did: files read in slices, steps (one slice each), bytes, builds, and files given
 * up on (a slice the fold could not take: they are read whole by the run).
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
