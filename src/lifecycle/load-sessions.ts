import { resolve as resolvePath } from 'node:path';
import { discoverAgentPaths } from '../agents/discover-agent-paths.js';
import { discoverAgents } from '../agents/discover-agents.js';
import { readSource } from '../agents/read-source.js';
import type { LocatedRecord, RecordFile } from '../agents/record-file.js';
import { adapters, agentOfRecord, recordTypeOf } from '../agents/registry.js';
import type { Session } from '../model/session.js';
import type { ToolCall } from '../model/tool-call.js';
import { describeCut, MAX_JSON_DEPTH, ReadError, TOO_DEEP } from '../reader/index.js';
import type { Agent } from '../schemas/common/agent.js';
import { discoverPaths, type SessionFileRef } from '../sources/index.js';
import { buildUnit } from './build-unit.js';
import { tooLargeToBuild } from './heap-fit.js';
import { holdsConversation } from './holds-conversation.js';

/** Filters shared by every listing and report. Dates are inclusive bounds on a session's time span. */
export interface SessionFilter {
  since?: Date;
  until?: Date;
  /** Substring of the project path (cwd) or name, case-insensitive. */
  project?: string;
  agent?: Agent;
  /** Session id or id prefix. */
  session?: string;
}

export interface ListOptions extends SessionFilter {
  /** Files or folders; default: the discovered Claude Code and Codex folders. */
  paths?: string[];
  /** Already discovered files (skips discovery). */
  files?: readonly SessionFileRef[];
  env?: NodeJS.ProcessEnv;
  onProgress?: (done: number, total: number) => void;
}

export interface LoadOptions {
  onProgress?: (done: number, total: number) => void;
  /**
   * Called for each file that could not be read, or that is too large to build in the heap this process has
   * left (`heap-fit.ts`: the message says which `--max-old-space-size` would let it be read); it is skipped.
   */
  onSkip?: (path: string, message: string) => void;
}

/** A file read into records, with its agent decided from its first record. */
export interface ReadFile extends RecordFile {
  agent: Agent | undefined;
}

/** Reads one file (JSONL, or a whole JSON document: `agents/read-source.ts`) into located records (envelope decode: cheap) and counts what it read. */
export async function readRecordFile(path: string): Promise<ReadFile> {
  const records: LocatedRecord[] = [];
  const file: ReadFile = {
    file: path,
    agent: undefined,
    records,
    counts: { lines: 0, blankLines: 0, records: 0, errors: 0, recordsByType: {}, unknownRecordTypes: {} },
    problems: [],
  };
  const reader = readSource(path);
  let index = 0;
  for await (const result of reader) {
    if (!result.ok) {
      file.problems.push({
        location: { file: path, line: result.location.line },
        type: result.error.type,
        message: result.error.message,
      });
      continue;
    }
    file.agent ??= agentOfRecord(result.value);
    const type = recordTypeOf(file.agent, result.value, index++);
    file.counts.recordsByType[type.name] = (file.counts.recordsByType[type.name] ?? 0) + 1;
    if (!type.known)
      file.counts.unknownRecordTypes[type.name] = (file.counts.unknownRecordTypes[type.name] ?? 0) + 1;
    const location = { file: path, line: result.location.line };
    for (const cut of result.cuts ?? [])
      file.problems.push({ location, type: TOO_DEEP, message: describeCut(cut, MAX_JSON_DEPTH) });
    records.push({ value: result.value, location });
  }
  file.counts.lines = reader.stats.physicalLines;
  file.counts.blankLines = reader.stats.blankLines;
  file.counts.records = reader.stats.decoded;
  file.counts.errors = reader.stats.errors;
  return file;
}

export { recordTypeOf };

/**
 * Groups discovered files into sessions and builds them: Claude Code main files with their subagent files
 * (the `<session>/subagents/` layout by folder, the flat `agent-<id>.jsonl` layout by the records'
 * `sessionId`), Codex rollouts one per session. Subagent files whose session is absent become sessions of
 * their own (marked `isSubagent`) so that nothing read is lost.
 */
