/**
 * Cursor CLI's chat store, `~/.cursor/chats/<md5 of the workspace>/<agent id>/store.db`: SQLite with a `meta`
 * table (row `0`: the session as hex-encoded JSON, `{agentId, latestRootBlobId, name, mode, createdAt,
 * lastUsedModel}`) and a content-addressed `blobs` table (`id` = SHA-256 of `data`). A blob is a message (JSON,
 * `{role, content}`) or a tree node: protobuf-style fields, field 1 a child blob id (32 raw bytes) per message
 * in order, field 9 the workspace URI, and in some stores a JSON message after the fields. The conversation
 * is the walk from `latestRootBlobId` (FORMATS.md section 6; the layout as peers read it, e.g. a Python
 * sidecar's production-shaped fixture and a Go reader's format notes, checked on the mock of
 * aaaAlexanderaaa/cchistory, whose root is a node of one empty field 1 followed by a JSON message).
 *
 * Read-only and leaving nothing beside the store: the database (and its `-wal` when the agent has one open)
 * is copied into a private temporary folder and opened there, since SQLite opening a WAL database in place
 * creates `-wal` and `-shm` files next to it even for a read-only connection. The copy is removed after the
 * read.
 *
 * Every meta row and every blob is one "line" (meta rows first, then blobs, each in rowid order), so that
 * validate accounts for each: a record (`store-meta`, `store-node`, `store-<role>` for a message the walk
 * reaches), a preserved unknown (`store-unreferenced` for a blob the latest root does not reach, such as an
 * earlier version of the conversation; `store-opaque` for a reached blob that is neither JSON nor a node),
 * or a located error (a reached JSON blob that does not parse, a meta row that does not decode).
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { isObject } from '../../schemas/common/is-object.js';
import { openSqliteDatabase } from '../../sqlite/open-sqlite-database.js';
import type { DocumentRecord } from '../agent-adapter.js';

/** What reading a store gives: records and errors, each on its "line" (see the file comment). */
export interface StoreRead {
  records: DocumentRecord[];
  errors: { line: number; message: string }[];
  /** Rows read: meta rows + blobs (every line). */
  lines: number;
}

/** Whether `file` is a Cursor chat store, by its name (`store.db`). */
export function isCursorChatStore(file: string): boolean {
  return path.basename(file) === 'store.db';
}

/** The key `meta` row of a Cursor chat store, and what a record of the store is. */
export const storeRecordKey = 'cursorStore';

/** Reads a store (see the file comment). `bytesPath` is where its bytes are (the archive's copy, or the file). */
export function readCursorChatStore(bytesPath: string): StoreRead {
  const dir = mkdtempSync(path.join(tmpdir(), 'agentlog-cursor-store-'));
  try {
    const copy = path.join(dir, 'store.db');
    copyFileSync(bytesPath, copy);
    if (existsSync(`${bytesPath}-wal`)) copyFileSync(`${bytesPath}-wal`, `${copy}-wal`);
    let db: Database.Database;
    try {
      db = openSqliteDatabase(copy, { readonly: true, fileMustExist: true });
    } catch (error) {
      return notAStore(`The SQLite database cannot be opened (${messageOf(error)})`);
    }
    try {
      return readOpenStore(db);
    } catch (error) {
      return notAStore(`The SQLite database cannot be read (${messageOf(error)})`);
    } finally {
      db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function notAStore(message: string): StoreRead {
  return { records: [], errors: [{ line: 1, message }], lines: 1 };
}

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 200);
}

interface Blob {
  id: string;
  data: Buffer;
  line: number;
}

function readOpenStore(db: Database.Database): StoreRead {
  const tables = new Set(
    (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
      (t) => t.name,
    ),
  );
  if (!tables.has('meta') || !tables.has('blobs'))
    return notAStore('Not a Cursor chat store: the database has no meta and blobs tables');
  const metaRows = db.prepare('SELECT key, value FROM meta ORDER BY rowid').all() as {
    key: unknown;
    value: unknown;
  }[];
  const blobRows = db.prepare('SELECT id, data FROM blobs ORDER BY rowid').all() as {
    id: unknown;
    data: unknown;
  }[];
  const records: DocumentRecord[] = [];
  const errors: StoreRead['errors'] = [];
  let root: string | undefined;
  metaRows.forEach((row, index) => {
    const line = index + 1;
    const key = String(row.key);
    if (key !== '0') {
      records.push({ value: { [storeRecordKey]: 'meta-entry', key, value: plainValue(row.value) }, line });
      return;
    }
    const meta = decodeHexJson(row.value);
    if (!isObject(meta)) {
      errors.push({ line, message: 'The meta row 0 is not hex-encoded JSON of an object' });
      return;
    }
    if (typeof meta.latestRootBlobId === 'string') root = meta.latestRootBlobId;
    records.push({ value: { [storeRecordKey]: 'meta', meta }, line });
  });
  const blobs = new Map<string, Blob>();
  blobRows.forEach((row, index) => {
    const data = Buffer.isBuffer(row.data) ? row.data : Buffer.from(String(row.data ?? ''), 'utf8');
    const id = String(row.id);
    if (!blobs.has(id)) blobs.set(id, { id, data, line: metaRows.length + index + 1 });
  });

  // The walk from the root: which blobs are the conversation's, and what each is.
  const reached = new Map<string, Record<string, unknown> | { error: string }>();
  const visit = (id: string) => {
    const blob = blobs.get(id);
    if (!blob || reached.has(id)) return;
    if (startsWithJson(blob.data)) {
      const message = parseJson(blob.data);
      reached.set(
        id,
        isObject(message)
          ? { [storeRecordKey]: 'message', blobId: id, message }
          : { error: `Blob ${id.slice(0, 12)} starts as JSON but does not parse to an object` },
      );
      return;
    }
    const node = parseNode(blob.data);
    if (!node) {
      reached.set(id, { [storeRecordKey]: 'opaque', blobId: id, size: blob.data.length });
      return;
    }
    reached.set(id, {
      [storeRecordKey]: 'node',
      blobId: id,
      children: node.children,
      fields: node.fields,
      ...(node.message === undefined ? {} : { message: node.message }),
      ...(node.workspace === undefined ? {} : { workspace: node.workspace }),
    });
    for (const child of node.children) visit(child);
  };
  if (root !== undefined) visit(root);

  for (const blob of blobs.values()) {
    const value = reached.get(blob.id);
    if (value && 'error' in value && typeof value.error === 'string') {
      errors.push({ line: blob.line, message: value.error });
      continue;
    }
    if (value) {
      records.push({ value, line: blob.line });
      continue;
    }
    const message = startsWithJson(blob.data) ? parseJson(blob.data) : undefined;
    records.push({
      value: {
        [storeRecordKey]: 'unreferenced',
        blobId: blob.id,
        size: blob.data.length,
        ...(isObject(message) ? { message } : {}),
      },
      line: blob.line,
    });
  }
  // Duplicate blob ids (a table without a key) are lines too: each later copy is an error.
  blobRows.forEach((row, index) => {
    const line = metaRows.length + index + 1;
    if (blobs.get(String(row.id))?.line !== line)
      errors.push({
        line,
        message: `Blob ${String(row.id).slice(0, 12)} appears twice; the first copy is read`,
      });
  });
  records.sort((a, b) => a.line - b.line);
  return { records, errors, lines: metaRows.length + blobRows.length };
}

function plainValue(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return { bytes: value.length };
  return value;
}

function decodeHexJson(value: unknown): unknown {
  const text = Buffer.isBuffer(value) ? value.toString('utf8') : String(value ?? '');
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(text)) return undefined;
  return parseJson(Buffer.from(text, 'hex'));
}

