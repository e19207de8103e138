import { stat } from 'node:fs/promises';
import type { SessionFileRef } from './discovery.js';
import { withWriteAheadLog } from './with-write-ahead-log.js';

/**
 * The refs of a discovery with each file's size, modification time and identity as they are now, for a
 * long-running process that looks again between two walks of the folders (a session that grew is noticed
 * without walking every folder). A file gone since is left out; a file read from agentlog's archive
 * (`fromArchive`) is kept as it is (it was already gone), and so is a session of a store (`store`: its
 * watermark covers many files or rows; the next walk measures it again).
 */
export async function restatFiles(refs: readonly SessionFileRef[]): Promise<SessionFileRef[]> {
  const now = await Promise.all(
    refs.map(async (ref): Promise<SessionFileRef | undefined> => {
      if (ref.fromArchive || ref.store) return ref;
      try {
        const stats = await stat(ref.path);
        if (!stats.isFile()) return undefined;
        return await withWriteAheadLog({
          ...ref,
          size: stats.size,
          mtimeMs: stats.mtimeMs,
          identity: `${stats.ino}:${stats.ctimeMs}`,
        });
      } catch {
        return undefined;
      }
    }),
  );
  return now.filter((ref) => ref !== undefined);
}
