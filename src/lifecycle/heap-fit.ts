// Whether a file can be built whole in what is left of this process's heap. A session is built from all of
// its file's records at once (the index's fold into rows as a file is read is still to come), and a build
// that outgrows V8's heap limit does not throw: the process aborts, and every other file of the run is lost
// with it. The index (`cache/`) and the loader without it (`load-sessions.ts`) skip a file that would not
// fit instead, like an unreadable one, with what to do.
import { getHeapStatistics } from 'node:v8';

/**
 * Heap a file's build holds at its peak, per byte of the file, by how its records are held: projected (the
 * index, `cache/project-record.ts`) or whole (the loader without the index). Measured: the benchmark's 1 GiB
 * session, projected, peaks at 1,160 MiB live after a full collection (1.13 per byte; its index run fails
 * with a 1,000 MiB heap and completes with 1,500 MiB); its 64 MiB session read whole holds 87 MiB of
 * records and 97 MiB with the session built (1.52). The margin covers files whose records weigh more than
 * their bytes.
 */
export const heapPerFileByte = { projected: 1.5, whole: 2 } as const;

const mib = 1024 * 1024;

/**
 * Undefined when building `bytes` of session files fits in the heap this process has left, else the reason
 * (one sentence, with the option that would include the file).
 */
export function tooLargeToBuild(
  path: string,
  bytes: number,
  records: keyof typeof heapPerFileByte,
  heap: { limit: number; used: number } = currentHeap(),
): string | undefined {
  const needed = bytes * heapPerFileByte[records];
  if (heap.used + needed <= heap.limit) return undefined;
  // Room for the build and what the process holds besides, rounded up to 512 MiB.
  const suggested = Math.ceil((heap.used + needed) / mib / 512 + 0.25) * 512;
  return (
    `"${path}" (${format(bytes)} MiB) is too large to read in this process's memory: building it takes ` +
    `about ${format(needed)} MiB, and the heap is limited to ${format(heap.limit)} MiB; ` +
    `run with NODE_OPTIONS=--max-old-space-size=${suggested} to include it.`
  );
}

function currentHeap(): { limit: number; used: number } {
  const stats = getHeapStatistics();
  return { limit: stats.heap_size_limit, used: stats.used_heap_size };
}

function format(bytes: number): string {
  return Math.ceil(bytes / mib).toLocaleString('en-US');
}
