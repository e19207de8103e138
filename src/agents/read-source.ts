/**
 * Role `read.ts`, the shared part: a file becomes located records. A JSONL file goes through the JSONL reader
 * (`reader/read-jsonl.ts`); a pretty-printed JSON document (its first line is a lone `{` or `[`: never a JSONL
 * record) is parsed whole and handed to the adapter that claims it, which lists its records with the line
 * each starts on. A document is never resumed from an offset: its consumed offset stays 0, so the index
 * reads a changed document again whole (the agent rewrites it whole anyway). A plain-text transcript an adapter
 * claims by its path (Cursor `.txt`, `read.text`) is read the same way: whole, its records from the adapter;
 * so is a database file an adapter claims by its path (Cursor `store.db`, `read.database`), and a session of a
 * store (OpenCode's storage tree or database, `read.store`), whose records come from many files or rows.
 */
import { readFile } from 'node:fs/promises';
import {
  boundDepth,
  type JsonlReader,
  type LineResult,
  MAX_JSON_DEPTH,
  type ReadJsonlOptions,
  type ReadStats,
  readJsonl,
} from '../reader/index.js';
import { toReadError } from '../reader/read-error.js';
import { readPathOf } from '../reader/read-path.js';
import { fileChunks } from '../reader/source-chunks.js';
import type { AgentAdapter, DocumentRecord, StoreError } from './agent-adapter.js';
import { adapterOfDocument, adapters } from './registry.js';

/** Reads a file's records whatever its shape (see the file comment); like `readJsonl` for a path. */
export function readSource(path: string, options: ReadJsonlOptions = {}): JsonlReader {
  return new SourceReader(path, options);
}