export async function loadSessions(
  refs: readonly SessionFileRef[],
  options: LoadOptions = {},
): Promise<Session[]> {
  let done = 0;
  const sizes = new Map(refs.map((ref) => [ref.path, ref.size]));
  // A file that cannot be read (permissions, removed since discovery) is skipped and reported, not fatal;
  // so is one too large to build in the heap left (see `heap-fit.ts`).
  const read = async (path: string): Promise<ReadFile | undefined> => {
    const tooLarge = tooLargeToBuild(path, sizes.get(path) ?? 0, 'whole');
    if (tooLarge !== undefined) {
      options.onSkip?.(path, tooLarge);
      options.onProgress?.(++done, refs.length);
      return undefined;
    }
    try {
      return await readRecordFile(path);
    } catch (error) {
      if (!(error instanceof ReadError)) throw error;
      options.onSkip?.(path, error.message);
      return undefined;
    } finally {
      options.onProgress?.(++done, refs.length);
    }
  };
  // All files as one group: units never share a file, so this builds each unit as it would alone.
  const built = await buildUnit(refs, read, { onSkip: (path, message) => options.onSkip?.(path, message) });
  return built.map((b) => b.session);
}

/** True when the session passes the filter. */
export function matchesFilter(
  session: Pick<Session, 'agent' | 'id' | 'project' | 'cwds' | 'startTime' | 'endTime'>,
  filter: SessionFilter,
): boolean {
  if (filter.agent !== undefined && session.agent !== filter.agent) return false;
  if (filter.session !== undefined && !session.id.startsWith(filter.session)) return false;
  if (filter.project !== undefined) {
    const needle = filter.project.toLowerCase();
    const haystacks = [session.project, ...session.cwds].filter((s): s is string => s !== undefined);
    if (!haystacks.some((h) => h.toLowerCase().includes(needle))) return false;
  }
  const start = session.startTime === undefined ? undefined : Date.parse(session.startTime);
  const end = session.endTime === undefined ? start : Date.parse(session.endTime);
  if (filter.since !== undefined && (end === undefined || end < filter.since.getTime())) return false;
  if (filter.until !== undefined && (start === undefined || start > filter.until.getTime())) return false;
  return true;
}

/**
 * Finds session files (paths or the default folders), builds the sessions and filters them, newest first;
 * sessions with nothing in them (see `holdsConversation`) are left out.
 */
export async function listSessions(
  options: ListOptions = {},
): Promise<{ sessions: Session[]; warnings: string[] }> {
  const discovery = options.files
    ? { files: [...options.files], warnings: [] }
    : options.paths !== undefined && options.paths.length > 0
      ? await discoverAgentPaths(options.paths)
      : await discoverAgents(options.env === undefined ? {} : { env: options.env });
  const warnings = [
    ...discovery.warnings.map((w) => w.message),
    ...('errors' in discovery ? (discovery.errors as { message: string }[]).map((e) => e.message) : []),
  ];
  const loaded = await loadSessions(discovery.files, {
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    onSkip: (_path, message) => warnings.push(message),
  });
  const sessions = loaded.filter((s) => holdsConversation(s) && matchesFilter(s, options));
  sessions.sort((a, b) => (b.startTime ?? '').localeCompare(a.startTime ?? ''));
  return { sessions, warnings };
}

/** Reads one session from a transcript path (with its subagent files found beside it). */
export async function readSession(file: string): Promise<Session | undefined> {
  const path = resolvePath(file);
  // A session of a store (OpenCode) is not a file of its own: read it by its path as discovery named it.
  const store = adapters.find((adapter) => adapter.read.store?.claims(path));
  if (store)
    return (await loadSessions([{ path, agent: store.agent, role: 'session', size: 0, mtimeMs: 0 }]))[0];
  const discovery = await discoverPaths([path]);
  const dir = discovery.files.find((f) => f.path === path)?.projectDir;
  const siblings = dir === undefined ? discovery.files : (await discoverPaths([dir])).files;
  const sessions = await loadSessions(siblings.filter((f) => f.path === path || f.role === 'subagent'));
  return sessions.find((s) => s.files[0] === path) ?? sessions[0];
}

/** Every tool call of a session and its subagents, depth first (subagent calls after the call that started them). */
export function* toolCalls(session: Session): Generator<ToolCall> {
  const bySubagent = new Map(session.subagents.map((s) => [s.toolCallId, s]));
  for (const call of session.toolCalls) {
    yield call;
    const sub = bySubagent.get(call.id);
    if (sub) yield* toolCalls(sub.session);
  }
  for (const sub of session.subagents) if (sub.toolCallId === undefined) yield* toolCalls(sub.session);
}

/** Async iteration over every tool call of every session that passes the filter. */
export async function* allToolCalls(options: ListOptions = {}): AsyncGenerator<ToolCall> {
  const { sessions } = await listSessions(options);
  for (const session of sessions) yield* toolCalls(session);
}
