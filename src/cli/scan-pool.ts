import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { projectRecord } from '../cache/project-record.js';
import type { UnitRead, UnitReader } from '../cache/read-whole-unit.js';
import {
  FileUnreadableError,
  type RecordSlice,
  type RecordSliceOptions,
  type RecordSliceReader,
  type ResumePoint,
} from '../lifecycle/record-slice.js';
import { isRedirected, readPathOf } from '../reader/read-path.js';
import type { FileValidationFacts } from '../reader/validate-file.js';
import type { SessionFileRef } from '../sources/index.js';
import { workerScript } from './worker-script.js';

/** A message to a scan worker. */
export type ScanTask =
  | {
      id: number;
      kind: 'slice';
      file: string;
      /** Where the file's bytes are when they are not at `file` (see reader's `read-path.ts`). */
      bytes?: string;
      start?: ResumePoint;
      project: boolean;
      validate?: RecordSliceOptions['validate'];
    }
  | { id: number; kind: 'validate'; file: string; bytes?: string }
  | {
      id: number;
      kind: 'unit';
      /** The unit's files, new to the index and on disk (see cache's `read-whole-unit.ts`). */
      refs: SessionFileRef[];
    };

/** A worker's answer. */
export type ScanReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; unreadable: boolean; message: string };

/**
 * Worker threads that read and validate files in parallel for a cold scan. Threads start on the first
 * task (a run that reads nothing starts none); `close` stops them.
 */
export interface ScanPool {
  /** Threads the pool may start. */
  readonly size: number;
  /** Reads (or validations) adding up to less than this many bytes stay in the main thread. */
  readonly minBytes: number;
  /** lifecycle's `readRecordSlice` in a worker (only the index's `projectRecord` can be passed as `project`). */
  readSlice: RecordSliceReader;
  /** reader's `validateFile` in a worker. */
  validate(file: string): Promise<FileValidationFacts>;
  /** cache's `readWholeUnit` in a worker: a unit of new files read whole and built. */
  readUnit: UnitReader;
  /**
   * Stops the threads that have no task, giving their memory back; a later task starts threads again. A
   * refresh that read through the pool calls it before the queries: two idle threads held about 100 MiB of
   * heap while a cold `report` queried the index, the run's peak.
   */
  release(): void;
  /** Threads running now. */
  threads(): number;
  close(): Promise<void>;
}

/** The default number of worker threads: one per core. */
export function defaultJobs(): number {
  return availableParallelism();
}

/**
 * Each thread's young generation, below Node's default (a worker's units are small): on the benchmark
 * corpus, a cold report peaked at 438-454 MiB with the default, 404-409 MiB at 12 MiB, 388-418 MiB at 16 MiB
 * and 408-415 MiB at 24 MiB (three to six runs each), no slower (BENCHMARKS.md).
 */
const youngGenerationMb = 16;

/** Tasks sent to one thread before it answers (its I/O overlaps the previous task's parsing). */
const perWorker = 2;

/**
 * A pool of `jobs` scan threads, or undefined when `jobs` is 1 (scan in the main thread) or the worker
 * script is not there (running from the TypeScript sources, as the tests do).
 */
