import { constants } from 'node:buffer';
import { MAX_JSON_DEPTH } from '../schemas/common/bound-depth.js';
import { decodeLine } from './decode-line.js';
import type { LineResult } from './line-result.js';
import { LineSplitter, type RawLine } from './line-splitter.js';
import { fileChunks, iterableChunks } from './source-chunks.js';

/** Counters of one read; live while iterating, final once iteration ends. */
export interface ReadStats {
  /** Physical lines seen, a trailing line without `\n` included. Always `decoded + errors + blankLines`. */
  physicalLines: number;
  /** Empty or whitespace-only lines (skipped, not yielded). */
  blankLines: number;
  /** Lines yielded with `ok: true`. */
  decoded: number;
  /** Lines yielded with `ok: false`. */
  errors: number;
  /** Bytes taken from the source (from the start offset on). */
  bytesRead: number;
  /**
   * Byte offset just after the last complete (`\n`-terminated) line consumed. A trailing line without
   * `\n` is not included, so a re-read from here sees it again once it is complete.
   */
  endOffset: number;
  /** Number of the line that starts at `endOffset`: pass `{ byteOffset: endOffset, line: endLine }` as `start`. */
  endLine: number;
}

/** A file path, an in-memory text, a Node readable stream, or any async iterable of bytes or strings. */
export type JsonlSource =
  | string
  | { text: string; name?: string }
  | NodeJS.ReadableStream
  | AsyncIterable<Uint8Array | string>;

export interface ReadJsonlOptions {
  /** Name used in locations (default: the path, the text's `name`, or `<text>` / `<stream>`). */
  file?: string;
  /**
   * Longest line content in bytes (default 512 MiB, clamped to the longest string V8 can hold). A longer
   * line yields a `line-too-long` error; its bytes are skipped without being buffered.
   */
  maxLineBytes?: number;
  /**
   * Resume point, e.g. a previous read's `{ byteOffset: stats.endOffset, line: stats.endLine }`. Paths and
   * texts are read from this byte offset; a stream is taken to begin at it. Lines are numbered from `line`.
   * The offset must be a line start.
   */
  start?: { byteOffset: number; line: number };
  /** For file paths: the byte offset to stop at (default: the end of the file), e.g. a size seen before. */
  end?: number;
  /** Read size for file paths, in bytes (default 1 MiB). */
  chunkSize?: number;
  /**
   * Deepest nesting kept in a record (default `MAX_JSON_DEPTH`, 100; the root object is level 1). Deeper
   * objects and arrays are replaced by `TruncatedValue` markers holding their JSON text, and the line's
   * result lists them in `cuts`: code over records never meets a value deep enough to exhaust the stack.
   */
  maxDepth?: number;
  /** Stops the read: iteration rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** The lines of a JSONL source, decoded; iterate it once. */
export interface JsonlReader extends AsyncIterable<LineResult> {
  /** A snapshot of the counters so far. */
  readonly stats: ReadStats;
}

const DEFAULT_MAX_LINE_BYTES = 512 * 1024 * 1024;
const DEFAULT_CHUNK_SIZE = 1024 * 1024;

/**
 * Reads JSONL as a stream of decoded lines: one `LineResult` per non-blank physical line, in order.
 * Memory stays bounded by the longest line, whatever the file size. Contents never make it throw: bad
 * lines come back with `ok: false`. Only an unreadable source rejects, with a `ReadError`, when iteration
 * starts (or on an I/O failure later).
 */
export function readJsonl(source: JsonlSource, options: ReadJsonlOptions = {}): JsonlReader {
  return new Reader(source, options);
}

class Reader implements JsonlReader {
  readonly #source: JsonlSource;
  readonly #file: string;
  readonly #maxLineBytes: number;
  readonly #chunkSize: number;
  readonly #startOffset: number;
  readonly #endOffset: number;
  readonly #startLine: number;
  readonly #signal: AbortSignal | undefined;
  readonly #maxDepth: number;
  readonly #stats: ReadStats;
  #started = false;

