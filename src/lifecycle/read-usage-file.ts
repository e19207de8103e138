/**
 * Reads one session file for `usage` with no index yet: a Claude Code JSONL file line by line, each record
 * cut down to what its usage, order and tree need (`claude-code/usage-projection.ts`), with no schema
 * decode, depth bound or record-type count; any other file (another agent, a whole JSON document) through
 * `readRecordFile` as every command reads it. Lines are taken as the shared reader takes them: a leading
 * BOM skipped, `\r\n` ends, blank lines apart, a line that is not valid UTF-8 or not a JSON object is a
 * located error and no record.
 */
import { isUtf8 } from 'node:buffer';
import { closeSync, openSync, readSync } from 'node:fs';
import { usageProjection } from '../agents/claude-code/usage-projection.js';
import { usageProjectionOfBytes } from '../agents/claude-code/usage-projection-bytes.js';
import { agentOfRecord } from '../agents/registry.js';
import { toReadError } from '../reader/read-error.js';
import { readPathOf } from '../reader/read-path.js';
import type { Agent } from '../schemas/common/agent.js';
import type { SessionFileRef } from '../sources/index.js';
import { type ReadFile, readRecordFile } from './load-sessions.js';
import type { JsonObject } from './value-access.js';

/** Files up to this size are read in one piece; larger ones in chunks of this size. */
const chunkBytes = 8 * 1024 * 1024;

let chunk: Buffer | undefined;

/** Thrown inside the read when the file is not JSONL of the agent its path says: it is read whole instead. */
class NotPlainLines extends Error {}

/** How a record is cut down for the usage build, parsed or (for long lines) straight from its bytes. */
interface Projection {
  parsed: (value: JsonObject) => JsonObject;
  bytes?: (b: Buffer, start: number, end: number) => JsonObject | undefined;
}

/** Claude Code records by `usageProjection`; Codex records kept whole. */
const projections: Partial<Record<string, Projection>> = {
  'claude-code': { parsed: usageProjection, bytes: usageProjectionOfBytes },
  codex: { parsed: (value) => value },
};

/** Lines shorter than this are parsed: finding their members byte by byte saves nothing. */
const byteProjectionMinBytes = 1024;

/** The file's records for a usage build (see the module header). */
export async function readUsageFile(ref: Pick<SessionFileRef, 'path' | 'agent'>): Promise<ReadFile> {
  const project = projections[ref.agent];
  if (project === undefined) return readRecordFile(ref.path);
  try {
    return readLines(ref.path, await readPathOf(ref.path), ref.agent as Agent, project);
  } catch (error) {
    if (error instanceof NotPlainLines) return readRecordFile(ref.path);
    throw error;
  }
}

/** Reads with synchronous calls: a worker thread (or a small run) has nothing else to do meanwhile. */
function readLines(path: string, bytesPath: string, agent: Agent, project: Projection): ReadFile {
  const file: ReadFile = {
    file: path,
    agent: undefined,
    records: [],
    counts: { lines: 0, blankLines: 0, records: 0, errors: 0, recordsByType: {}, unknownRecordTypes: {} },
    problems: [],
  };
  const take: LineTaker = { file, agent, project, line: 0 };
  let fd: number;
  try {
    fd = openSync(bytesPath, 'r');
  } catch (error) {
    throw toReadError(error, path);
  }
  try {
    // The read is synchronous from open to close, so one buffer per thread serves every file.
    chunk ??= Buffer.allocUnsafe(chunkBytes);
    // The start of a line longer than what is left of a chunk, in copied pieces (joined once, when it ends).
    const held: Buffer[] = [];
    let first = true;
    for (;;) {
      let bytesRead: number;
      try {
        bytesRead = readSync(fd, chunk, 0, chunkBytes, null);
      } catch (error) {
        throw toReadError(error, path);
      }
      if (bytesRead === 0) break;
      const data = chunk.subarray(0, bytesRead);
      let start = 0;
      if (first) {
        first = false;
        if (data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) start = 3;
        if (/^[ \t\r\n]*[{[][ \t\r]*\n/.test(data.toString('latin1', start, start + 256)))
          throw new NotPlainLines();
      }
      if (held.length > 0) {
        const nl = data.indexOf(10);
        if (nl === -1) {
          held.push(Buffer.from(data));
          continue;
        }
        held.push(data.subarray(0, nl));
        const line = Buffer.concat(held);
        held.length = 0;
        takeLine(take, line, 0, line.length);
        start = nl + 1;
      }
      for (let nl = data.indexOf(10, start); nl !== -1; nl = data.indexOf(10, start)) {
        takeLine(take, data, start, nl);
        start = nl + 1;
      }
      // The chunk is read into again: the unfinished line is copied.
      if (start < data.length) held.push(Buffer.from(data.subarray(start)));
    }
    if (held.length > 0) {
      const line = Buffer.concat(held);
      takeLine(take, line, 0, line.length);
    }
    file.counts.lines = take.line;
    return file;
  } finally {
    closeSync(fd);
  }
}

interface LineTaker {
  file: ReadFile;
  agent: Agent;
  project: Projection;
  line: number;
}

function takeLine(take: LineTaker, data: Buffer, start: number, end: number): void {
  take.line += 1;
  const { file, line } = take;
  if (end > start && data[end - 1] === 13) end -= 1;
  let i = start;
  while (i < end && (data[i] === 32 || data[i] === 9 || data[i] === 13 || data[i] === 11 || data[i] === 12))
    i += 1;
  if (i === end) {
    file.counts.blankLines += 1;
    return;
  }
  const location = { file: file.file, line };
  const bytes = data.subarray(start, end);
  const valid = isUtf8(bytes);
  if (valid && file.agent !== undefined && take.project.bytes && end - start >= byteProjectionMinBytes) {
    const projected = take.project.bytes(data, start, end);
    if (projected) {
      file.counts.records += 1;
      file.records.push({ value: projected, location });
      return;
    }
  }
  let value: unknown;
  try {
    if (!valid) throw new Error('Line is not valid UTF-8');
    value = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    fail(file, location, error instanceof Error ? error.message : String(error));
    return;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    fail(file, location, 'Expected a JSON object');
    return;
  }
  const record = value as Record<string, unknown>;
  if (file.agent === undefined) {
    file.agent = agentOfRecord(record);
    if (file.agent !== take.agent) throw new NotPlainLines();
  }
  file.counts.records += 1;
  file.records.push({ value: take.project.parsed(record), location });
}

function fail(file: ReadFile, location: { file: string; line: number }, message: string): void {
  file.counts.errors += 1;
  file.problems.push({ location, type: 'invalid-json', message });
}
