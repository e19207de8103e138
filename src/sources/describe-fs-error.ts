const reasons: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOENT: 'no such file or folder',
  ENOTDIR: 'a part of the path is not a folder',
  ELOOP: 'too many levels of symbolic links',
  EMFILE: 'too many open files',
  EIO: 'input/output error',
};

/** The `code` of a Node file-system error, if any. */
export function fsErrorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const { code } = error as { code: unknown };
  return typeof code === 'string' ? code : undefined;
}

/** A short lower-case reason for a file-system error, e.g. `permission denied (EACCES)`. */
export function describeFsError(error: unknown): string {
  const code = fsErrorCode(error);
  if (code !== undefined) return `${reasons[code] ?? 'file-system error'} (${code})`;
  return error instanceof Error ? error.message : String(error);
}
