/**
 * A private copy of an archived version on disk (`extracted/<sha256>` in the archive folder), for the
 * readers that open files by path: made once, checked against the version's SHA-256 while written,
 * renamed into place only when complete. Never written under an input folder.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ArchivedVersion } from './catalogue.js';
import type { Archive } from './open-archive.js';
import { versionChunks } from './version-chunks.js';

/** The folder of extracted copies (they may be deleted at any time; they are made again when needed). */
export function extractedFolder(dir: string): string {
  return path.join(dir, 'extracted');
}

/** Where the extracted copy of the version with this SHA-256 is. */
export function extractedPath(dir: string, sha256: string): string {
  return path.join(extractedFolder(dir), sha256);
}

/** Writes (or finds) the extracted copy of `version` and returns its path. */
export async function extractVersion(
  archive: Archive,
  version: Pick<ArchivedVersion, 'segments' | 'sha256' | 'size'>,
): Promise<string> {
  const folder = extractedFolder(archive.dir);
  const target = extractedPath(archive.dir, version.sha256);
  try {
    if ((await stat(target)).size === version.size) return target;
  } catch {
    // Not extracted yet.
  }
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const temp = path.join(folder, `.${process.pid}-${randomBytes(6).toString('hex')}`);
  await writeVersion(archive, version, temp);
  await rename(temp, target);
  return target;
}

/**
 * Writes the bytes of `version` to a new file `target` (which must not exist), checking their SHA-256;
 * a failure removes what was written.
 */
export async function writeVersion(
  archive: Archive,
  version: Pick<ArchivedVersion, 'segments' | 'sha256' | 'size'>,
  target: string,
  mode = 0o600,
): Promise<void> {
  const handle = await open(target, 'wx', mode);
  try {
    const hash = createHash('sha256');
    let size = 0;
    for await (const chunk of versionChunks(archive, version)) {
      hash.update(chunk);
      size += chunk.length;
      let offset = 0;
      while (offset < chunk.length) offset += (await handle.write(chunk, offset)).bytesWritten;
    }
    if (size !== version.size || hash.digest('hex') !== version.sha256)
      throw new Error(`the archived bytes do not match their SHA-256 (run agentlog archive verify)`);
    await handle.sync();
    await handle.close();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(target, { force: true });
    throw error;
  }
}