/** Whether the file at `path` starts as a pretty-printed JSON document. */
export async function isJsonDocument(path: string): Promise<boolean> {
  // Its first 256 bytes, read as the JSONL reader reads (`fileChunks`: a regular file synchronously).
  const head: Buffer[] = [];
  for await (const chunk of fileChunks(path, 0, 256, 256)) head.push(chunk);
  return /^\uFEFF?[ \t\r\n]*[{[][ \t\r]*\n/.test(Buffer.concat(head).toString('utf8'));
}

class SourceReader implements JsonlReader {
  readonly #path: string;
  readonly #options: ReadJsonlOptions;
  #inner: JsonlReader | undefined;
  #document: ReadStats | undefined;

  constructor(path: string, options: ReadJsonlOptions) {
    this.#path = path;
    this.#options = options;
  }

  get stats(): ReadStats {
    if (this.#inner) return this.#inner.stats;
    if (this.#document) return { ...this.#document };
    const start = this.#options.start;
    const offset = start?.byteOffset ?? 0;
    return {
      physicalLines: 0,
      blankLines: 0,
      decoded: 0,
      errors: 0,
      bytesRead: 0,
      endOffset: offset,
      endLine: start?.line ?? 1,
    };
  }

  async *[Symbol.asyncIterator](): AsyncIterator<LineResult> {
    let document: boolean;
    const storeAdapter = adapters.find((a) => a.read.store?.claims(this.#path));
    const textAdapter = storeAdapter ? undefined : adapters.find((a) => a.read.text?.claims(this.#path));
    const databaseAdapter = storeAdapter
      ? undefined
      : adapters.find((a) => a.read.database?.claims(this.#path));
    try {
      document =
        storeAdapter !== undefined ||
        textAdapter !== undefined ||
        databaseAdapter !== undefined ||
        ((this.#options.start?.byteOffset ?? 0) === 0 && (await isJsonDocument(this.#path)));
    } catch (error) {
      throw toReadError(error, this.#path);
    }
    if (!document) {
      this.#inner = readJsonl(this.#path, this.#options);
      yield* this.#inner;
      return;
    }
    const stats: ReadStats = {
      physicalLines: 0,
      blankLines: 0,
      decoded: 0,
      errors: 0,
      bytesRead: 0,
      endOffset: 0,
      endLine: 1,
    };
    this.#document = stats;
    const results = storeAdapter
      ? await readStored(this.#path, this.#options, async () => storeAdapter.read.store?.read(this.#path))
      : databaseAdapter
        ? await readStored(this.#path, this.#options, async () =>
            databaseAdapter.read.database?.read(await readPathOf(this.#path)),
          )
        : textAdapter
          ? await readText(this.#path, this.#options, textAdapter)
          : await readDocument(this.#path, this.#options);
    for (const result of results) {
      stats.physicalLines += 1;
      if (result.ok) stats.decoded += 1;
      else stats.errors += 1;
      this.#document = { ...stats };
      yield result;
    }
    this.#document = { ...stats };
  }
}

/** A whole JSON document as line results: one per record its adapter lists, or one error. */
async function readDocument(path: string, options: ReadJsonlOptions): Promise<LineResult[]> {
  const file = options.file ?? path;
  let text: string;
  try {
    text = (await readFile(await readPathOf(path), 'utf8')).replace(/^\uFEFF/, '');
  } catch (error) {
    throw toReadError(error, path);
  }
  const at = (line: number) => ({ file, line, byteOffset: 0 });
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = /position (\d+)/.exec(message);
    const line = position ? lineAt(text, Number(position[1])) : 1;
    return [
      {
        ok: false,
        error: {
          type: 'invalid-json',
          message: `The JSON document does not parse (${message.slice(0, 200)})`,
        },
        location: at(line),
        byteLength: 0,
      },
    ];
  }
  const adapter = adapterOfDocument(document);
  if (!adapter?.read.document || document === null || typeof document !== 'object' || Array.isArray(document))
    return [
      {
        ok: false,
        error: {
          type: 'not-an-object',
          message: 'A JSON document that no agent reads (not a session of a known agent); it is left out',
        },
        location: at(1),
        byteLength: 0,
      },
    ];
  const records = adapter.read.document.records(document as Record<string, unknown>, text);
  return records.map(({ value, line }): LineResult => {
    const cuts = boundDepth(value, options.maxDepth ?? MAX_JSON_DEPTH);
    return {
      ok: true,
      value,
      location: at(line),
      byteLength: 0,
      ...(cuts.length > 0 ? { cuts } : {}),
    };
  });
}

/** A plain-text transcript (Cursor `.txt`) as line results: its adapter's records and errors, in line order. */
async function readText(
  path: string,
  options: ReadJsonlOptions,
  adapter: AgentAdapter,
): Promise<LineResult[]> {
  const file = options.file ?? path;
  let text: string;
  try {
    text = await readFile(await readPathOf(path), 'utf8');
  } catch (error) {
    throw toReadError(error, path);
  }
  const read = adapter.read.text?.read(text) ?? { records: [], errors: [] };
  const at = (line: number) => ({ file, line, byteOffset: 0 });
  const results: LineResult[] = [
    ...read.records.map(
      (r): LineResult => ({ ok: true, value: r.value, location: at(r.line), byteLength: 0 }),
    ),
    ...read.errors.map(
      (e): LineResult => ({
        ok: false,
        error: { type: 'not-an-object', message: e.message },
        location: at(e.line),
        byteLength: 0,
      }),
    ),
  ];
  return results.sort((a, b) => a.location.line - b.location.line);
}

/**
 * A database file (Cursor `store.db`) or a session of a store (OpenCode) as line results: the records and
 * errors its adapter `read` them into, in line order.
 */
async function readStored(
  path: string,
  options: ReadJsonlOptions,
  readRecords: () => Promise<
    | { records: DocumentRecord[]; errors: { line: number; type?: StoreError['type']; message: string }[] }
    | undefined
  >,
): Promise<LineResult[]> {
  const file = options.file ?? path;
  let read: {
    records: DocumentRecord[];
    errors: { line: number; type?: StoreError['type']; message: string }[];
  };
  try {
    read = (await readRecords()) ?? { records: [], errors: [] };
  } catch (error) {
    throw toReadError(error, path);
  }
  const at = (line: number) => ({ file, line, byteOffset: 0 });
  const results: LineResult[] = [
    ...read.records.map((r): LineResult => {
      const cuts = boundDepth(r.value, options.maxDepth ?? MAX_JSON_DEPTH);
      return {
        ok: true,
        value: r.value,
        location: at(r.line),
        byteLength: 0,
        ...(cuts.length > 0 ? { cuts } : {}),
      };
    }),
    ...read.errors.map(
      (e): LineResult => ({
        ok: false,
        error: { type: e.type ?? 'not-an-object', message: e.message },
        location: at(e.line),
        byteLength: 0,
      }),
    ),
  ];
  return results.sort((a, b) => a.location.line - b.location.line);
}

/** The 1-based line of character `index` of `text`. */
function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
