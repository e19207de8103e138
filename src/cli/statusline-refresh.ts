/**
 * The status line's refresh in the background: after a call has shown the appended requests on top of the
 * stored rows (`statusline-overlay.ts`), a detached `agentlog statusline --refresh-index PATH` brings the
 * index up to date for that transcript, so that the next calls read it from the rows. One at a time per
 * cache folder: the lock file `statusline-refresh.lock` (made with O_EXCL, holding the refresher's process
 * id) is taken by the call that starts a refresher and removed by the refresher when it ends; a lock whose
 * process is gone, or older than {@link staleLockMs}, is taken over. And not more often than every
 * {@link minIntervalMs} (`statusline-refresh.last` is touched when one starts) unless {@link eagerBytes} are
 * waiting: a refresher loads the readers and schemas and takes a core for a while, and the calls in between show
 * the appended requests anyway, at the cost of reading the bytes the index has not taken yet.
 */
import { closeSync, openSync, readFileSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const lockName = 'statusline-refresh.lock';
/** A refresher that has held the lock this long is taken for dead. */
const staleLockMs = 5 * 60_000;
const lastName = 'statusline-refresh.last';
/** At most one refresher started in this long, ... */
export const minIntervalMs = 10_000;
/** ... unless this many appended bytes wait for the index. */
export const eagerBytes = 1024 * 1024;

/**
 * Starts a detached refresher for `transcript` unless one is running or one started less than
 * {@link minIntervalMs} ago while fewer than {@link eagerBytes} (`pendingBytes`) wait; never throws.
 */
export function refreshInBackground(options: {
  cli: string;
  cacheDir: string;
  transcript: string;
  env: NodeJS.ProcessEnv;
  pendingBytes: number;
  /** More arguments for the refresher (the caller's pricing flags). */
  args?: readonly string[];
}): boolean {
  const lock = path.join(options.cacheDir, lockName);
  const last = path.join(options.cacheDir, lastName);
  try {
    if (options.pendingBytes < eagerBytes && Date.now() - lastStart(last) < minIntervalMs) return false;
    const fd = takeLock(lock);
    if (fd === undefined) return false;
    try {
      // Loaded only here: most calls start no refresher, and loading `node:child_process` costs milliseconds.
      const { spawn } = createRequire(import.meta.url)(
        'node:child_process',
      ) as typeof import('node:child_process');
      const child = spawn(
        process.execPath,
        [
          options.cli,
          'statusline',
          '--refresh-index',
          options.transcript,
          '--cache-dir',
          options.cacheDir,
          ...(options.args ?? []),
        ],
        { detached: true, stdio: 'ignore', env: options.env },
      );
      child.on('error', () => releaseLock(options.cacheDir));
      writeSync(fd, String(child.pid ?? ''));
      child.unref();
      writeFileSync(last, `${Date.now()}\n`, { mode: 0o600 });
      return true;
    } finally {
      closeSync(fd);
    }
  } catch {
    return false;
  }
}

/** Removes the lock when this process (the refresher) holds it, or when its holder never started. */
export function releaseLock(cacheDir: string): void {
  const lock = path.join(cacheDir, lockName);
  try {
    const holder = readFileSync(lock, 'utf8').trim();
    if (holder === '' || holder === String(process.pid)) rmSync(lock, { force: true });
  } catch {
    // Gone already.
  }
}

/** When the last refresher started (the marker's modification time), or 0. */
function lastStart(marker: string): number {
  try {
    return statSync(marker).mtimeMs;
  } catch {
    return 0;
  }
}

function takeLock(lock: string): number | undefined {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      return openSync(lock, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return undefined;
      if (!isStale(lock)) return undefined;
      rmSync(lock, { force: true });
    }
  }
  return undefined;
}

function isStale(lock: string): boolean {
  try {
    if (Date.now() - statSync(lock).mtimeMs > staleLockMs) return true;
    const pid = Number(readFileSync(lock, 'utf8').trim());
    // Being written by the call that took it: not stale.
    if (!Number.isInteger(pid) || pid <= 0) return false;
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
