/**
 * `usage` with no index yet (issue 17, point 5): when the index holds none of the run's files, the usage
 * report is made from a pass that reads only what usage needs, as ccusage does, instead of building the whole
 * index first. The files are grouped into units as everywhere (`groupUnits`), and each unit built by lifecycle's
 * `buildUsageUnit` (on this thread; with `--jobs N` spread over N threads, the largest units first):
 * the same builders on records cut to their usage, order and tree fields. The trees are then ordered,
 * filtered and summed as `--no-cache` does (`computeUsage`), so the output is the same byte for byte.
 *
 * The index is left as it was: this pass writes nothing, so no file is ever stored half built; the next
 * `usage` finds the index still without the run's files and takes this pass again (about a third of the CPU
 * of building the index), and the first command that needs the index (`report`, `ls`, ...) builds it whole.
 */

import { Worker } from 'node:worker_threads';
import type { Pricer, UsageOptions, UsageReport, UsageSplit } from '../analytics/usage-report.js';
import { computeUsage } from '../analytics/usage-report.js';
import type { UsageTree } from '../lifecycle/build-usage-unit.js';
import { matchesFilter } from '../lifecycle/load-sessions.js';
import { probeUnitFirstLine } from '../lifecycle/probe-unit-first-line.js';
import { groupUnits } from '../lifecycle/session-unit.js';
import type { SessionFileRef } from '../sources/index.js';
import { parseFilter } from './filter-options.js';
import type { DataFlags } from './load-data.js';
import { type Io, printSkipped } from './output.js';
import type { ResolvedInputs } from './resolve-inputs.js';
import { workerScript } from './worker-script.js';

/** A worker's task: units, each its files in input order. */
export interface ColdUsageTask {
  units: SessionFileRef[][];
}

/** A worker's answer: the trees of each unit of its task (in task order), and the files it could not read. */
export type ColdUsageReply =
  | { ok: true; units: UsageTree[][]; skipped: [string, string][] }
  | { ok: false; message: string };

/** The usage report of the run's files from the usage-only pass (see the module header). */
export async function coldUsageReport(
  resolved: ResolvedInputs,
  flags: DataFlags,
  io: Io,
  by: UsageSplit,
  price: Pricer,
  options: UsageOptions,
): Promise<UsageReport> {
  const filter = parseFilter(flags);
  const trees = await coldUsageTrees(resolved.files, flags, io);
  const kept = trees.filter((t) => t.conversation && matchesFilter(t.session, filter)).map((t) => t.session);
  kept.sort((a, b) => (b.startTime ?? '').localeCompare(a.startTime ?? ''));
  return computeUsage(kept, by, price, options);
}

/**
 * Every top-level usage tree of `files`, in the order `loadSessions` gives the sessions: built from session
 * files before subagent files no session claimed, each by the position of its file among the inputs.
 */
export async function coldUsageTrees(
  files: readonly SessionFileRef[],
  flags: DataFlags,
  io: Io,
): Promise<UsageTree[]> {
  // The threads start first: they load their modules while this thread finds the units.
  const pool = startWorkers(files, flags);
  const skipped: [string, string][] = [];
  let built: UsageTree[][];
  try {
    const facts = await Promise.all(files.map((ref) => probeUnitFirstLine(ref)));
    const units = groupUnits(files.map((ref, i) => ({ ref, facts: facts[i] as (typeof facts)[number] }))).map(
      (u) => u.members.map((m) => m.ref),
    );
    built = pool ? await buildOnWorkers(pool, units, skipped) : await buildLargestFirst(units, skipped);
  } finally {
    if (pool) for (const worker of pool) void worker.terminate();
  }
  const position = new Map(files.map((f, i) => [f.path, i]));
  skipped.sort(([a], [b]) => (position.get(a) ?? 0) - (position.get(b) ?? 0));
  printSkipped(
    io,
    skipped.map(([, message]) => message),
  );
  const trees = built.flat();
  const at = (t: UsageTree) => position.get(t.anchor) ?? 0;
  // Stable: trees of one anchor keep their order.
  trees.sort((a, b) => a.phase - b.phase || at(a) - at(b));
  return trees;
}

