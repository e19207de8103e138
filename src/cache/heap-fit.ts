// Whether a file can be built whole in what is left of this process's heap. The index builds a session
// from all of its file's records at once (the fold into rows as a file is read is still to come), and a
// build that outgrows V8's heap limit does not throw: the process aborts, and every other file of the run
// is lost with it. A file that would not fit is skipped instead, like an unreadable one, with what to do.
import { getHeapStatistics } from 'node:v8';

/**
 * Heap a whole file's build holds at its peak, per byte of the file. Measured: the benchmark's 1 GiB
 * session peaks at 1,160 MiB live after a full collection (1.13 per byte), and its run fails with a
 * 1,000 MiB heap and completes with 1,500 MiB. The margin covers files whose records weigh more than
 * their bytes.
 */
export const heapPerFileByte = 1.5;

const mib = 1024 * 1024;

/**
 * Undefined when building `bytes` of session files fits in the heap this process has left, else the reason
 * (one sentence, with the option that would include the file).
 */
export function tooLargeToBuild(
  path: string,
  bytes: number,
  heap: { limit: number; used: number } = currentHeap(),
): string | undefined {
  const needed = bytes * heapPerFileByte;
  if (heap.used + needed <= heap.limit) return undefined;
  // Room for the build and what the process holds besides, rounded up to 512 MiB.
  const suggested = Math.ceil((heap.used + needed) / mib / 512 + 0.25) * 512;
  return (
    `"${path}" (${format(bytes)} MiB) is too large to index in this process's memory: building it takes ` +
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
