import type { Agent } from '../schemas/common/agent.js';

/** Which agent wrote a file, as far as its location tells; `unknown` files are decided later by content. */
export type SourceAgent = Agent | 'unknown';

/** One transcript file found on disk, with what its path and its neighbours tell about it. */
export interface SessionFileRef {
  /** Absolute path of the file. */
  path: string;
  agent: SourceAgent;
  /** `subagent` files (Claude Code `agent-*.jsonl`, `subagents/*`) are never top-level sessions. */
  role: 'session' | 'subagent';
  /** Session or thread id read from the file name where the layout tells (uuid stem, Codex thread id). */
  sessionId?: string;
  /** Agent id of an `agent-<agentId>.jsonl` file. */
  agentId?: string;
  /** Session id of the `<sessionId>/subagents/` folder holding a subagent file. */
  parentSessionId?: string;
  /** Sibling `agent-<agentId>.meta.json`, when present. */
  metaPath?: string;
  /** The session's `<sessionId>/tool-results` folder (spilled tool output), when present. */
  toolResultsDir?: string;
  /**
   * The folder holding the session's main transcript: `projects/<encoded-cwd>` under a Claude Code root.
   * Set on every file that is not a Codex rollout (flat `agent-*.jsonl` files: their own folder;
   * `<sessionId>/subagents/*` files: the folder holding `<sessionId>/`), so that subagent files can be
   * matched with the sessions of the same folder.
   */
  projectDir?: string;
  /** True for Codex files under `archived_sessions/`. */
  archived?: boolean;
  /**
   * True for a file gone from disk that agentlog's archive holds: `path` is where it was, its bytes come
   * from the archive (see `archive/` and reader's `read-path.ts`), `size`, `mtimeMs` and `identity` are
   * those it had when archived.
   */
  fromArchive?: boolean;
  /**
   * For a `fromArchive` file: the private copy its bytes are read from (made by the first read of `path`,
   * which is redirected to it), for the code that opens the bytes itself (the index's fingerprints).
   */
  bytesPath?: string;
  /**
   * Set for a session that is one of many in a store (OpenCode): `tree`, a JSON storage tree, where `path` is
   * the session's own document (`storage/session/<project>/<id>.json`) and the session is read with its
   * message and part documents; `database`, an SQLite database, where `path` is `<database>#<session id>`
   * (no such file exists). For both, `size`, `mtimeMs` and `identity` are a watermark of all the session's
   * files or rows (subagent sessions included), not the stat of one file: the index reads the session again
   * when the watermark moves, and `restatFiles` leaves the ref as discovery made it.
   */
  store?: 'tree' | 'database';
  size: number;
  mtimeMs: number;
  /**
   * `inode:ctimeMs` when discovery saw the file: a file replaced by another of the same size and
   * modification time has another change time (the index compares it with what it stored).
   */
  identity?: string;
}

/** Something that could not be searched (unreadable folder, broken link, symlink loop); the search went on. */
export interface DiscoveryWarning {
  path: string;
  message: string;
}

/** A file seen but deliberately not offered for reading (orphaned copy, archived duplicate, side file). */
export interface SkippedFile {
  path: string;
  reason: string;
}

/** Result of a discovery: the files to read, what was skipped and why, and where the search looked. */
export interface Discovery {
  /** Sorted by path. */
  files: SessionFileRef[];
  /** Sorted by path. */
  warnings: DiscoveryWarning[];
  /** Sorted by path. */
  skipped: SkippedFile[];
  /** The roots (or given paths) searched, in search order. */
  searched: { agent: SourceAgent; path: string; exists: boolean }[];
}

/** A path given by the user that cannot be searched at all (returned, never thrown). */
export type PathError = { ok: false; path: string; message: string };
