/**
 * Role `read.ts` for OpenCode: a session of a store (`SessionFileRef.store`) as records. A storage-tree
 * session is its documents, each as `{storage, file, document}` (`file` relative to the storage folder); a
 * database session is its rows as `{table, row}`, the shape the published row dumps have, so a dump read as
 * JSONL decodes the same. A session's subagent sessions follow it. Records are numbered 1, 2, ... in that
 * order; a document that does not parse, or a row whose `data` is not JSON, is a located error in its place.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { DocumentRecord, StoreError } from '../agent-adapter.js';
import { parseDatabaseSessionPath } from './roots.js';
import { readDatabaseSession } from './store-database.js';
import {
  isTreeSessionPath,
  listTreeSessions,
  storageOf,
  type TreeSession,
  treeDocuments,
  treeFamilies,
} from './store-tree.js';

/** Whether `file` is a session of an OpenCode store (a database session path or a tree session document). */
export function claimsOpencodeStore(file: string): boolean {
  const database = parseDatabaseSessionPath(file);
  if (database && !/\.jsonl?$/.test(database.sessionId)) {
    if (/\.db$/.test(database.database) || database.sessionId.startsWith('ses_')) return true;
  }
  return isTreeSessionPath(file) && path.basename(storageOf(file)).startsWith('storage');
}

/** Reads one store session (see the file comment). Throws only when the store itself cannot be opened. */
export async function readOpencodeStore(
  file: string,
): Promise<{ records: DocumentRecord[]; errors: StoreError[] }> {
  const records: DocumentRecord[] = [];
  const errors: StoreError[] = [];
  let line = 0;
  const database = isTreeSessionPath(file) ? undefined : parseDatabaseSessionPath(file);
  if (database) {
    for (const item of readDatabaseSession(database.database, database.sessionId)) {
      line += 1;
      if ('error' in item) errors.push({ line, type: 'invalid-json', message: item.error });
      else records.push({ value: { table: item.table, row: item.row }, line });
    }
    return { records, errors };
  }
  statSync(file);
  const storage = storageOf(file);
  const family = familyOf(storage, file);
  for (const session of family)
    for (const doc of treeDocuments(storage, session)) {
      line += 1;
      const relative = path.relative(storage, doc.file).split(path.sep).join('/');
      let text: string;
      try {
        text = readFileSync(doc.file, 'utf8').replace(/^\uFEFF/, '');
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        errors.push({
          line,
          type: 'not-an-object',
          message: `${relative} could not be read (${why.slice(0, 160)})`,
        });
        continue;
      }
      let document: unknown;
      try {
        document = JSON.parse(text);
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        errors.push({
          line,
          type: 'invalid-json',
          message: `${relative} is not JSON (${why.slice(0, 160)})`,
        });
        continue;
      }
      const arrayDoc = doc.storage === 'todo' || doc.storage === 'session_diff';
      if (!arrayDoc && (document === null || typeof document !== 'object' || Array.isArray(document))) {
        errors.push({ line, type: 'not-an-object', message: `${relative} is not a JSON object` });
        continue;
      }
      records.push({ value: { storage: doc.storage, file: relative, document }, line });
    }
  return { records, errors };
}

const families = new Map<string, { key: string; families: Map<string, TreeSession[]> }>();

/** The session of `file` and its subagent sessions, from a listing of the tree kept while it is unchanged. */
function familyOf(storage: string, file: string): TreeSession[] {
  const sessionDir = path.join(storage, 'session');
  let key = '';
  try {
    for (const project of readdirSync(sessionDir))
      key += `${project}:${statSync(path.join(sessionDir, project)).mtimeMs};`;
  } catch {
    key = 'none';
  }
  let known = families.get(storage);
  if (known?.key !== key) {
    known = { key, families: treeFamilies(listTreeSessions(storage)) };
    families.set(storage, known);
  }
  const family = known.families.get(file);
  if (family) return family;
  // Not a root in the listing (a subagent's document given by path): the document alone.
  return [{ file, id: path.basename(file, '.json'), parentId: undefined }];
}
