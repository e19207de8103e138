/**
 * OpenCode's JSON storage tree (`<data>/storage/`, OpenCode 0.x and 1.x): `session/<projectID>/<id>.json`,
 * `message/<sessionID>/<messageID>.json`, `part/<messageID>/<partID>.json`, and per session `todo/<id>.json`
 * and `session_diff/<id>.json`. Ids grow with time, so file-name order is creation order. A session is read
 * with its subagent sessions (`parentID`), and its watermark covers all their files: the sum of their sizes,
 * the newest modification time and how many there are.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The storage folder of a session document `<storage>/session/<project>/<id>.json`. */
export function storageOf(sessionFile: string): string {
  return path.dirname(path.dirname(path.dirname(sessionFile)));
}

/** Whether `file` has the shape of a session document of a storage tree. */
export function isTreeSessionPath(file: string): boolean {
  const parts = file.split(/[\\/]/);
  return parts.length >= 4 && parts.at(-3) === 'session' && parts.at(-1)?.endsWith('.json') === true;
}

/** One document of a session: where it is (relative to the storage folder) and what it is. */
export interface TreeDocument {
  storage: 'session' | 'message' | 'part' | 'todo' | 'session_diff';
  file: string;
}

/** The session documents of a storage tree with their parent session, read once per discovery. */
export interface TreeSession {
  file: string;
  id: string;
  parentId: string | undefined;
}

/** Every session document of a storage folder (unreadable ones with the id of their file name). */
export function listTreeSessions(storage: string): TreeSession[] {
  const out: TreeSession[] = [];
  for (const project of names(path.join(storage, 'session'))) {
    const dir = path.join(storage, 'session', project);
    for (const name of names(dir)) {
      if (!name.endsWith('.json')) continue;
      const file = path.join(dir, name);
      const fallback = name.slice(0, -'.json'.length);
      let id = fallback;
      let parentId: string | undefined;
      try {
        const value = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
        if (typeof value.id === 'string') id = value.id;
        if (typeof value.parentID === 'string' && value.parentID !== '') parentId = value.parentID;
      } catch {
        // Read (and reported) with the session; here it is only a root.
      }
      out.push({ file, id, parentId });
    }
  }
  return out.sort((a, b) => compare(a.file, b.file));
}

/** The documents of one session (not its subagents), in reading order. */
export function treeDocuments(storage: string, session: TreeSession): TreeDocument[] {
  const docs: TreeDocument[] = [{ storage: 'session', file: session.file }];
  const messageDir = path.join(storage, 'message', session.id);
  for (const name of names(messageDir).sort(compare)) {
    if (!name.endsWith('.json')) continue;
    docs.push({ storage: 'message', file: path.join(messageDir, name) });
    // Real trees name a message's file by its id; read the document only when no parts are under that name.
    let partDir = path.join(storage, 'part', name.slice(0, -'.json'.length));
    if (!isDir(partDir)) {
      try {
        const value = JSON.parse(readFileSync(path.join(messageDir, name), 'utf8')) as Record<
          string,
          unknown
        >;
        if (typeof value.id === 'string') partDir = path.join(storage, 'part', value.id);
      } catch {
        // The message is reported where it is read.
      }
    }
    for (const part of names(partDir).sort(compare))
      if (part.endsWith('.json')) docs.push({ storage: 'part', file: path.join(partDir, part) });
  }
  for (const side of ['todo', 'session_diff'] as const) {
    const file = path.join(storage, side, `${session.id}.json`);
    if (isFile(file)) docs.push({ storage: side, file });
  }
  return docs;
}

/** The sessions of a tree grouped under their root: each root with its subagent sessions, parents first. */
export function treeFamilies(sessions: readonly TreeSession[]): Map<string, TreeSession[]> {
  const byId = new Map(sessions.map((s) => [s.id, s]));
  const children = new Map<string, TreeSession[]>();
  for (const s of sessions) {
    if (s.parentId === undefined || !byId.has(s.parentId) || s.parentId === s.id) continue;
    const list = children.get(s.parentId) ?? [];
    list.push(s);
    children.set(s.parentId, list);
  }
  const families = new Map<string, TreeSession[]>();
  const placed = new Set<TreeSession>();
  const collect = (s: TreeSession, into: TreeSession[]) => {
    if (placed.has(s)) return;
    placed.add(s);
    into.push(s);
    for (const child of children.get(s.id) ?? []) collect(child, into);
  };
  for (const s of sessions) {
    const isRoot = s.parentId === undefined || !byId.has(s.parentId) || s.parentId === s.id;
    if (!isRoot) continue;
    const family: TreeSession[] = [];
    collect(s, family);
    families.set(s.file, family);
  }
  // A parent cycle leaves sessions no root reaches: each becomes a root of its own.
  for (const s of sessions)
    if (!placed.has(s)) {
      const family: TreeSession[] = [];
      collect(s, family);
      families.set(s.file, family);
    }
  return families;
}

/** The watermark of a family's documents: total size, newest modification time, count. */
export function treeWatermark(storage: string, family: readonly TreeSession[]) {
  let size = 0;
  let mtimeMs = 0;
  let count = 0;
  for (const session of family)
    for (const doc of treeDocuments(storage, session)) {
      try {
        const stats = statSync(doc.file);
        size += stats.size;
        mtimeMs = Math.max(mtimeMs, stats.mtimeMs);
        count += 1;
      } catch {
        // Gone meanwhile: not counted.
      }
    }
  return { size, mtimeMs, count };
}

function names(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function isDir(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