function startsWithJson(data: Buffer): boolean {
  for (const byte of data) {
    if (byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09) continue;
    return byte === 0x7b;
  }
  return false;
}

function parseJson(data: Buffer | string): unknown {
  try {
    return JSON.parse(data.toString());
  } catch {
    return undefined;
  }
}

/** A field of a node as read: its number, wire type and length in bytes (for drift, never its bytes). */
export interface NodeField {
  field: number;
  wireType: number;
  length: number;
}

/**
 * A tree node: protobuf fields (varint 0, 64-bit 1, length-delimited 2, 32-bit 5). Field 1 of 32 bytes is a
 * child blob id, field 9 the workspace URI; a `{` where a field should start begins a JSON message that ends
 * the node. Undefined when the bytes are not such a node (a bad wire type, a length past the end).
 */
export function parseNode(
  data: Buffer,
): { children: string[]; fields: NodeField[]; message?: unknown; workspace?: string } | undefined {
  const children: string[] = [];
  const fields: NodeField[] = [];
  let workspace: string | undefined;
  let at = 0;
  const varint = (): number | undefined => {
    let value = 0;
    for (let shift = 0; shift < 49; shift += 7) {
      const byte = data[at++];
      if (byte === undefined) return undefined;
      value += (byte & 0x7f) * 2 ** shift;
      if ((byte & 0x80) === 0) return value;
    }
    return undefined;
  };
  while (at < data.length) {
    if (data[at] === 0x7b) {
      const message = parseJson(data.subarray(at));
      if (!isObject(message)) return undefined;
      return { children, fields, message, ...(workspace === undefined ? {} : { workspace }) };
    }
    const tag = varint();
    if (tag === undefined) return undefined;
    const field = Math.floor(tag / 8);
    const wireType = tag % 8;
    let length: number;
    if (wireType === 0) {
      const start = at;
      if (varint() === undefined) return undefined;
      length = at - start;
    } else if (wireType === 1 || wireType === 5) {
      length = wireType === 1 ? 8 : 4;
      if (at + length > data.length) return undefined;
      at += length;
    } else if (wireType === 2) {
      const size = varint();
      if (size === undefined || at + size > data.length) return undefined;
      length = size;
      const bytes = data.subarray(at, at + size);
      at += size;
      if (field === 1 && size === 32) children.push(bytes.toString('hex'));
      if (field === 9) workspace = bytes.toString('utf8');
    } else return undefined;
    if (field === 0) return undefined;
    fields.push({ field, wireType, length });
  }
  return { children, fields, ...(workspace === undefined ? {} : { workspace }) };
}
