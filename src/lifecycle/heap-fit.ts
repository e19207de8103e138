// Whether a file can be built whole in what is left of this process's heap. A session is built from all of
// its file's records at once (the index's fold into rows as a file is read is still to come), and a build
// that outgrows V8's heap limit does not throw: the process aborts, and every other file of the run is lost
// with it. The index (`cache/`), the loader without it (`load-sessions.ts`) and `usage` without it
// (`build-usage-unit.ts`) skip a file that would not fit instead, like an unreadable one, with what to do.
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Heap a file's build holds at its peak, per byte of the file, by how its records are held: projected (the
 * index, `cache/project-record.ts`), whole (the loader without the index) or cut to what usage reads (`usage`
 * with no index yet, `read-usage-file.ts`). Measured: the benchmark's 1 GiB session, projected, peaks at
 * 1,160 MiB live after a full collection (1.13 per byte; its index run fails with a 1,000 MiB heap and
 * completes with 1,500 MiB); cut to usage, at 1,027 MiB (1.0); its 64 MiB session read whole holds 87 MiB
 * of records and 97 MiB with the session built (1.52). The margin covers files whose records weigh more
 * than their bytes.
 */
export const heapPerFileByte = { projected: 1.5, whole: 2, usage: 1.25 } as const;

const mib = 1024 * 1024;

/** Why a read does not fit: what it needs, the heap's limit, and the old-space size that would let it be read. */
export interface HeapShortfall {
  needed: number;
  limit: number;
  /** A `--max-old-space-size` (MiB) with room for the read and what the process holds besides. */
  suggestedMb: number;
}

/**
 * Undefined when building `bytes` of session files fits in the heap this process has left, else by how much
 * it does not. Garbage counts as used until it is collected: before saying no, this collects it (when V8's
 * collection can be had) and looks again, unless `heap` is given (then that heap is judged as it is).
 */
export function heapShortfall(
  bytes: number,
  records: keyof typeof heapPerFileByte,
  heap?: { limit: number; used: number },
): HeapShortfall | undefined {
  const needed = bytes * heapPerFileByte[records];
  const fits = (h: { limit: number; used: number }) => h.used + needed <= h.limit * usableShare;
  let current = heap ?? currentHeap();
  if (fits(current)) return undefined;
  // Collected only when the heap grew since the last collection here: a heap full of live data (the loader
  // keeps every session it built) is not collected again for each file that follows.
  if (heap === undefined && current.used > usedAfterCollection + collectAfterGrowth) {
    exposedGc()?.();
    current = currentHeap();
    usedAfterCollection = current.used;
    if (fits(current)) return undefined;
  }
  // Rounded up to 512 MiB.
  const suggestedMb = Math.ceil((current.used + needed) / usableShare / mib / 512 + 0.25) * 512;
  return { needed, limit: current.limit, suggestedMb };
}

/**
 * Undefined when building `bytes` of the file `path` fits in the heap this process has left (see
 * {@link heapShortfall}), else the reason: one sentence, with the option that would let it be read.
 */
export function tooLargeToBuild(
  path: string,
  bytes: number,
  records: keyof typeof heapPerFileByte,
): string | undefined {
  const short = heapShortfall(bytes, records);
  if (short === undefined) return undefined;
  return (
    `${JSON.stringify(path)} (${format(bytes)} MiB) is too large to read in this process's memory: ` +
    `building it takes about ${format(short.needed)} MiB, and the heap is limited to ${format(short.limit)} MiB; ` +
    `run with NODE_OPTIONS=--max-old-space-size=${short.suggestedMb} to read it.`
  );
}

/** Heap used after the last collection {@link tooLargeToBuild} made, and how much it must grow for another. */
let usedAfterCollection = 0;
const collectAfterGrowth = 32 * mib;

/**
 * The whole reads one thread holds at once (files read ahead while earlier units are built): a read is
 * started only when the reads held before it leave room for it too, else it waits for them to be let go
 * (when their unit is built). A file that does not fit even alone is `tooLargeToBuild`'s to skip.
 */
export interface HeapBudget {
  /** Reserves room for a whole read of `bytes`: false (nothing reserved) when it should wait. `force`: always. */
  reserve(bytes: number, force: boolean): boolean;
  /** Lets go of what {@link reserve} took for `bytes`. */
  letGo(bytes: number): void;
}

export function createHeapBudget(records: keyof typeof heapPerFileByte): HeapBudget {
  let reserved = 0;
  return {
    reserve(bytes, force) {
      // The reads held are counted twice once read (their records are in `used` too): a read waits sooner.
      // No collection for this: waiting costs less.
      if (!force && reserved > 0 && heapShortfall(reserved + bytes, records, currentHeap()) !== undefined)
        return false;
      reserved += bytes;
      return true;
    },
    letGo(bytes) {
      reserved -= bytes;
    },
  };
}

let gc: (() => void) | undefined | null = null;

/**
 * V8's full collection, exposed once; undefined where it cannot be. Exposed the way Node's documentation
 * shows for V8 flags set at run time (`--expose-gc`, then a fresh context's `gc`).
 */
export function exposedGc(): (() => void) | undefined {
  if (gc !== null) return gc;
  const global = (globalThis as { gc?: unknown }).gc;
  if (typeof global === 'function') {
    gc = global as () => void;
    return gc;
  }
  try {
    setFlagsFromString('--expose-gc');
    const exposed: unknown = runInNewContext('gc');
    gc = typeof exposed === 'function' ? (exposed as () => void) : undefined;
  } catch {
    gc = undefined;
  }
  return gc;
}

/**
 * The heap's limit as `--max-old-space-size` sets it, and what is used. V8's `heap_size_limit` counts the young
 * generation too (48 MiB on 64 bits), which a build's records do not stay in.
 */
function currentHeap(): { limit: number; used: number } {
  const stats = getHeapStatistics();
  return { limit: stats.heap_size_limit - youngGeneration, used: stats.used_heap_size };
}

const youngGeneration = 48 * mib;

/**
 * The share of the old generation a build may fill: V8 gives up ("ineffective mark-compacts near heap limit")
 * before the limit. Measured: a unit of three 72 MiB copies of one session, read one after another, aborted
 * with 135 MiB live under a 160 MiB old generation.
 */
const usableShare = 0.85;

function format(bytes: number): string {
  return Math.ceil(bytes / mib).toLocaleString('en-US');
}
