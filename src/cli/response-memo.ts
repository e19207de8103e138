/**
 * The response memo: what a report command printed, kept with everything it depends on, so that the same
 * command run again, with nothing changed, prints it again without loading the program. Built-in modules only:
 * `npm run build` bundles it into `dist/cli/response-memo.cjs` (scripts/bundle-cli.mjs), which the bin
 * (`agentlog.cts`) reads before it loads anything else; the program writes memos (`response-recorder.ts`).
 *
 * A memo is kept under a key of the whole invocation: the command line, every environment variable, the
 * working folder, Node's version, the bundle that ran (its size and time), what standard output and error
 * are (a terminal and its width, or not) and the system time zone's offsets. It holds the states (`sources/watch-list.ts`) of every path the
 * run's discovery looked at (each folder it listed, each file in them, each path it probed, existing or not)
 * and of the other files the answer depends on (a price database, a `--pricing` file, the archive's catalogue,
 * the time zone): when every one is as it was, the run's inputs are the same files with the same contents, so
 * its answer (cache/answers.ts: a function of those inputs and the options) and its output are the same.
 * Any difference, or any doubt, and the program runs as usual.
 */
import fs from 'node:fs';
import path from 'node:path';
import { resolveCacheDir } from '../cache/cache-location.js';
import { type WatchedState, watchedState } from '../sources/watch-list.js';
import { guardProcessStreams } from './guard-process-streams.js';

/**
 * The commands whose output is a function of their inputs and options (they keep answers), and `ls`, whose
 * states also depend on the time: its memo holds until the first session whose state would change.
 */
const memoCommands: readonly string[] = ['report', 'usage', 'tools', 'errors', 'ls'];

/** Options that make a run do more than print: archiving first, or redrawing until stopped. */
const sideEffectOptions: readonly string[] = ['--archive', '--live'];

/** Memos kept in the folder at most; the oldest go first. */
const maxMemos = 32;

const magic = 'agentlog response memo 2\n';

/** The memos' folder in the cache folder, and their names. */
const memoFolder = 'responses';
const memoName = /^[0-9a-f]{8}\.memo$/;

/** Where an invocation's memo is and the key it is kept under. */
export interface MemoPlace {
  file: string;
  key: string;
}

/**
 * The memo place of this process's invocation (`argv` without node and the script), or undefined when its
 * output is not kept: another command, an option that does more than print, or no cache folder.
 */
export function memoPlaceOf(argv: readonly string[], bundle: string): MemoPlace | undefined {
  const command = argv[0];
  if (command === undefined || !memoCommands.includes(command)) return undefined;
  if (argv.some((arg) => sideEffectOptions.includes(arg.split('=')[0] ?? arg))) return undefined;
  const dir = resolveCacheDir(process.env, cacheDirOption(argv));
  const built = fs.statSync(bundle, { throwIfNoEntry: false });
  if (dir === undefined || built === undefined) return undefined;
  const key = JSON.stringify([
    argv,
    Object.entries(process.env).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    process.cwd(),
    process.version,
    [bundle, built.size, built.mtimeMs],
    [process.stdout.isTTY === true, process.stdout.columns ?? 0, process.stderr.isTTY === true],
    zoneOffsets(),
  ]);
  return { file: path.join(dir, memoFolder, `${fnv1a(key)}.memo`), key };
}

/**
 * The system time zone's offsets in winter and summer of the last years: a zone changed on a system without
 * `/etc/localtime` (Windows) changes the key (reading the zone's name from Intl would cost 12 to 20 ms).
 */
function zoneOffsets(): number[] {
  return [2024, 2025, 2026].flatMap((year) => [
    new Date(year, 0, 15).getTimezoneOffset(),
    new Date(year, 6, 15).getTimezoneOffset(),
  ]);
}

/** The value of `--cache-dir` on the command line (its last one), if any. */
function cacheDirOption(argv: readonly string[]): string | undefined {
  let value: string | undefined;
  argv.forEach((arg, i) => {
    if (arg === '--cache-dir') value = argv[i + 1];
    else if (arg.startsWith('--cache-dir=')) value = arg.slice('--cache-dir='.length);
  });
  return value;
}

/**
 * Prints the memo at `place` and returns true when it is valid: kept under the same key, not past the time it
 * holds through, and every path it watches in the state it holds. False (nothing printed) otherwise.
 */
export function replayMemo(place: MemoPlace): boolean {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(place.file);
  } catch {
    return false;
  }
  const parsed = parseMemo(bytes);
  if (parsed === undefined || parsed.key !== place.key) return false;
  if (parsed.validThrough !== null && Date.now() > parsed.validThrough) return false;
  try {
    for (const [dir, entries] of parsed.folders)
      for (const [name, ...state] of entries) if (!sameState(joinName(dir, name), state)) return false;
  } catch {
    // A damaged memo: the program runs (and writes it again).
    return false;
  }
  guardProcessStreams();
  process.stdout.write(parsed.output);
  return true;
}