  constructor(source: JsonlSource, options: ReadJsonlOptions) {
    if (!isPath(source) && !isText(source) && !isAsyncIterable(source)) {
      throw new TypeError('Expected a file path, a { text } object, a readable stream or an async iterable');
    }
    this.#source = source;
    this.#file =
      options.file ?? (isPath(source) ? source : isText(source) ? (source.name ?? '<text>') : '<stream>');
    this.#maxLineBytes = Math.min(
      checkCount(options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES, 'maxLineBytes', 0),
      constants.MAX_STRING_LENGTH,
    );
    this.#chunkSize = Math.min(checkCount(options.chunkSize ?? DEFAULT_CHUNK_SIZE, 'chunkSize', 1), 1 << 30);
    this.#startOffset = checkCount(options.start?.byteOffset ?? 0, 'start.byteOffset', 0);
    this.#startLine = checkCount(options.start?.line ?? 1, 'start.line', 1);
    this.#endOffset =
      options.end === undefined ? Number.POSITIVE_INFINITY : checkCount(options.end, 'end', 0);
    this.#signal = options.signal;
    this.#maxDepth = checkCount(options.maxDepth ?? MAX_JSON_DEPTH, 'maxDepth', 1);
    this.#stats = {
      physicalLines: 0,
      blankLines: 0,
      decoded: 0,
      errors: 0,
      bytesRead: 0,
      endOffset: this.#startOffset,
      endLine: this.#startLine,
    };
  }

  get stats(): ReadStats {
    return { ...this.#stats };
  }

  [Symbol.asyncIterator](): AsyncIterator<LineResult> {
    if (this.#started) throw new Error(`A JSONL reader can be iterated only once ("${this.#file}")`);
    this.#started = true;
    return this.#run();
  }

  #chunks(): AsyncIterable<Buffer> | Iterable<Buffer> {
    const source = this.#source;
    if (isPath(source)) return fileChunks(source, this.#startOffset, this.#chunkSize, this.#endOffset);
    if (isText(source)) return [Buffer.from(source.text, 'utf8').subarray(this.#startOffset)];
    return iterableChunks(source, this.#file);
  }

  async *#run(): AsyncGenerator<LineResult, void, undefined> {
    const signal = this.#signal;
    signal?.throwIfAborted();
    const stats = this.#stats;
    const splitter = new LineSplitter({
      byteOffset: this.#startOffset,
      line: this.#startLine,
      maxLineBytes: this.#maxLineBytes,
      copyHeld: !isPath(this.#source) && !isText(this.#source),
    });
    for await (const chunk of this.#chunks()) {
      signal?.throwIfAborted();
      stats.bytesRead += chunk.length;
      splitter.push(chunk);
      for (let raw = splitter.next(); raw !== null; raw = splitter.next()) {
        const result = this.#resolve(raw);
        stats.endOffset = splitter.endOffset;
        stats.endLine = splitter.endLine;
        if (result !== null) {
          yield result;
          signal?.throwIfAborted();
        }
      }
    }
    const last = splitter.end();
    if (last !== null) {
      const result = this.#resolve(last);
      if (result !== null) yield result;
    }
  }

  /** Decodes one line and counts it; `null` for a blank line. */
  #resolve(raw: RawLine): LineResult | null {
    const stats = this.#stats;
    stats.physicalLines += 1;
    const location = { file: this.#file, line: raw.line, byteOffset: raw.byteOffset };
    if (raw.bytes === null) {
      stats.errors += 1;
      const message = `Line is longer than the limit of ${this.#maxLineBytes} bytes (${raw.contentLength} bytes)`;
      return { ok: false, error: { type: 'line-too-long', message }, location, byteLength: raw.byteLength };
    }
    const decoded = decodeLine(raw.bytes, raw.terminated, this.#maxDepth);
    if (decoded === null) {
      stats.blankLines += 1;
      return null;
    }
    if (decoded.ok) {
      stats.decoded += 1;
      return decoded.cuts === undefined
        ? { ok: true, value: decoded.value, location, byteLength: raw.byteLength }
        : { ok: true, value: decoded.value, location, byteLength: raw.byteLength, cuts: decoded.cuts };
    }
    stats.errors += 1;
    return { ok: false, error: decoded.error, location, byteLength: raw.byteLength };
  }
}

function isPath(source: JsonlSource): source is string {
  return typeof source === 'string';
}

function isText(source: JsonlSource): source is { text: string; name?: string } {
  return (
    typeof source === 'object' && source !== null && typeof (source as { text?: unknown }).text === 'string'
  );
}

function isAsyncIterable(source: JsonlSource): source is AsyncIterable<Uint8Array | string> {
  return (
    typeof source === 'object' &&
    source !== null &&
    typeof (source as Partial<AsyncIterable<unknown>>)[Symbol.asyncIterator] === 'function'
  );
}

function checkCount(value: number, name: string, min: number): number {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new RangeError(`Option "${name}" must be an integer of at least ${min}, got "${value}"`);
  }
  return value;
}
