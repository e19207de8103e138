import { fsErrorCode } from '../sources/describe-fs-error.js';
import { CliError, exitCodes, quote } from './cli-error.js';

/**
 * A file-system error the user can act on (a folder where a file was expected, no permission, a full or
 * read-only disk, a path that does not exist) as one sentence that names the path and what to do, instead of
 * an "Unexpected failure". `userPath` is the path as the user gave it (an export's -o), named instead of the
 * temporary file the error may be about; without it, the error's own path. Undefined for anything else.
 */
export function fsFailure(error: unknown, userPath?: string): CliError | undefined {
  const code = fsErrorCode(error);
  if (code === undefined) return undefined;
  const given = (error as { dest?: unknown }).dest ?? (error as { path?: unknown }).path;
  const file = userPath ?? (typeof given === 'string' ? given : undefined);
  const where = file === undefined ? '' : ` ${quote(file)}`;
  const sentence = sentences[code]?.(where);
  if (sentence === undefined) return undefined;
  return new CliError(`${sentence} (${code})`, { exitCode: exitCodes.failure, cause: error });
}

const sentences: Record<string, (where: string) => string> = {
  EISDIR: (where) =>
    `${where ? `${where.trim()} is` : 'The path is'} a folder, not a file: give a file name.`,
  ENOTDIR: (where) => `A part of the path${where} is not a folder: check the path.`,
  ENOENT: (where) => `${where ? `${where.trim()} does` : 'The path does'} not exist: check the path.`,
  EACCES: (where) => `Permission denied on${where || ' a path'}: check its permissions, or use another path.`,
  EPERM: (where) => `Not permitted on${where || ' a path'}: check its permissions, or use another path.`,
  ENOSPC: (where) =>
    `No space left on the device while writing${where}: free some space, or write elsewhere.`,
  EDQUOT: (where) => `Disk quota exceeded while writing${where}: free some space, or write elsewhere.`,
  EROFS: (where) =>
    `${where ? `${where.trim()} is` : 'The path is'} on a read-only file system: write elsewhere.`,
  EEXIST: (where) =>
    `${where ? `${where.trim()} already exists` : 'The path already exists'}: use another path.`,
  EMFILE: () => 'Too many open files: raise the limit (ulimit -n) or read fewer files at once.',
  ENAMETOOLONG: (where) => `The path${where} is too long: use a shorter one.`,
};
