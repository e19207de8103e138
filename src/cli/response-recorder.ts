/**
 * Records a run of a report command (or `ls`) for its response memo (`response-memo.ts`): what it printed, and the
 * state of every path its answer depends on. The run's code tells the recorder (`Io.response`) what it looks
 * at: discovery watches the folders and files it lists and probes (`sources/watch-list.ts`), the prices their
 * files, the archive its catalogue; the report data says when the output is the index's answer for the run's
 * inputs. A memo is written only for a run that printed that answer, wrote nothing on standard error, exited
 * 0 and watched nothing that changed too recently to tell.
 */
import { WatchList } from '../sources/index.js';
import { type MemoPlace, writeMemo } from './response-memo.js';

export type { MemoPlace } from './response-memo.js';

/** What a run tells its response memo. */
export interface ResponseRecorder {
  /**
   * The paths discovery looked at, and the files the answer depends on besides the session files (prices, the
   * archive's catalogue: `watch.stat`).
   */
  readonly watch: WatchList;
  /**
   * The output is the answer the index keeps for the run's inputs (recalled, or stored by this run), or what
   * follows from the rows of an index up to date with them; `validThrough` is the last time at which it holds
   * (`ls`: until a session's state would change; default: as long as the inputs do not change).
   */
  answered(validThrough?: number): void;
}

/** The files every answer depends on: the time zone of the system. */
const alwaysWatched = ['/etc/localtime'];

/**
 * Starts recording this process's standard output for the memo at `place`; `finish` writes the memo when the
 * run qualifies. Call it before the run writes anything.
 */
export function recordResponse(place: MemoPlace): {
  recorder: ResponseRecorder;
  finish(exitCode: number): void;
} {
  const watch = new WatchList();
  for (const file of alwaysWatched) watch.stat(file);
  let answered = false;
  let until = Number.POSITIVE_INFINITY;
  const output: Buffer[] = [];
  let wroteError = false;
  const { stdout, stderr } = process;
  const writeOut = stdout.write.bind(stdout);
  const writeError = stderr.write.bind(stderr);
  stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const encoding = typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : 'utf8';
    output.push(typeof chunk === 'string' ? Buffer.from(chunk, encoding) : Buffer.from(chunk));
    return (writeOut as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof stdout.write;
  stderr.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    wroteError = true;
    return (writeError as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof stderr.write;
  return {
    recorder: {
      watch,
      answered: (validThrough = Number.POSITIVE_INFINITY) => {
        answered = true;
        until = Math.min(until, validThrough);
      },
    },
    finish(exitCode) {
      stdout.write = writeOut;
      stderr.write = writeError;
      if (exitCode !== 0 || wroteError || !answered || !watch.trusted) return;
      writeMemo(place, watch.entries(), Buffer.concat(output), until);
    },
  };
}
