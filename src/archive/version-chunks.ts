/** The bytes of an archived version, streamed from its objects in order. */
import type { ArchivedVersion } from './catalogue.js';
import { objectChunks } from './object-store.js';
import type { Archive } from './open-archive.js';

/** Streams the original bytes of `version` (objects are decompressed one at a time). */
export async function* versionChunks(
  archive: Archive,
  version: Pick<ArchivedVersion, 'segments'>,
): AsyncGenerator<Buffer> {
  for (const hash of version.segments) yield* objectChunks(archive, hash);
}
