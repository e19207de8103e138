/**
 * The archive as a source: the archived session files that are gone from disk and that a run's inputs
 * cover, as the `SessionFileRef`s discovery gave when they were there (marked `fromArchive`), so that
 * every command shows them as before.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { SessionFileRef } from '../sources/index.js';
import { isInside } from './archive-location.js';
import { type ArchivedVersion, latestVersions } from './catalogue.js';
import { extractedPath } from './extract-version.js';
import type { Archive } from './open-archive.js';

/** Gone files to read from the archive, with the versions their bytes (and meta sidecars) come from. */
export interface GoneFiles {
  refs: SessionFileRef[];
  /** The newest version of each gone file and of each gone sidecar those files name, by original path. */
  versions: Map<string, ArchivedVersion>;
}

/**
 * Archived session files under one of `roots` (folders searched or files given) that discovery did not
 * find (`present`) and that no longer exist on disk. Sorted by path. A Codex rollout is one thread wherever
 * it is: Codex moves a rollout from `sessions/` to `archived_sessions/`, so a gone rollout whose thread has
 * a file on disk is left out, and of gone rollouts of one thread the one archived last is taken (where
 * the thread was seen last).
 */
export function goneArchivedFiles(
  archive: Archive,
  present: readonly SessionFileRef[],
  roots: readonly string[],
): GoneFiles {
  const found = new Set(present.map((ref) => ref.path));
  const absoluteRoots = roots.map((root) => path.resolve(root));
  const latest = latestVersions(archive);
  const byPath = new Map(latest.map((v) => [v.path, v]));
  const refs: SessionFileRef[] = [];
  const versions = new Map<string, ArchivedVersion>();
  const threads = new Set(present.flatMap((ref) => threadKey(ref) ?? []));
  const candidates = latest
    .filter((v) => v.kind === 'session' && !found.has(v.path))
    .filter((v) => absoluteRoots.some((root) => isInside(v.path, root)))
    .map((v) => ({ version: v, ref: JSON.parse(v.ref) as Partial<SessionFileRef> }))
    // The newest first: the place the thread was seen last (a moved rollout's new path).
    .sort((a, b) =>
      a.version.archivedAt < b.version.archivedAt ? 1 : a.version.archivedAt > b.version.archivedAt ? -1 : 0,
    );
  for (const { version, ref: fields } of candidates) {
    const thread = threadKey(fields);
    if (thread !== undefined && threads.has(thread)) continue;
    if (existsSync(version.path)) continue;
    if (thread !== undefined) threads.add(thread);
    const ref = {
      ...(fields as Omit<SessionFileRef, 'path' | 'size' | 'mtimeMs'>),
      path: version.path,
      size: version.size,
      mtimeMs: version.mtimeMs,
      ...(version.identity === null ? {} : { identity: version.identity }),
      fromArchive: true,
      bytesPath: extractedPath(archive.dir, version.sha256),
    } satisfies SessionFileRef;
    refs.push(ref);
    versions.set(ref.path, version);
    const meta = ref.metaPath === undefined ? undefined : byPath.get(ref.metaPath);
    if (meta && !existsSync(meta.path)) versions.set(meta.path, meta);
  }
  refs.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { refs, versions };
}

/** The thread id of a Codex rollout (undefined for other files). */
function threadKey(ref: Partial<SessionFileRef>): string | undefined {
  return ref.agent === 'codex' && ref.sessionId !== undefined ? ref.sessionId.toLowerCase() : undefined;
}

/** What of a discovered file the archive keeps to present it again (all but where and how big it is). */
export function refFields(ref: SessionFileRef): string {
  const {
    path: _path,
    size: _size,
    mtimeMs: _mtime,
    identity: _identity,
    fromArchive: _from,
    bytesPath: _bytes,
    ...rest
  } = ref;
  return JSON.stringify(rest);
}
