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

export interface FileTrackerOptions {
  /** The files the first discovery found. */
  files: SessionFileRef[];
  /** What to discover again: the command's PATHs (the default folders when empty). */
  inputs: readonly string[];
  io: Io;
  archive: ArchiveFlags;
  discoverMs: number;
}

export interface FileTracker {
  /** The files now: walked again when a walk is due, else the known files stated again. */
  current(): Promise<SessionFileRef[]>;
}

export function trackFiles(options: FileTrackerOptions): FileTracker {
  // Warnings of the walks again were printed by the first discovery.
  const quiet = { ...options.io, stderr: nullStream };
  let files = options.files;
  let discoveredAt = Date.now();
  return {
    current: async () => {
      if (Date.now() - discoveredAt >= options.discoverMs) {
        discoveredAt = Date.now();
        files = (await resolveInputs(options.inputs, quiet, options.archive)).files;
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
