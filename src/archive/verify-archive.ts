/**
 * Re-reads the whole archive: the catalogue's integrity (SQLite `quick_check`), every object (its bytes
 * must hash to its name) and every version (the concatenation of its objects must have the version's
 * size and SHA-256). Versions that extend the previous one are checked from its running hash, so each
 * file's objects are read once.
 */
import { createHash } from 'node:crypto';
import { allVersions } from './catalogue.js';
import { objectChunks } from './object-store.js';
import type { Archive } from './open-archive.js';

/** A version (or the catalogue) that failed the check. */
export interface VerifyProblem {
  path: string;
  message: string;
}

export interface VerifyResult {
  files: number;
  versions: number;
  /** Uncompressed bytes read. */
  bytes: number;
  problems: VerifyProblem[];
}

/** Checks every stored version; `onProgress` is told the bytes read so far. */
export async function verifyArchive(
  archive: Archive,
  onProgress?: (bytes: number) => void,
): Promise<VerifyResult> {
  const result: VerifyResult = { files: 0, versions: 0, bytes: 0, problems: [] };
  const check = archive.db.pragma('quick_check', { simple: true });
  if (check !== 'ok') result.problems.push({ path: archive.dir, message: `catalogue: ${String(check)}` });
  let path: string | undefined;
  let hash = createHash('sha256');
  let size = 0;
  let read: string[] = [];
  let broken = false;
  for (const version of allVersions(archive)) {
    result.versions += 1;
    const extends_ =
      version.path === path && !broken && read.every((segment, i) => version.segments[i] === segment);
    if (version.path !== path) result.files += 1;
    if (!extends_) {
      hash = createHash('sha256');
      size = 0;
      read = [];
      broken = false;
    }
    path = version.path;
    for (const segment of version.segments.slice(read.length)) {
      const own = createHash('sha256');
      try {
        for await (const chunk of objectChunks(archive, segment)) {
          own.update(chunk);
          hash.update(chunk);
          size += chunk.length;
          result.bytes += chunk.length;
        }
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        result.problems.push({ path: version.path, message: `object ${segment} cannot be read: ${detail}` });
        broken = true;
        break;
      }
      if (own.digest('hex') !== segment) {
        result.problems.push({ path: version.path, message: `object ${segment} does not hash to its name` });
        broken = true;
        break;
      }
      read.push(segment);
      onProgress?.(result.bytes);
    }
    if (broken) continue;
    if (size !== version.size || hash.copy().digest('hex') !== version.sha256)
      result.problems.push({
        path: version.path,
        message: `version ${version.id} (${version.archivedAt}) does not match its SHA-256`,
      });
  }
  return result;
}
