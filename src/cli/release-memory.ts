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
 * Where V8's collection cannot be had (lifecycle's `exposedGc`), nothing is collected and the run goes on as
 * before.
 */
import { exposedGc } from '../lifecycle/heap-fit.js';

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
