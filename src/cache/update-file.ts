// One file of a refresh: whether it changed (size, mtime, identity, the fingerprint of its consumed prefix),
// what to read of it (nothing, the appended bytes, or all), and the `files` row stored after the read.
import type Database from 'better-sqlite3';
import { buildCodexSafely } from '../lifecycle/build-safely.js';
import type { UnitFile } from '../lifecycle/build-unit.js';
import { tooLargeToBuild } from '../lifecycle/heap-fit.js';
import {
  FileUnreadableError,
  type RecordPart,
  type RecordSlice,
  type RecordSliceOptions,
  type RecordSliceReader,
  type ResumePoint,
  type ValidatorState,
} from '../lifecycle/record-slice.js';
import { claudeKeyOf, firstSessionId, lastSessionId } from '../lifecycle/session-unit.js';
import { mergeCounts } from '../model/merge-counts.js';
import type { Session } from '../model/session.js';
import { isAgent } from '../schemas/common/agent.js';
import { fingerprintPrefix } from '../sources/fingerprint-prefix.js';
import type { SessionFileRef } from '../sources/index.js';
import { fileIdentity } from './file-identity.js';
import { decodePart, encodePart, type FileRow } from './file-store.js';
import { projectRecord } from './project-record.js';
import { createValidationFactsWriter, packValidation, parseValidation } from './validation-facts.js';

/** What reading one file gave: its new row and, when read whole, the file as the builders take it. */
export interface FileUpdate {
  row: FileRow;
  how: 'unchanged' | 'appended' | 'reread' | 'added';
  bytesParsed: number;
  /** The whole file in memory (read from the start in this run), to build without loading it again. */
  file?: UnitFile;
  /** The Codex session built to learn the thread ids (reusable once). */
  codexSession?: Session;
  /** For a file read from its stored end: what was read, and the file's resume state before it. */
  appended?: AppendedRead;
}

/** The lines a file got since its stored end, with the file's stored resume state (deflated JSON). */
export interface AppendedRead {
  part: RecordPart;
  /** The file's resume state: after the lines read so far, the unterminated last one too. */
  state: Buffer | null;
  /**
   * The unterminated line the stored read ended in, which `part` reads again from its start: the stored
   * session and `state` hold what it gave (see `settle-tail.ts`).
   */
  priorTail?: RecordPart;
}

/** A file whose read has started (or that needs none), to be finished in input order. */
export interface PendingFile {
  ref: SessionFileRef;
  row: FileRow | undefined;
  start: ResumePoint | undefined;
  /** Settles with the read, or with the error it failed with (never rejects: reads run ahead). */
  slice: Promise<{ slice: RecordSlice; keys?: FileKeys } | { error: unknown }> | undefined;
  /** The file's identity before it was read (see {@link fileIdentity}). */
  identity: string | null;
}

/** How one file is brought up to date (see {@link planRead}). */
export interface ReadPlan {
  /** The file's identity before it was read (see {@link fileIdentity}). */
  identity: string | null;
  /** Undefined: no read. Else where it starts (undefined: whole), the validator state to go on from, and how many bytes it reads. */
  read?: { start?: ResumePoint; validation?: ValidatorState; bytes: number };
}

/**
 * Decides how to bring one file's stored records up to date: no read when its size, modification time and
 * identity are those stored; a read from the stored resume point when it grew and the fingerprint of the
 * consumed prefix still matches (and its validator state is stored); a whole read otherwise.
 */
export function planRead(ref: SessionFileRef, row: FileRow | undefined): ReadPlan {
  const identity = fileIdentity(ref);
  if (isUnchanged(row, ref) && row?.identity === identity) return { identity };
  if (row && ref.size > row.size && row.consumed_bytes > 0) {
    let fingerprint: string | undefined;
    try {
      fingerprint = fingerprintPrefix(ref.bytesPath ?? ref.path, row.consumed_bytes);
    } catch {
      fingerprint = undefined;
    }
    // Validation goes on from the stored state; a file stored without one is read whole to get it.
    const validation = row.validation ? parseValidation(row.validation) : undefined;
    if (fingerprint === row.fingerprint && validation !== undefined)
      return {
        identity,
        read: {
          start: {
            byteOffset: row.consumed_bytes,
            line: row.consumed_line,
            records: row.consumed_records,
            agent: row.body_agent !== null && isAgent(row.body_agent) ? row.body_agent : undefined,
          },
          validation,
          bytes: ref.size - row.consumed_bytes,
        },
      };
  }
  return { identity, read: { bytes: ref.size } };
}

