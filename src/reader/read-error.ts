/** Why a JSONL source could not be read at all (as opposed to a bad line, which is a `LineError`). */
export type ReadErrorCode = 'not-found' | 'not-readable' | 'is-directory' | 'io';

/**
 * A source that cannot be read: a missing or unreadable path, a directory, or an I/O failure
 * (including an error raised by a caller's stream). Thrown when iteration starts (or, for I/O, when it fails).
 * Never thrown for file contents: bad lines become `LineResult`s with `ok: false`.
 */
export class ReadError extends Error {
  override readonly name = 'ReadError';
  readonly code: ReadErrorCode;
  /** The path or source name the error is about. */
  readonly path: string;

  constructor(code: ReadErrorCode, path: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.path = path;
  }
}

/** Maps a Node `fs` error on `path` to a `ReadError` with a clear message. */
export function toReadError(error: unknown, path: string): ReadError {
  if (error instanceof ReadError) return error;
  const errno = (error as NodeJS.ErrnoException | undefined)?.code;
  const detail = error instanceof Error ? error.message : String(error);
  switch (errno) {
    case 'ENOENT':
    case 'ENOTDIR':
      return new ReadError('not-found', path, `File not found: "${path}"`, { cause: error });
    case 'EACCES':
    case 'EPERM':
      return new ReadError('not-readable', path, `File is not readable: "${path}" (${errno})`, {
        cause: error,
      });
    case 'EISDIR':
      return new ReadError('is-directory', path, `Path is a directory, not a file: "${path}"`, {
        cause: error,
      });
    default:
      return new ReadError('io', path, `Could not read "${path}": ${detail}`, { cause: error });
  }
}
