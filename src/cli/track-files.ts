/**
 * The session files of a long-running command (`serve`, `mcp`) as they are now: the folders are walked
 * again every `discoverMs` (new files, removed ones), and between two walks the known files are stated
 * (`restatFiles`), so that a session that grew is read at the next refresh without walking every folder.
 */
import { Writable } from 'node:stream';
import { restatFiles, type SessionFileRef } from '../sources/index.js';
import type { ArchiveFlags } from './archive-source.js';
import type { Io } from './output.js';
import { resolveInputs } from './resolve-inputs.js';

export interface FileTracker {
  /** The files now: walked again when a walk is due, else the known files stated again. */
  current(): Promise<SessionFileRef[]>;
}

/**
 * Follows the files a command found (`found`, from its PATHs or, with `--demo`, the demo folder), with the
 * command's archive flags (the demo data has no archive).
 */
export function trackFiles(
  found: { files: SessionFileRef[]; searched: string[] },
  paths: readonly string[],
  flags: ArchiveFlags & { demo?: boolean },
  io: Io,
  discoverMs: number,
): FileTracker {
  const inputs = flags.demo ? found.searched : [...paths];
  const archive = flags.demo ? { archive: false } : flags;
  // Warnings of the walks again were printed by the first discovery.
  const quiet = { ...io, stderr: nullStream };
  let files = found.files;
  let discoveredAt = Date.now();
  return {
    current: async () => {
      if (Date.now() - discoveredAt >= discoverMs) {
        discoveredAt = Date.now();
        files = (await resolveInputs(inputs, quiet, archive)).files;
      } else files = await restatFiles(files);
      return files;
    },
  };
}

/** Discards what is written. */
const nullStream = new Writable({
  write(_chunk, _encoding, callback) {
    callback();
  },
});