/** Starts the read {@link planRead} decided. */
export function startFile(
  ref: SessionFileRef,
  row: FileRow | undefined,
  readSlice: RecordSliceReader,
  plan: ReadPlan,
): PendingFile {
  const { identity, read } = plan;
  if (read === undefined) return { ref, row, start: undefined, slice: undefined, identity };
  const { start, validation } = read;
  // What is read is held until its unit is stored (a whole file is built whole): a read that would not fit in
  // the heap is skipped, like an unreadable file.
  const tooLarge = tooLargeToBuild(ref.path, read.bytes, 'projected');
  if (tooLarge !== undefined)
    return {
      ref,
      row,
      start,
      slice: Promise.resolve({ error: new FileUnreadableError(tooLarge) }),
      identity,
    };
  const slice = readSlice(ref.path, {
    ...(start ? { start } : {}),
    project: projectRecord,
    validate: validation ? { state: validation } : {},
  }).then(
    (result) => ({ slice: result }),
    (error: unknown) => ({ error }),
  );
  return { ref, row, start, slice, identity };
}

/** Whether a file's size and modification time are those stored (its identity is checked apart). */
export function isUnchanged(row: FileRow | undefined, ref: SessionFileRef): boolean {
  return row !== undefined && row.size === ref.size && row.mtime_ms === ref.mtimeMs;
}

/** Stores what {@link startFile} read (rejects with the read's error, e.g. a `FileUnreadableError`). */
export async function finishFile(
  pending: PendingFile,
  readSlice: RecordSliceReader,
  store: FileStore,
): Promise<FileUpdate> {
  const { ref, row, start } = pending;
  if (pending.slice === undefined) {
    const current = row as FileRow;
    const signature = refSignature(ref);
    return {
      row: current.ref === signature ? current : store.touchRef(current, signature),
      how: 'unchanged',
      bytesParsed: 0,
    };
  }
  const read = await pending.slice;
  if ('error' in read) throw read.error;
  const { slice } = read;
  try {
    const update = store.store(ref, row, slice, start !== undefined, pending.identity, read.keys);
    return { ...update, how: start ? 'appended' : row ? 'reread' : 'added', bytesParsed: slice.bytesRead };
  } catch (error) {
    if (!(error instanceof ConcurrentUpdate)) throw error;
    // Another process stored the file meanwhile: the appended bytes do not fit its state; read it whole.
    const tooLarge = tooLargeToBuild(ref.path, ref.size, 'projected');
    if (tooLarge !== undefined) throw new FileUnreadableError(tooLarge);
    const whole = await readSlice(ref.path, wholeRead);
    const update = store.store(ref, undefined, whole, false, pending.identity);
    return { ...update, how: 'reread', bytesParsed: slice.bytesRead + whole.bytesRead };
  }
}

/**
 * How the index reads a file whole: records projected for the builders, lines validated from the start. A scan
 * worker that reads a unit (`read-whole-unit.ts`) reads its files so too.
 */
export const wholeRead: RecordSliceOptions = { project: projectRecord, validate: {} };

/** A file read whole, as the builders take it: its complete lines and its unterminated last one. */
export function wholeFileOf(path: string, slice: RecordSlice): UnitFile {
  const { body, tail } = slice;
  return {
    file: path,
    agent: slice.agent,
    records: tail ? [...body.records, ...tail.records] : body.records,
    problems: tail ? [...body.problems, ...tail.problems] : body.problems,
    counts: mergeCounts(tail ? [body.counts, tail.counts] : [body.counts]),
  };
}

