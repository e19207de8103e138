import { resolve as resolvePath } from 'node:path';
import type { Session } from '../model/session.js';
import type { LocatedProblem } from '../model/source-location.js';
import type { ToolCall } from '../model/tool-call.js';
import { describeCut, MAX_JSON_DEPTH, ReadError, readJsonl, TOO_DEEP } from '../reader/index.js';
import { decodeClaudeCodeRecord } from '../schemas/claude-code/decode-record.js';
import { decodeCodexLine, looksLikeCodexRollout } from '../schemas/codex/decode-line.js';
import type { Agent } from '../schemas/common/agent.js';
import { discoverDefault, discoverPaths, readAgentMeta, type SessionFileRef } from '../sources/index.js';
import { buildClaudeSafely, buildCodexSafely, buildSafely } from './build-safely.js';
import type { RecordFile } from './claude-code/build-claude-code-session.js';
import { buildClaudeCodeSession, claudeSessionIdOf } from './claude-code/build-claude-code-session.js';
import type { LocatedRecord } from './claude-code/build-conversation.js';
import { holdsConversation } from './holds-conversation.js';
import { MAX_SUBAGENT_DEPTH } from './max-subagent-depth.js';
import { str } from './value-access.js';

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
  /** Called for each file that could not be read (it is skipped). */
  onSkip?: (path: string, message: string) => void;
}

/** A file read into records, with its agent decided from its first record. */
export interface ReadFile extends RecordFile {
  agent: Agent | undefined;
}

