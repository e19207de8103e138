// The options of a refresh (`refreshIndex`), apart so that the refresh and the parts it hands them to can
// name them.
import type { RecordSliceReader } from '../lifecycle/record-slice.js';
import type { SessionFileRef } from '../sources/index.js';
import type { UnitReader } from './read-whole-unit.js';

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
  /**
   * Session files with more than twice this many bytes left to read (new to the index, or grown) are indexed
   * a slice of this size at a time before the run (`index-in-slices.ts`); false: read in one go. Default 64 MiB.
   */
  sliceBytes?: number | false;
}
