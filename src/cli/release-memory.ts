/**
 * Full garbage collections at the points where a refresh knows that much of what it held has just become
 * garbage: each time the units it stored add up to another `everyBytes` of input.
 *
 * Why: V8 promotes a unit's records and rows to the old generation (they live across scavenges while the
 * unit is read, built and written) and sets its next full collection from the live size at the last one.
 * After the 64 MiB session of the benchmark that limit was near 300 MiB, and the main thread's heap filled
 * with dead units up to it (live: 30 MiB). A collection when a unit is done sets the limit from what is
 * really live. Each costs a few tens of milliseconds on a heap that small. (The scan workers are not
 * collected so: there it cost more time than it saved memory.)
 *
 * `gc` is exposed the way Node's documentation shows for V8 flags set at run time (`--expose-gc`, then a
 * fresh context's `gc`); where that fails, nothing is collected and the run goes on as before.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Input bytes stored between two collections. */
export const releaseEveryBytes = 64 * 1024 * 1024;

/**
 * A function told the input bytes of each unit done; it calls `collect` (a full collection) every
 * `everyBytes` of them. The collector is looked up only then: a refresh that reads little sets no flag.
 */
export function memoryReleaser(
  everyBytes = releaseEveryBytes,
  collect: () => (() => void) | undefined = exposedGc,
): (bytes: number) => void {
  let since = 0;
  return (bytes) => {
    since += bytes;
    if (since < everyBytes) return;
    since = 0;
    collect()?.();
  };
}

let gc: (() => void) | undefined | null = null;

/** V8's full collection, exposed once; undefined where it cannot be. */
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