/** Reads one JSONL file into located records (envelope decode: cheap) and counts what it read. */
export async function readRecordFile(path: string): Promise<ReadFile> {
  const records: LocatedRecord[] = [];
  const file: ReadFile = {
    file: path,
    agent: undefined,
    records,
    counts: { lines: 0, blankLines: 0, records: 0, errors: 0, recordsByType: {}, unknownRecordTypes: {} },
    problems: [],
  };
  const reader = readJsonl(path);
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
    file.agent ??= looksLikeCodexRollout(result.value) ? 'codex' : 'claude-code';
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

/** A record's type as counted in `ReadCounts` (`user`, `response_item:function_call`...) and whether it is known. */
export function recordTypeOf(
  agent: Agent,
  value: Record<string, unknown>,
  lineIndex: number,
): { name: string; known: boolean } {
  switch (agent) {
    case 'claude-code': {
      const decoded = decodeClaudeCodeRecord(value, 'envelope');
      return { name: decoded.type ?? '(no type)', known: decoded.kind === 'known' };
    }
    case 'codex': {
      const decoded = decodeCodexLine(value, 'envelope', { lineIndex });
      return {
        name: decoded.subtype === undefined ? decoded.type : `${decoded.type}:${decoded.subtype}`,
        known: decoded.known,
      };
    }
    default:
      return agent satisfies never;
  }
}

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
  // A file that cannot be read (permissions, removed since discovery) is skipped and reported, not fatal.
  const read = async (path: string): Promise<ReadFile | undefined> => {
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
  // Subagent files first (their records say which session they belong to), then each main file is read,
  // built and let go, so at most one main file's records are held at a time.
  const subagentRefs = refs.filter((r) => r.role === 'subagent');
  const subagentFiles = new Map<string, ReadFile>();
  const subagentsBySession = new Map<string, SessionFileRef[]>();
  for (const ref of subagentRefs) {
    const file = await read(ref.path);
    if (!file) continue;
    subagentFiles.set(ref.path, file);
    const owner = ref.parentSessionId ?? firstSessionId(file.records);
    const key = `${ownerDir(ref)}\u0000${owner ?? ''}`;
    const list = subagentsBySession.get(key);
    if (list) list.push(ref);
    else subagentsBySession.set(key, [ref]);
  }

  const sessions: Session[] = [];
  const claimed = new Set<string>();
  // Per file: whatever a file holds, a failure to build it is reported and the other files go on.
  const guarded = (path: string, build: () => Session[]) => {
    try {
      sessions.push(...build());
    } catch (error) {
      options.onSkip?.(
        path,
        `"${path}" could not be built into a session (${errorText(error)}); it is left out.`,
      );
    }
  };
  for (const ref of refs) {
    if (ref.role !== 'session') continue;
    const file = await read(ref.path);
    if (!file) continue;
    if (file.agent === 'codex') {
      guarded(ref.path, () => [buildCodexSafely(file)]);
      continue;
    }
    const subRefs = subagentsBySession.get(`${ownerDir(ref)}\u0000${claudeSessionIdOf(file)}`) ?? [];
    const subFiles = await claimSubagentFiles(subRefs, (path) => subagentFiles.get(path), claimed);
    guarded(ref.path, () => buildClaudeSafely(file, subFiles));
  }
  for (const ref of subagentRefs) {
    const file = subagentFiles.get(ref.path);
    if (file && !claimed.has(ref.path)) guarded(ref.path, () => [buildUnclaimedSubagent(ref, file)]);
  }
  return linkCodexThreads(sessions, (s) => s);
}

/**
 * The subagent files a Claude Code session file claims (`subRefs`, in input order), each once: files
 * already `claimed` or not read (`fileOf` gives undefined) are passed over; each file carries its agent id
 * and the link fields of its `meta.json`. Adds what it claims to `claimed`.
 */
export async function claimSubagentFiles(
  subRefs: readonly SessionFileRef[],
  fileOf: (path: string) => RecordFile | undefined,
  claimed: Set<string>,
): Promise<RecordFile[]> {
  const subFiles: RecordFile[] = [];
  for (const sub of subRefs) {
    const subFile = fileOf(sub.path);
    if (!subFile || claimed.has(sub.path)) continue;
    claimed.add(sub.path);
    const meta = sub.metaPath === undefined ? undefined : await readAgentMeta(sub.metaPath);
    subFiles.push({
      ...subFile,
      ...(sub.agentId === undefined ? {} : { agentId: sub.agentId }),
      ...(meta === undefined ? {} : { meta: pickMeta(meta) }),
    });
  }
  return subFiles;
}

/**
 * A subagent file no session claimed, as a session of its own so that nothing read is lost: a Claude Code
 * file is marked `isSubagent` with its agent id; a Codex rollout is built as any rollout.
 */
export function buildUnclaimedSubagent(ref: SessionFileRef, file: ReadFile): Session {
  if (file.agent === 'codex') return buildCodexSafely(file);
  const session = buildSafely(
    { ...file, ...(ref.agentId === undefined ? {} : { agentId: ref.agentId }) },
    (f) => buildClaudeCodeSession(f),
  );
  session.isSubagent = true;
  if (ref.agentId !== undefined) session.agentId = ref.agentId;
  return session;
}

/**
 * Codex sub-agents are rollouts of their own that name their parent thread; they move under the parent
 * session (linked to the parent's call whose output names the child thread, when there is one). Works on
 * any list that carries sessions (`sessionOf`), and returns the items whose session did not move.
 */
export function linkCodexThreads<T>(items: T[], sessionOf: (item: T) => Session): T[] {
  const byId = new Map(
    items
      .map(sessionOf)
      .filter((s) => s.agent === 'codex')
      .map((s) => [s.id, s]),
  );
  const parentOf = (child: Session): Session | undefined => {
    const parent = child.parentSessionId === undefined ? undefined : byId.get(child.parentSessionId);
    return parent === child ? undefined : parent;
  };
  // Which children move under their parent: not those on a parent cycle (A -> B -> A), nor those that would
  // sit deeper than MAX_SUBAGENT_DEPTH (they become roots, and their own children count from them).
  const depth = new Map<Session, number>();
  const linked = new Set<Session>();
  for (const start of byId.values()) {
    const chain: Session[] = [];
    const onChain = new Set<Session>();
    let node: Session | undefined = start;
    while (node !== undefined && !depth.has(node) && !onChain.has(node)) {
      chain.push(node);
      onChain.add(node);
      node = parentOf(node);
    }
    let level = node === undefined ? -1 : (depth.get(node) ?? -1);
    if (node !== undefined && onChain.has(node)) {
      // node starts a cycle: every session from it on the chain is on the cycle and stays a root.
      for (let i = chain.indexOf(node); i < chain.length; i++) {
        const member = chain[i] as Session;
        depth.set(member, 0);
        member.problems.push(
          threadProblem(
            member,
            'parent-cycle',
            `Codex thread "${member.id}" is part of a parent-thread cycle: kept as a session of its own.`,
          ),
        );
      }
      chain.length = chain.indexOf(node);
      level = 0;
    }
    for (let i = chain.length - 1; i >= 0; i--) {
      const child = chain[i] as Session;
      if (parentOf(child) === undefined) level = 0;
      else if (level + 1 > MAX_SUBAGENT_DEPTH) {
        level = 0;
        child.problems.push(
          threadProblem(
            child,
            'subagent-too-deep',
            `Codex thread "${child.id}" would nest more than ${MAX_SUBAGENT_DEPTH} sub-agents deep: kept as a session of its own.`,
          ),
        );
      } else {
        level += 1;
        linked.add(child);
      }
      depth.set(child, level);
    }
  }
  const moved = new Set<Session>();
  for (const child of byId.values()) {
    const parent = parentOf(child);
    if (!parent || !linked.has(child)) continue;
    const call = parent.toolCalls.find(
      (c) => c.result?.text.includes(child.id) || JSON.stringify(c.input ?? '').includes(child.id),
    );
    if (call) {
      call.subagentId = child.id;
      child.parentToolCallId = call.id;
    }
    parent.subagents.push({
      agentId: child.id,
      linkedBy: 'codex-parent-thread',
      session: child,
      ...(call === undefined ? {} : { toolCallId: call.id }),
    });
    moved.add(child);
  }
  return items.filter((item) => !moved.has(sessionOf(item)));
}

/** A problem about a whole Codex thread, located at the start of its rollout. */
function threadProblem(session: Session, type: string, message: string): LocatedProblem {
  return { location: { file: session.files[0] ?? session.id, line: 1 }, type, message };
}

/** The link fields of a subagent's `.meta.json` (`toolUseId`, `agentType`), when they are strings. */
export function pickMeta(meta: Record<string, unknown>): { toolUseId?: string; agentType?: string } {
  const toolUseId = str(meta.toolUseId);
  const agentType = str(meta.agentType);
  return {
    ...(toolUseId === undefined ? {} : { toolUseId }),
    ...(agentType === undefined ? {} : { agentType }),
  };
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/** The folder that owns a file's session: the project folder for Claude Code layouts. */
function ownerDir(ref: SessionFileRef): string {
  return ref.projectDir ?? '';
}

/** The first string `sessionId` of the records (a subagent file's records name their parent session). */
export function firstSessionId(records: RecordFile['records']): string | undefined {
  for (const { value } of records) {
    const id = str(value.sessionId);
    if (id !== undefined) return id;
  }
  return undefined;
}

/** True when the session passes the filter. */
export function matchesFilter(session: Session, filter: SessionFilter): boolean {
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
      ? await discoverPaths(options.paths)
      : await discoverDefault(options.env === undefined ? {} : { env: options.env });
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
