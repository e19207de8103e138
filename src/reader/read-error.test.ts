import { describe, expect, it } from 'vitest';
import { ReadError, toReadError } from './read-error.js';

const fsError = (code: string) => Object.assign(new Error(`${code}: something`), { code });

describe('toReadError', () => {
  it.each([
    ['ENOENT', 'not-found', 'File not found: "/x/y.jsonl"'],
    ['ENOTDIR', 'not-found', 'File not found: "/x/y.jsonl"'],
    ['EACCES', 'not-readable', 'File is not readable: "/x/y.jsonl" (EACCES)'],
    ['EPERM', 'not-readable', 'File is not readable: "/x/y.jsonl" (EPERM)'],
    ['EISDIR', 'is-directory', 'Path is a directory, not a file: "/x/y.jsonl"'],
    ['EIO', 'io', 'Could not read "/x/y.jsonl": EIO: something'],
  ])('maps %s to %s', (errno, code, message) => {
    const cause = fsError(errno);
    const error = toReadError(cause, '/x/y.jsonl');
    expect(error).toBeInstanceOf(ReadError);
    expect(error).toMatchObject({ name: 'ReadError', code, path: '/x/y.jsonl', message, cause });
  });

  it('passes a ReadError through unchanged', () => {
    const original = new ReadError('is-directory', '/d', 'Path is a directory, not a file: "/d"');
    expect(toReadError(original, '/other')).toBe(original);
  });
});