/** Whether `file` is now in `state`, as `watchedState` records a path's state. */
function sameState(file: string, state: readonly number[]): boolean {
  let now: WatchedState;
  try {
    now = watchedState(fs.statSync(file, { throwIfNoEntry: false }));
  } catch {
    return false;
  }
  return now.length === state.length && now.every((value, i) => value === state[i]);
}

/**
 * The paths a memo watches, by folder (each folder's path once: a memo of 3,600 paths is a third of the size):
 * `[folder, [[name, ...state], ...]]`, a name of `''` for the folder itself.
 */
type Folders = [string, [string, ...number[]][]][];

/** The path of `name` in `dir` as `path.dirname` and `path.basename` cut it (`''`: `dir` itself). */
function joinName(dir: string, name: string): string {
  if (name === '') return dir;
  return dir.endsWith(path.sep) ? dir + name : dir + path.sep + name;
}

/** `states` grouped by folder (see {@link Folders}). */
function byFolder(states: readonly (readonly [string, WatchedState])[]): Folders {
  const folders = new Map<string, [string, ...number[]][]>();
  for (const [file, state] of states) {
    const dir = path.dirname(file);
    const name = dir === file ? '' : path.basename(file);
    let entries = folders.get(dir);
    if (!entries) {
      entries = [];
      folders.set(dir, entries);
    }
    entries.push([name, ...state]);
  }
  return [...folders];
}

/**
 * A memo file: the magic line, one line of JSON (key, the last time it holds or null, the watched paths by
 * folder), then the output's bytes.
 */
function parseMemo(
  bytes: Buffer,
): { key: string; folders: Folders; validThrough: number | null; output: Buffer } | undefined {
  if (bytes.subarray(0, magic.length).toString('latin1') !== magic) return undefined;
  const end = bytes.indexOf(10, magic.length);
  if (end === -1) return undefined;
  try {
    const head = JSON.parse(bytes.subarray(magic.length, end).toString('utf8')) as {
      key: string;
      folders: Folders;
      validThrough?: number | null;
    };
    if (typeof head.key !== 'string' || !Array.isArray(head.folders)) return undefined;
    const validThrough = typeof head.validThrough === 'number' ? head.validThrough : null;
    return { key: head.key, folders: head.folders, validThrough, output: bytes.subarray(end + 1) };
  } catch {
    return undefined;
  }
}

/**
 * Keeps `output` at `place` with the states of the paths it depends on. Written to a private temporary file
 * and renamed into place (a concurrent reader sees the old memo or the new one); the folder keeps the newest
 * memos only. Never fails the run: a memo is a saving.
 */
export function writeMemo(
  place: MemoPlace,
  states: readonly (readonly [string, WatchedState])[],
  output: Buffer,
  validThrough = Number.POSITIVE_INFINITY,
): void {
  const dir = path.dirname(place.file);
  const temporary = `${place.file}.${process.pid}.tmp`;
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const until = Number.isFinite(validThrough) ? validThrough : null;
    const head = `${magic}${JSON.stringify({ key: place.key, validThrough: until, folders: byFolder(states) })}\n`;
    fs.writeFileSync(temporary, Buffer.concat([Buffer.from(head, 'utf8'), output]), { mode: 0o600 });
    fs.renameSync(temporary, place.file);
    pruneMemos(dir);
  } catch {
    try {
      fs.rmSync(temporary, { force: true });
    } catch {
      // Nothing more to do.
    }
  }
}

/** Removes every memo of the cache folder `cacheDir` (`cache clear`). */
export function removeMemos(cacheDir: string): void {
  const dir = path.join(cacheDir, memoFolder);
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names)
    if (memoName.test(name) || /^[0-9a-f]{8}\.memo\.\d+\.tmp$/.test(name))
      fs.rmSync(path.join(dir, name), { force: true });
  // The folder too when nothing else is in it (a file someone put there stays, and so does the folder).
  try {
    fs.rmdirSync(dir);
  } catch {
    // Not empty.
  }
}

/** Removes the oldest memos (only files named as memos) beyond {@link maxMemos}. */
function pruneMemos(dir: string): void {
  const memos = fs
    .readdirSync(dir)
    .filter((name) => memoName.test(name))
    .map((name) => {
      const file = path.join(dir, name);
      return { file, mtimeMs: fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0 };
    });
  if (memos.length <= maxMemos) return;
  memos.sort((a, b) => a.mtimeMs - b.mtimeMs);
  for (const { file } of memos.slice(0, memos.length - maxMemos)) fs.rmSync(file, { force: true });
}

/** FNV-1a of `text`'s UTF-16 units, as 8 hex digits: a file name (the key itself is compared in full). */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}
