/** One physical line cut from a byte stream, before decoding. */
export interface RawLine {
  /** The line's bytes without `\n` and a trailing `\r`; `null` when the line was over the byte limit. */
  bytes: Buffer | null;
  /** Bytes of the line without its `\n` (for over-long lines, whose bytes were not kept). */
  contentLength: number;
  line: number;
  byteOffset: number;
  /** The whole physical line, terminator included. */
  byteLength: number;
  /** False for a last line with no `\n`. */
  terminated: boolean;
}

export interface LineSplitterOptions {
  /** Offset of the first byte pushed; a UTF-8 BOM is skipped only at offset 0. */
  byteOffset: number;
  /** Number of the first line. */
  line: number;
  /** Longest line content kept, in bytes (excluding `\r\n`); longer lines are skipped without buffering. */
  maxLineBytes: number;
  /** Copy bytes held across `push` calls (for callers that may reuse their chunk buffers). */
  copyHeld: boolean;
}

const EMPTY = Buffer.alloc(0);
const LF = 0x0a;
const CR = 0x0d;

/**
 * Cuts byte chunks into lines on `\n`. Push a chunk, then call `next()` until it returns `null`
 * (the rest of the chunk is then held for the next one); call `end()` once after the last chunk.
 * Only the bytes of the current unfinished line are held, never more than `maxLineBytes + 1`.
 */
export class LineSplitter {
  #chunk: Buffer = EMPTY;
  #pos = 0;
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  /** Bytes of the current line seen so far (held or skipped). */
  #lineBytes = 0;
  #skipping = false;
  #lineStart: number;
  #line: number;
  #endOffset: number;
  #endLine: number;
  #bomCheck: boolean;
  #bomSkipped = false;
  #head: Buffer | null = null;
  #ended = false;
  readonly #max: number;
  readonly #copyHeld: boolean;

  constructor(options: LineSplitterOptions) {
    this.#lineStart = options.byteOffset;
    this.#endOffset = options.byteOffset;
    this.#line = options.line;
    this.#endLine = options.line;
    this.#bomCheck = options.byteOffset === 0;
    this.#max = options.maxLineBytes;
    this.#copyHeld = options.copyHeld;
  }

  /** Offset just after the last `\n`-terminated line returned (the start offset if none). */
  get endOffset(): number {
    return this.#endOffset;
  }

  /** Number of the line that starts at `endOffset`. */
  get endLine(): number {
    return this.#endLine;
  }

  /** Hands the next chunk over; call only after `next()` returned `null`. */
  push(chunk: Buffer): void {
    if (this.#bomCheck) {
      const head = this.#head === null ? chunk : Buffer.concat([this.#head, chunk]);
      if (head.length < 3 && isBomPrefix(head)) {
        this.#head = head;
        this.#chunk = EMPTY;
        this.#pos = 0;
        return;
      }
      this.#bomCheck = false;
      this.#head = null;
      if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) {
        this.#bomSkipped = true;
        this.#lineStart += 3;
        this.#chunk = head;
        this.#pos = 3;
        return;
      }
      chunk = head;
    }
    this.#chunk = chunk;
    this.#pos = 0;
  }

  /** The next complete line of the current chunk, or `null` when the chunk is used up. */
  next(): RawLine | null {
    const chunk = this.#chunk;
    const pos = this.#pos;
    if (pos >= chunk.length) return null;
    const nl = chunk.indexOf(LF, pos);
    if (nl === -1) {
      this.#hold(chunk, pos, chunk.length);
      this.#pos = chunk.length;
      return null;
    }
    this.#pos = nl + 1;
    this.#lineBytes += nl - pos;
    let bytes: Buffer | null = null;
    if (!this.#skipping) {
      if (this.#pendingBytes === 0) {
        bytes = chunk.subarray(pos, nl);
      } else {
        const total = this.#pendingBytes + nl - pos;
        this.#pending.push(chunk.subarray(pos, nl));
        bytes = total > this.#max + 1 ? null : Buffer.concat(this.#pending, total);
        this.#pending = [];
        this.#pendingBytes = 0;
      }
    }
    return this.#emit(bytes, true);
  }

  /** The last line if the input did not end with `\n` (or `null`); call once after the last chunk. */
  end(): RawLine | null {
    if (this.#ended) return null;
    this.#ended = true;
    if (this.#head !== null) {
      // The input was shorter than a BOM and a prefix of one: it is an ordinary (broken) line.
      const head = this.#head;
      this.#head = null;
      this.#bomCheck = false;
      this.#hold(head, 0, head.length);
    }
    this.#chunk = EMPTY;
    this.#pos = 0;
    // A file holding only a BOM still has one (blank) physical line.
    const bomOnly = this.#bomSkipped && this.#lineStart === 3;
    if (this.#lineBytes === 0 && !bomOnly) return null;
    let bytes: Buffer | null = null;
    if (!this.#skipping) bytes = Buffer.concat(this.#pending, this.#pendingBytes);
    this.#pending = [];
    this.#pendingBytes = 0;
    return this.#emit(bytes, false);
  }

  #hold(chunk: Buffer, from: number, to: number): void {
    const n = to - from;
    if (n === 0) return;
    this.#lineBytes += n;
    if (this.#skipping) return;
    if (this.#pendingBytes + n > this.#max + 1) {
      this.#skipping = true;
      this.#pending = [];
      this.#pendingBytes = 0;
      return;
    }
    const piece = chunk.subarray(from, to);
    this.#pending.push(this.#copyHeld ? Buffer.from(piece) : piece);
    this.#pendingBytes += n;
  }

  #emit(bytes: Buffer | null, terminated: boolean): RawLine {
    let content = bytes;
    if (content !== null && content.length > 0 && content[content.length - 1] === CR) {
      content = content.subarray(0, content.length - 1);
    }
    if (content !== null && content.length > this.#max) content = null;
    const byteLength = this.#lineBytes + (terminated ? 1 : 0);
    const raw: RawLine = {
      bytes: content,
      contentLength: content === null ? this.#lineBytes : content.length,
      line: this.#line,
      byteOffset: this.#lineStart,
      byteLength,
      terminated,
    };
    this.#lineStart += byteLength;
    this.#line += 1;
    this.#lineBytes = 0;
    this.#skipping = false;
    if (terminated) {
      this.#endOffset = this.#lineStart;
      this.#endLine = this.#line;
    }
    return raw;
  }
}

function isBomPrefix(head: Buffer): boolean {
  return (head.length < 1 || head[0] === 0xef) && (head.length < 2 || head[1] === 0xbb);
}
