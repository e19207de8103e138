// Permission checks that hold as root too. Root reads a chmod 000 file, so where the tests run as root
// (here and in CI), the check runs in a child process as the unprivileged user `nobody` instead; as any
// other user it runs as that user. No fs mock: the kernel refuses the read.
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** True when this process runs as root. */
export const runningAsRoot = process.getuid?.() === 0;

/** The uid and gid of `nobody` on Linux. */
const nobody = 65534;

/** The uid/gid options of a child process that must not be root ({} when this process is not root). */
export function unprivileged(): { uid?: number; gid?: number } {
  return runningAsRoot ? { uid: nobody, gid: nobody } : {};
}

const register = path.resolve(import.meta.dirname, 'ts-register.mjs');

/** A `file:` URL of a module of this repository, for `await import(...)` in {@link runUnprivileged} code. */
export function moduleUrl(file: string): string {
  return JSON.stringify(pathToFileURL(path.resolve(file)).href);
}

/**
 * Runs `code`, the body of an ES module (it may `await import(moduleUrl(...))` this repo's TypeScript
 * sources), in a child Node process that is not root, and returns what it printed to stdout, parsed as
 * JSON. Throws with the child's stderr when it fails.
 */
export function runUnprivileged<T>(code: string): T {
  const child = spawnSync(process.execPath, ['--import', register, '--input-type=module', '-e', code], {
    cwd: '/',
    encoding: 'utf8',
    ...unprivileged(),
  });
  if (child.status !== 0) throw new Error(`The unprivileged check failed (${child.status}): ${child.stderr}`);
  return JSON.parse(child.stdout) as T;
}

/**
 * Lets the unprivileged user reach `dir` (a temporary folder made 0700 by mkdtemp): 0755. Does nothing
 * when not root (the child is then this same user).
 */
export function openToUnprivileged(dir: string): void {
  if (runningAsRoot) chmodSync(dir, 0o755);
}

/** Gives `dir` to the unprivileged user (who may then write in it). Does nothing when not root. */
export function giveToUnprivileged(dir: string): void {
  if (runningAsRoot) chownSync(dir, nobody, nobody);
}
