// What a refresh did (`refreshIndex`, or the shortcut of unchanged inputs), apart so that both can name it.

/** What a refresh did, for `cache update`, tests and benchmarks. */
export interface RefreshStats {
  files: number;
  /** Files not read at all (same size and modification time). */
  unchanged: number;
  /** Files that grew with the same prefix: only the new bytes were parsed. */
  appended: number;
  /** Files read again from the start (rewritten, truncated, touched). */
  reread: number;
  /** Files read for the first time. */
  added: number;
  /** Indexed files under the inputs that are gone. */
  removed: number;
  /** Files that could not be read. */
  skipped: number;
  /** Bytes parsed by this refresh. */
  bytesParsed: number;
  /** Units (a session file with its subagent files, a Codex thread family) built again. */
  unitsBuilt: number;
  /** Units whose session file grew, brought up to date from the appended lines alone (no build). */
  unitsAppended: number;
  /**
   * Of those, units whose session was read from its last prompt on (the messages an append can touch), its
   * earlier messages left in the index.
   */
  unitsAppendedFromLastPrompt: number;
  unitsReused: number;
  /**
   * Files read again whole (as far as they were indexed) to build their unit: files of a unit that changed
   * but not read in this run, grown files whose unit could not take the appended lines.
   */
  loadedBack: number;
  /**
   * Steps that indexed a file with much to read one slice further before the run (`index-in-slices.ts`; their bytes
   * and builds are in `bytesParsed` and `unitsBuilt`, the file itself is counted once, as the run found it).
   */
  sliceSteps: number;
}