export function createScanPool(jobs: number, minBytes = 0): ScanPool | undefined {
  const script = jobs > 1 ? workerScript('scan-worker') : undefined;
  if (script === undefined) return undefined;
  interface Slot {
    worker: Worker;
    busy: number;
    /** Stopped by `release`: its exit is no failure. */
    released?: boolean;
  }
  const slots: Slot[] = [];
  const queue: { task: ScanTask; resolve: (value: unknown) => void; reject: (error: Error) => void }[] = [];
  const waiting = new Map<
    number,
    { slot: Slot; resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  let nextId = 0;
  let closed = false;

  const start = (): Slot => {
    const worker = new Worker(script, { resourceLimits: { maxYoungGenerationSizeMb: youngGenerationMb } });
    const slot: Slot = { worker, busy: 0 };
    worker.on('message', (reply: ScanReply) => {
      const entry = waiting.get(reply.id);
      if (!entry) return;
      waiting.delete(reply.id);
      slot.busy -= 1;
      if (reply.ok) entry.resolve(reply.value);
      else entry.reject(reply.unreadable ? new FileUnreadableError(reply.message) : new Error(reply.message));
      dispatch();
    });
    worker.on('error', (error) => fail(slot, error));
    worker.on('exit', (code) => {
      if (!closed && !slot.released)
        fail(slot, new Error(`A scan worker stopped unexpectedly (exit code ${code}).`));
    });
    worker.unref();
    slots.push(slot);
    return slot;
  };
  const fail = (slot: Slot, error: Error) => {
    for (const [id, entry] of waiting)
      if (entry.slot === slot) {
        waiting.delete(id);
        entry.reject(error);
      }
    slots.splice(slots.indexOf(slot), 1);
  };
  const dispatch = () => {
    while (queue.length > 0) {
      let slot = slots.reduce<Slot | undefined>(
        (best, s) => (best && best.busy <= s.busy ? best : s),
        undefined,
      );
      if ((!slot || slot.busy > 0) && slots.length < jobs) slot = start();
      if (!slot || slot.busy >= perWorker) return;
      // Reads first: the index waits on them in order; validations fill the threads' idle time.
      const read = queue.findIndex((q) => q.task.kind !== 'validate');
      const item = queue.splice(read === -1 ? 0 : read, 1)[0] as (typeof queue)[number];
      slot.busy += 1;
      waiting.set(item.task.id, { slot, resolve: item.resolve, reject: item.reject });
      slot.worker.ref();
      slot.worker.postMessage(item.task);
    }
  };
  const submit = <T>(task: ScanTask): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (closed) {
        reject(new Error('The scan pool is closed.'));
        return;
      }
      queue.push({ task, resolve: resolve as (value: unknown) => void, reject });
      dispatch();
    }).finally(() => {
      for (const slot of slots) if (slot.busy === 0) slot.worker.unref();
    });

  /** The task's `bytes` for a redirected file (the main thread extracts it once; workers read it). */
  const bytesOf = async (file: string) => (isRedirected(file) ? { bytes: await readPathOf(file) } : {});
  const readSlice: RecordSliceReader = async (file, options = {}) => {
    if (options.project !== undefined && options.project !== projectRecord)
      throw new Error('A scan worker can only apply the index projection.');
    return submit<RecordSlice>({
      id: nextId++,
      kind: 'slice',
      file,
      ...(await bytesOf(file)),
      ...(options.start ? { start: options.start } : {}),
      project: options.project !== undefined,
      ...(options.validate ? { validate: options.validate } : {}),
    });
  };
  const readUnit: UnitReader = (refs) => submit<UnitRead>({ id: nextId++, kind: 'unit', refs: [...refs] });
  return {
    size: jobs,
    minBytes,
    readSlice,
    readUnit,
    validate: async (file) =>
      submit<FileValidationFacts>({ id: nextId++, kind: 'validate', file, ...(await bytesOf(file)) }),
    threads: () => slots.length,
    release() {
      for (const slot of [...slots]) {
        if (slot.busy > 0) continue;
        slot.released = true;
        slots.splice(slots.indexOf(slot), 1);
        void slot.worker.terminate();
      }
    },
    async close() {
      closed = true;
      // Stopped, not waited for. A worker still running a task of a refresh that started again (another
      // process wrote to the index) could leave `terminate()` unsettled while nothing else kept the process
      // alive: the process ended there, exit code 0, before the caller printed its report. A thread that is
      // stopping does not keep the process from ending, and the process's end stops it.
      for (const slot of slots) void slot.worker.terminate();
      slots.length = 0;
    },
  };
}