/**
 * Worker threads besides this one for `--jobs N` (N threads in all), or undefined to build on this thread
 * alone. One thread is the default: on the 2-core bench machine (issue 17's corpus, 2026-11-26, loaded) two
 * threads took more time (7.7 s of CPU against 5.9, wall no shorter: 11.3-12.8 s against 7.8-10.7) and
 * more memory (318-361 MiB against 305-314), as the index's refresh found for its reads (`refreshWithProgress`).
 */
function startWorkers(files: readonly SessionFileRef[], flags: DataFlags): Worker[] | undefined {
  const jobs = Math.min(flags.jobs === undefined ? 1 : Number(flags.jobs), files.length);
  const script = jobs > 1 ? workerScript('usage-cold-worker') : undefined;
  if (script === undefined) return undefined;
  // This thread builds a share too: one thread fewer to start, and one heap fewer.
  return Array.from(
    { length: jobs - 1 },
    () => new Worker(script, { resourceLimits: { maxYoungGenerationSizeMb: youngGenerationMb } }),
  );
}

/** A young generation larger than the default: a unit's records live until it is built (less promoted). */
const youngGenerationMb = 16;

async function buildHere(
  units: readonly SessionFileRef[][],
  skipped: [string, string][],
): Promise<UsageTree[][]> {
  const { buildUsageUnit } = await import('../lifecycle/build-usage-unit.js');
  const out: UsageTree[][] = [];
  for (const refs of units)
    out.push(await buildUsageUnit(refs, (file, message) => skipped.push([file, message])));
  return out;
}

/** The units' bytes, and their positions from the largest unit to the smallest. */
function bySize(units: readonly SessionFileRef[][]): { bytes: number[]; order: number[] } {
  const bytes = units.map((u) => u.reduce((sum, f) => sum + f.size, 0));
  return { bytes, order: units.map((_, i) => i).sort((a, b) => (bytes[b] ?? 0) - (bytes[a] ?? 0)) };
}

/**
 * Each unit's trees, in unit order, built on this thread from the largest unit to the smallest: the largest
 * build then happens while no other unit's trees are held, which lowers the peak memory (the 64 MiB session of
 * the benchmark's corpus built last held every other tree beside it).
 */
async function buildLargestFirst(
  units: readonly SessionFileRef[][],
  skipped: [string, string][],
): Promise<UsageTree[][]> {
  const { order } = bySize(units);
  const built = await buildHere(
    order.map((i) => units[i] ?? []),
    skipped,
  );
  const out: UsageTree[][] = units.map(() => []);
  order.forEach((unit, k) => {
    out[unit] = built[k] ?? [];
  });
  return out;
}

/** Each unit's trees, in unit order: the largest units first, each to the thread with the fewest bytes so far. */
async function buildOnWorkers(
  workers: readonly Worker[],
  units: readonly SessionFileRef[][],
  skipped: [string, string][],
): Promise<UsageTree[][]> {
  const { bytes, order } = bySize(units);
  const shares = [undefined, ...workers].map((worker) => ({ worker, bytes: 0, units: [] as number[] }));
  for (const i of order) {
    const share = shares.reduce((best, s) => (s.bytes < best.bytes ? s : best));
    share.bytes += bytes[i] ?? 0;
    share.units.push(i);
  }
  const out: UsageTree[][] = units.map(() => []);
  await Promise.all(
    shares.map(async (share) => {
      if (share.units.length === 0) return;
      const task = share.units.map((i) => units[i] ?? []);
      if (share.worker === undefined) {
        const here = await buildHere(task, skipped);
        share.units.forEach((unit, k) => {
          out[unit] = here[k] ?? [];
        });
        return;
      }
      const reply = await ask(share.worker, { units: task });
      if (!reply.ok) throw new Error(reply.message);
      share.units.forEach((unit, k) => {
        out[unit] = reply.units[k] ?? [];
      });
      skipped.push(...reply.skipped);
    }),
  );
  return out;
}

function ask(worker: Worker, task: ColdUsageTask): Promise<ColdUsageReply> {
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) =>
      reject(new Error(`A usage worker stopped unexpectedly (exit code ${code}).`)),
    );
    worker.postMessage(task);
  });
}
