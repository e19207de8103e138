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
import { type ArchivedVersion, latestVersions } from './catalogue.js';
import { writeVersion } from './extract-version.js';
import { syncFolder } from './object-store.js';
import type { Archive } from './open-archive.js';

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
 * The archived session named by `target` (a session id, an id prefix, or the file's original path) and its
 * files; `to` puts them under another folder. A RestoreError when nothing or several sessions match.
 */
export function planRestore(archive: Archive, target: string, to?: string): RestorePlan {
  const latest = latestVersions(archive);
  const refOf = (v: ArchivedVersion) => JSON.parse(v.ref) as Partial<SessionFileRef>;
  const stem = (file: string) => path.basename(file).replace(/\.jsonl$/, '');
  const sessions = latest.filter((v) => v.kind === 'session' && refOf(v).role !== 'subagent');
  const byPath = sessions.filter((v) => v.path === path.resolve(target));
  const exact = sessions.filter((v) => refOf(v).sessionId === target || stem(v.path) === target);
  const prefixed = sessions.filter((v) => (refOf(v).sessionId ?? stem(v.path)).startsWith(target));
  const matches = byPath.length > 0 ? byPath : exact.length > 0 ? exact : prefixed;
  const [main, ...others] = matches;
  if (main === undefined)
    throw new RestoreError(
      `No archived session ${JSON.stringify(target)}: agentlog archive info shows what is archived.`,
    );
  if (others.length > 0)
    throw new RestoreError(
      `${JSON.stringify(target)} names ${matches.length} archived session files (${matches
        .slice(0, 5)
        .map((m) => JSON.stringify(m.path))
        .join(', ')}${matches.length > 5 ? ', ...' : ''}): give the file's path instead.`,
    );
  const sessionId = refOf(main).sessionId ?? stem(main.path);
  const subagents = latest.filter((v) => {
    const ref = refOf(v);
    return (
      v.kind === 'session' &&
      ref.role === 'subagent' &&
      ref.parentSessionId === sessionId &&
      ref.projectDir === refOf(main).projectDir
    );
  });
  const metaPaths = new Set(subagents.map((v) => refOf(v).metaPath).filter((p) => p !== undefined));
  const metas = latest.filter((v) => v.kind === 'meta' && metaPaths.has(v.path));
  const base = path.dirname(main.path);
  const targetOf = (file: string) =>
    to === undefined ? file : path.join(path.resolve(to), path.relative(base, file));
  return {
    sessionPath: main.path,
    files: [main, ...subagents, ...metas].map((version) => ({ version, target: targetOf(version.path) })),
  };
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
      await utimes(temp, new Date(), new Date(version.mtimeMs));
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
