import type { DepthCut } from '../schemas/common/bound-depth.js';

/** Where a line sits in its source. */
export interface Location {
  /** Source name: the path, the `file` option, or `<text>` / `<stream>`. */
  file: string;
  /** 1-based physical line number (blank lines count). */
  line: number;
  /**
   * Byte offset of the line start in the source. Offsets count a leading UTF-8 BOM, so with a BOM line 1
   * starts at byte 3.
   */
  byteOffset: number;
}

/** Why a line did not decode to a record. */
export type LineErrorType = 'invalid-json' | 'not-an-object' | 'line-too-long' | 'invalid-utf8' | 'truncated';

/** A line that did not decode. */
export interface LineError {
  type: LineErrorType;
  /** Short, sentence case. */
  message: string;
}

/**
 * One non-blank physical line: a decoded JSON object, or the reason it is not one.
 * `byteLength` counts the whole physical line including its `\r\n` / `\n` (not a leading BOM), so
 * `location.byteOffset + byteLength` is where the next line starts.
 */
export type LineResult =
  | {
      ok: true;
      value: Record<string, unknown>;
      location: Location;
      byteLength: number;
      /**
       * Set when parts of the record nested deeper than the reader's `maxDepth`: each such part was replaced
       * by a `TruncatedValue` marker (its JSON text kept), and is listed here.
       */
      cuts?: DepthCut[];
    }
  | { ok: false; error: LineError; location: Location; byteLength: number };