/** Thrown by a store whose appended read no longer fits the stored state. */
class ConcurrentUpdate extends Error {}

/** What discovery said about a file that matters for building: compared to notice layout changes. */
export function refSignature(ref: SessionFileRef): string {
  return JSON.stringify([
    ref.role,
    ref.agent, // (keep at index 1: see linksChanged)
    ref.sessionId ?? null,
    ref.agentId ?? null,
    ref.parentSessionId ?? null,
    ref.metaPath ?? null,
    ref.projectDir ?? null,
  ]);
}

/**
 * Whether what discovery says of a file changed in a way a build reads (its role, session, agent id, parent,
 * `.meta.json`, folder): two {@link refSignature}s apart from the agent, which discovery of a bare folder may
 * learn only from its layout (a `subagents/` folder) while the builders take it from the records.
 */
export function linksChanged(before: string, after: string): boolean {
  if (before === after) return false;
  try {
    const [a, b] = [JSON.parse(before), JSON.parse(after)] as unknown[][];
    return a?.length !== b?.length || (a ?? []).some((value, i) => i !== 1 && value !== b?.[i]);
  } catch {
    return true;
  }
}

/** Writes file rows. */
export interface FileStore {
  store(
    ref: SessionFileRef,
    previous: FileRow | undefined,
    slice: RecordSlice,
    appended: boolean,
    identity: string | null,
    /**
     * The keys of a file a scan worker read whole and kept (its slice holds no body records): the update
     * then has no `file` either.
     */
    keys?: FileKeys,
  ): Omit<FileUpdate, 'how' | 'bytesParsed'>;
  touchRef(row: FileRow, ref: string): FileRow;
}

/** `beforeWrite` runs before each write (the caller's batching opens its transaction there). */
export function createFileStore(db: Database.Database, beforeWrite: () => void): FileStore {
  const select = db.prepare('SELECT * FROM files WHERE path = ?');
  const upsert =
    db.prepare(`INSERT OR REPLACE INTO files (path, agent, role, size, mtime_ms, identity, consumed_bytes,
    consumed_line, lines, records, errors, indexed_at, consumed_records, body_agent, fingerprint,
    blank_lines, tail, validation, state, ref, session_key, body_key, parent_key, unit_id) VALUES (@path, @agent,
    @role, @size, @mtime_ms, @identity, @consumed_bytes, @consumed_line, @lines, @records, @errors,
    @indexed_at, @consumed_records, @body_agent, @fingerprint, @blank_lines, @tail, @validation, NULL, @ref,
    @session_key, @body_key, @parent_key, @unit_id)`);
  const saveFacts = createValidationFactsWriter(db);
  const updateRef = db.prepare('UPDATE files SET ref = ? WHERE path = ?');
  return {
    store(ref, previous, slice, appended, identity, keys) {
      beforeWrite();
      return db.transaction((): Omit<FileUpdate, 'how' | 'bytesParsed'> => {
        const current = select.get(ref.path) as FileRow | undefined;
        // Another agentlog process stored this file since we looked: an appended read no longer fits.
        if (appended && !sameState(current, previous)) throw new ConcurrentUpdate();
        const body = slice.body;
        const base = appended ? previous : undefined;
        const priorTail = base?.tail ? decodePart(ref.path, base.tail).counts : undefined;
        const tail = slice.tail;
        const sum = (field: 'lines' | 'records' | 'errors' | 'blankLines', prior: number | undefined) =>
          (prior ?? 0) - (priorTail?.[field] ?? 0) + body.counts[field] + (tail?.counts[field] ?? 0);
        const row: FileRow = {
          path: ref.path,
          agent: slice.agent ?? null,
          role: ref.role,
          size: ref.size,
          mtime_ms: ref.mtimeMs,
          identity,
          consumed_bytes: slice.end.byteOffset,
          consumed_line: slice.end.line,
          consumed_records: slice.end.records,
          body_agent: slice.end.agent ?? null,
          fingerprint: slice.fingerprint,
          lines: sum('lines', base?.lines),
          records: sum('records', base?.records),
          errors: sum('errors', base?.errors),
          blank_lines: sum('blankLines', base?.blank_lines),
          tail: tail === undefined ? null : JSON.stringify(encodePart(tail)),
          validation: slice.validation ? packValidation(slice.validation.body) : null,
          ref: refSignature(ref),
          session_key: null,
          body_key: null,
          parent_key: null,
          unit_id: current?.unit_id ?? null,
          indexed_at: new Date().toISOString(),
        };
        const file = appended || keys ? undefined : wholeFileOf(ref.path, slice);
        const { codexSession, ...rowKeys }: FileKeys & { codexSession?: Session } =
          keys ?? fileKeysOf(row.agent, ref, slice, base, file);
        Object.assign(row, rowKeys);
        upsert.run(row);
        if (slice.validation) saveFacts(row, slice.validation.facts);
        else saveFacts.forget(row.path);
        // The resume state is written again by whoever builds or appends to the file's session.
        const appendedRead: AppendedRead | undefined =
          appended && base
            ? {
                part: tail
                  ? {
                      records: [...body.records, ...tail.records],
                      problems: [...body.problems, ...tail.problems],
                      counts: mergeCounts([body.counts, tail.counts]),
                    }
                  : body,
                state: current?.state ?? null,
                ...(current?.tail ? { priorTail: decodePart(ref.path, current.tail) } : {}),
              }
            : undefined;
        return {
          row,
          ...(file ? { file } : {}),
          ...(codexSession ? { codexSession } : {}),
          ...(appendedRead ? { appended: appendedRead } : {}),
        };
      })();
    },
    touchRef(row, ref) {
      beforeWrite();
      updateRef.run(ref, row.path);
      return { ...row, ref };
    },
  };
}

