/**
 * Writes a session's archived files back: the session file, its subagent files and their meta sidecars,
 * by default where the agent expects them (so that it can resume the session), or under another folder
 * keeping their layout. A file already there with the same bytes is left alone; one with other bytes is
 * never overwritten (the whole restore is refused before anything is written).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { link, mkdir, rm, utimes } from 'node:fs/promises';
import path from 'node:path';
import type { SessionFileRef } from '../sources/index.js';
import { type ArchivedVersion, allVersions, latestVersions } from './catalogue.js';
import { writeVersion } from './extract-version.js';
import type { Archive } from './open-archive.js';
import { syncFolder } from './sync-folder.js';

/** The session files a restore writes, each with where it goes. */
export interface RestorePlan {
  sessionPath: string;
  files: { version: ArchivedVersion; target: string }[];
}

/** Why a restore cannot be done; the message is one sentence for the user. */
export class RestoreError extends Error {
  override readonly name = 'RestoreError';
}

/**
 * The archived versions of a session's files (`files`: its session file first, then its subagent files,
 * as the session was built from them) and of their meta sidecars, each with where it goes: where it was,
 * or under `to` keeping its place relative to the session file's folder. Each file's newest version, or
 * with `at` (an ISO time) the newest archived at or before it: a file truncated or rewritten at the source
 * keeps its earlier versions. A RestoreError when a file is not archived (by then).
 */
export function planRestore(
  archive: Archive,
  files: readonly string[],
  options: { to?: string; at?: string } = {},
): RestorePlan {
  const { to, at } = options;
  const [sessionPath] = files;
  if (sessionPath === undefined) throw new RestoreError('The session has no file to restore.');
  const latest = new Map<string, ArchivedVersion>();
  for (const version of at === undefined ? latestVersions(archive) : allVersions(archive))
    if (at === undefined || version.archivedAt <= at) latest.set(version.path, version);
  const versions: ArchivedVersion[] = [];
  for (const file of files) {
    const version = latest.get(file);
    if (version === undefined)
      throw new RestoreError(
        `${JSON.stringify(file)} is not in the archive${at === undefined ? '' : ` at ${at}`}: nothing was restored. Run agentlog archive to archive it.`,
      );
    versions.push(version);
    const metaPath = (JSON.parse(version.ref) as Partial<SessionFileRef>).metaPath;
    const meta = metaPath === undefined ? undefined : latest.get(metaPath);
    if (meta) versions.push(meta);
  }
  const base = path.dirname(sessionPath);
  const targetOf = (file: string) =>
    to === undefined ? file : path.join(path.resolve(to), path.relative(base, file));
  return { sessionPath, files: versions.map((version) => ({ version, target: targetOf(version.path) })) };
}

/** What a restore did to each file. */
export interface RestoreResult {
  written: string[];
  alreadyThere: string[];
}

/** Carries out `plan`: checks every target first, then writes the missing files (each whole or not at all). */
export async function restoreSession(archive: Archive, plan: RestorePlan): Promise<RestoreResult> {
  const result: RestoreResult = { written: [], alreadyThere: [] };
  const toWrite: RestorePlan['files'] = [];
  for (const file of plan.files) {
    if (!existsSync(file.target)) {
      toWrite.push(file);
      continue;
    }
    if ((await sha256Of(file.target)) === file.version.sha256) result.alreadyThere.push(file.target);
    else
      throw new RestoreError(
        `${JSON.stringify(file.target)} exists and differs from the archived copy: nothing was restored. Move it away, or restore elsewhere with --to DIR.`,
      );
  }
  for (const { version, target } of toWrite) {
    await mkdir(path.dirname(target), { recursive: true });
    const temp = path.join(
      path.dirname(target),
      `.${path.basename(target)}.agentlog-${randomBytes(6).toString('hex')}`,
    );
    await writeVersion(archive, version, temp, 0o600);
    try {
      await utimes(temp, Date.now() / 1000, version.mtimeMs / 1000);
      // A hard link never replaces a file that appeared meanwhile (EEXIST), unlike a rename.
      await link(temp, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST')
        throw new RestoreError(`${JSON.stringify(target)} appeared while restoring: it was left as it is.`);
      throw error;
    } finally {
      await rm(temp, { force: true });
    }
    await syncFolder(path.dirname(target));
    result.written.push(target);
  }
  return result;
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
