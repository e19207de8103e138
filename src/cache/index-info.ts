// What `agentlog cache info` shows of an index: its file and size on disk, its versions and times, and how
// many files, sessions and tool calls it holds.
import { statSync } from 'node:fs';
import type Database from 'better-sqlite3';

/** What `agentlog cache info` shows. */
export interface IndexInfo {
  file: string;
  /** Bytes on disk: the database with its WAL and shared-memory files. */
  bytes: number;
  schemaVersion: number;
  agentlogVersion: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  files: number;
  /** Top-level sessions. */
  sessions: number;
  /** Sessions of every tree, subagents included. */
  allSessions: number;
  toolCalls: number;
  /** Bytes of the files' resume states (compressed). */
  resumeBytes: number;
}

/** Reads the figures of an open index. */
export function indexInfo(db: Database.Database, file: string): IndexInfo {
  const count = (sql: string) => (db.prepare(sql).get() as { n: number | null }).n ?? 0;
  const meta = (key: string) =>
    (db.prepare('SELECT value FROM _meta WHERE key = ?').get(key) as { value: string } | undefined)?.value ??
    null;
  return {
    file,
    bytes: indexBytes(file),
    schemaVersion: db.pragma('user_version', { simple: true }) as number,
    agentlogVersion: meta('agentlog_version'),
    createdAt: meta('created_at'),
    updatedAt: meta('updated_at'),
    files: count('SELECT COUNT(*) AS n FROM files'),
    sessions: count('SELECT COUNT(*) AS n FROM trees'),
    allSessions: count('SELECT COUNT(*) AS n FROM sessions'),
    toolCalls: count('SELECT COUNT(*) AS n FROM tool_calls'),
    resumeBytes: count('SELECT SUM(LENGTH(state)) AS n FROM files'),
  };
}

/** Bytes of the index file and its companions (0 when absent). */
export function indexBytes(file: string): number {
  let total = 0;
  for (const suffix of ['', '-wal', '-shm']) {
    try {
      total += statSync(`${file}${suffix}`).size;
    } catch {
      // Absent.
    }
  }
  return total;
}