function sameState(a: FileRow | undefined, b: FileRow | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return (
    a.size === b.size &&
    a.mtime_ms === b.mtime_ms &&
    a.consumed_bytes === b.consumed_bytes &&
    a.fingerprint === b.fingerprint
  );
}

/** The keys a file groups by (a `files` row's `session_key`, `body_key`, `parent_key`). */
export interface FileKeys {
  session_key: string | null;
  body_key: string | null;
  parent_key: string | null;
}

/**
 * The keys a file groups by, kept current across appends: a subagent file's first `sessionId`, a
 * Claude Code session file's id (name, or last `sessionId`), a Codex rollout's thread and parent thread
 * (from the session built from the whole file, which is returned for reuse; an appended rollout keeps
 * its keys, which its first record decides, unless the new lines hold another `session_meta`: then it is
 * read again whole).
 */
export function fileKeysOf(
  agent: string | null,
  ref: SessionFileRef,
  slice: RecordSlice,
  base: FileRow | undefined,
  file: UnitFile | undefined,
): FileKeys & { codexSession?: Session } {
  const tailRecords = slice.tail?.records ?? [];
  if (ref.role === 'subagent') {
    const body = base?.body_key ?? firstSessionId(slice.body.records) ?? null;
    return { body_key: body, session_key: body ?? firstSessionId(tailRecords) ?? null, parent_key: null };
  }
  if (agent === 'codex') {
    if (!file) {
      const records = [...slice.body.records, ...tailRecords];
      if (records.some((r) => r.value.type === 'session_meta')) throw new ConcurrentUpdate();
      return { session_key: base?.session_key ?? null, parent_key: base?.parent_key ?? null, body_key: null };
    }
    const session = buildCodexSafely(file);
    return {
      session_key: session.id,
      parent_key: session.parentSessionId ?? null,
      body_key: null,
      codexSession: session,
    };
  }
  const body = lastSessionId(slice.body.records) ?? base?.body_key ?? null;
  return {
    body_key: body,
    session_key: claudeKeyOf(ref.path, lastSessionId(tailRecords) ?? body ?? undefined),
    parent_key: null,
  };
}
