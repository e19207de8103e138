import path from 'node:path';
import { readCodexHeader } from '../agents/codex/read-codex-header.js';
import type { DirLookup } from './dir-lookup.js';
import type { SessionFileRef, SkippedFile } from './discovery.js';
import { looksLikeSessionDocument } from './looks-like-session-document.js';
import { isUuid, parseFileName } from './parse-file-name.js';
import { withWriteAheadLog } from './with-write-ahead-log.js';

/** Where a file was found, which decides how strictly its path is read. */
export type ClassifyContext =
  /** Under `<claude root>/projects`: only the known Claude Code layouts are accepted. */
  | { kind: 'claude-projects'; projectsDir: string }
  /**
   * Under a Codex root's `sessions/` or `archived_sessions/`: `rollout-*.jsonl`, and any other `.jsonl`
   * whose first line is a session header (renamed or copied rollouts).
   */
  | { kind: 'codex'; archived: boolean }
  /** Anywhere (user-given paths): classified by path shape. */
  | { kind: 'paths' }
  /**
   * Under a root of another agent (`src/agents/<agent>/roots.ts`): the agent's own rule decides
   * (`root` is the folder the part was walked from).
   */
  | { kind: 'agent'; root: string; classify: AgentClassifier };

/** An agent's rule for the files found under one of its roots: a ref, or why the file is skipped. */
export type AgentClassifier = (file: FileFacts, root: string, lookup: DirLookup) => Promise<Classified>;

/**
 * `ignored`: a file collected only to look at (a `.json` that is not a session document), never listed.
 * `refs`: a store (an SQLite database holding many sessions, OpenCode's `opencode.db`) gives one ref per
 * session it holds (see `SessionFileRef.store`).
 */
export type Classified =
  | { ref: SessionFileRef }
  | { skipped: SkippedFile }
  | { ignored: true }
  | { refs: SessionFileRef[] };

/** Stats of the file to classify. */
export interface FileFacts {
  path: string;
  size: number;
  mtimeMs: number;
  identity?: string;
}

const orphanedReason = "Orphaned transcript copy ('.jsonl.orphaned-N'), not a live session";

/**
 * Decides what a found file is, from its path and its neighbours; the contents only for a `.jsonl` under
 * a Codex sessions folder that is not named `rollout-*.jsonl` (its first line).
 */
export async function classifyFile(
  file: FileFacts,
  context: ClassifyContext,
  lookup: DirLookup,
): Promise<Classified> {
  switch (context.kind) {
    case 'claude-projects':
      return classifyClaudeProjectsFile(file, context.projectsDir, lookup);
    case 'codex':
      return await classifyCodexFile(file, context.archived);
    case 'paths':
      return classifyByShape(file, lookup);
    case 'agent':
      return context.classify(file, context.root, lookup);
    default:
      return context satisfies never;
  }
}

async function classifyClaudeProjectsFile(file: FileFacts, projectsDir: string, lookup: DirLookup) {
  const name = path.basename(file.path);
  const parsed = parseFileName(name);
  if (parsed.kind === 'orphaned') return skip(file, orphanedReason);
  const segments = relativePath(projectsDir, file.path).split(path.sep);
  const [encoded] = segments;
  if (segments.length < 2 || encoded === undefined) {
    return skip(file, "Not inside a project folder ('projects/<encoded-cwd>/')");
  }
  const projectDir = path.join(projectsDir, encoded);
  if (segments.length === 2) {
    return parsed.kind === 'agent'
      ? flatAgent(file, parsed.agentId, parsed.stem, lookup)
      : claudeSession(file, lookup);
  }
  if (segments.length >= 4 && segments.at(-2) === 'subagents') {
    const agentId = parsed.kind === 'agent' ? parsed.agentId : undefined;
    return nestedSubagent(file, agentId, projectDir, lookup);
  }
  return skip(file, 'Not at a known Claude Code transcript location');
}

async function classifyCodexFile(file: FileFacts, archived: boolean): Promise<Classified> {
  const parsed = parseFileName(path.basename(file.path));
  if (parsed.kind === 'rollout') return { ref: codexRollout(file, parsed.threadId, archived) };
  if (parsed.kind !== 'jsonl') return skip(file, "Not a Codex rollout (not a '.jsonl' file)");
  // A rollout renamed or copied under another name still starts with its session header.
  const header = await readCodexHeader(file.path);
  if (!header.ok) return skip(file, `${header.reason}; not named 'rollout-*.jsonl' either`);
  return { ref: codexRollout(file, header.sessionId, archived) };
}

const sideFiles: Record<string, { siblings: string[]; reason: string }> = {
  'history.jsonl': {
    siblings: ['projects', 'sessions', 'archived_sessions'],
    reason: 'Prompt history of a Claude Code or Codex home folder, not a transcript',
  },
  'session_index.jsonl': {
    siblings: ['sessions', 'archived_sessions'],
    reason: 'Session name index of a Codex home folder, not a transcript',
  },
};

async function classifyByShape(file: FileFacts, lookup: DirLookup): Promise<Classified> {
  const name = path.basename(file.path);
  const parent = path.dirname(file.path);
  const parsed = parseFileName(name);
  if (parsed.kind === 'orphaned') return skip(file, orphanedReason);
  // A database session (Cursor `store.db`): its agent is decided by its content, its state includes its log.
  if (name === 'store.db') return { ref: await withWriteAheadLog(base(file, 'unknown', 'session')) };
  // A whole-document session (Gemini CLI `session-*.json`...): its agent is decided by its content.
  if (name.endsWith('.json')) {
    if (!(await looksLikeSessionDocument(file.path))) return { ignored: true };
    return { ref: { ...base(file, 'unknown', 'session'), projectDir: parent } };
  }
  if (path.basename(parent) === 'subagents') {
    const agentId = parsed.kind === 'agent' ? parsed.agentId : undefined;
    return nestedSubagent(file, agentId, path.dirname(path.dirname(parent)), lookup);
  }
  if (path.basename(parent) === 'tool-results' && isUuid(path.basename(path.dirname(parent)))) {
    return skip(
      file,
      "Spilled tool output of a Claude Code session ('<sessionId>/tool-results/'), not a transcript",
    );
  }
  if (parsed.kind === 'agent') return flatAgent(file, parsed.agentId, parsed.stem, lookup);
  if (parsed.kind === 'rollout') {
    return { ref: codexRollout(file, parsed.threadId, path.basename(parent) === 'archived_sessions') };
  }
  const side = sideFiles[name];
  if (side) {
    for (const sibling of side.siblings) {
      if (await lookup.hasDir(parent, sibling)) return skip(file, side.reason);
    }
  }
  return unknownSession(file, lookup);
}

/** `projects/<enc>/agent-<agentId>.jsonl`: its session is decided later from its records. */
async function flatAgent(
  file: FileFacts,
  agentId: string,
  stem: string,
  lookup: DirLookup,
): Promise<Classified> {
  const projectDir = path.dirname(file.path);
  const ref: SessionFileRef = { ...base(file, 'claude-code', 'subagent'), agentId, projectDir };
  if (await lookup.hasFile(projectDir, `${stem}.meta.json`))
    ref.metaPath = path.join(projectDir, `${stem}.meta.json`);
  return { ref };
}

/** `<projectDir>/<sessionId>/subagents/<name>.jsonl`, with an optional sibling `<name>.meta.json`. */
async function nestedSubagent(
  file: FileFacts,
  agentId: string | undefined,
  projectDir: string,
  lookup: DirLookup,
): Promise<Classified> {
  const subagentsDir = path.dirname(file.path);
  const sessionDir = path.dirname(subagentsDir);
  const folderName = path.basename(sessionDir);
  const ref: SessionFileRef = { ...base(file, 'claude-code', 'subagent'), projectDir };
  if (agentId !== undefined) ref.agentId = agentId;
  if (isUuid(folderName)) ref.parentSessionId = folderName;
  const metaName = `${path.basename(file.path, '.jsonl')}.meta.json`;
  if (await lookup.hasFile(subagentsDir, metaName)) ref.metaPath = path.join(subagentsDir, metaName);
  if (await lookup.hasDir(sessionDir, 'tool-results'))
    ref.toolResultsDir = path.join(sessionDir, 'tool-results');
  return { ref };
}

/** `projects/<enc>/<sessionId>.jsonl` under a Claude Code root. */
async function claudeSession(file: FileFacts, lookup: DirLookup): Promise<Classified> {
  const projectDir = path.dirname(file.path);
  const stem = path.basename(file.path, '.jsonl');
  const ref: SessionFileRef = { ...base(file, 'claude-code', 'session'), projectDir };
  if (isUuid(stem)) ref.sessionId = stem;
  if (await hasSessionDir(projectDir, stem, 'tool-results', lookup)) {
    ref.toolResultsDir = path.join(projectDir, stem, 'tool-results');
  }
  return { ref };
}

/**
 * A candidate session found by path shape. It counts as Claude Code when its location says so:
 * a UUID name directly in `projects/<enc>/`, or a `<stem>/subagents` or `<stem>/tool-results` folder beside it.
 * Its folder is its `projectDir` either way, so that agent files of the same folder can be matched with it.
 */
async function unknownSession(file: FileFacts, lookup: DirLookup): Promise<Classified> {
  const parent = path.dirname(file.path);
  const name = path.basename(file.path);
  const stem = name.endsWith('.jsonl') ? name.slice(0, -'.jsonl'.length) : name;
  const uuid = isUuid(stem);
  const toolResults = await hasSessionDir(parent, stem, 'tool-results', lookup);
  const claudeShaped =
    (uuid && path.basename(path.dirname(parent)) === 'projects') ||
    toolResults ||
    (await hasSessionDir(parent, stem, 'subagents', lookup));
  const ref: SessionFileRef = base(file, claudeShaped ? 'claude-code' : 'unknown', 'session');
  if (uuid) ref.sessionId = stem;
  ref.projectDir = parent;
  if (toolResults) ref.toolResultsDir = path.join(parent, stem, 'tool-results');
  return { ref };
}

/**
 * `path.relative(dir, file)`; for a file found inside `dir` by a walk (a normalized path that starts with it),
 * its tail, without resolving both paths again (a few microseconds of every file of a run).
 */
function relativePath(dir: string, file: string): string {
  const prefix = dir.endsWith(path.sep) ? dir : `${dir}${path.sep}`;
  const tail = file.startsWith(prefix) ? file.slice(prefix.length) : undefined;
  return tail !== undefined && path.isAbsolute(dir) && tail === path.normalize(tail) && !tail.startsWith('..')
    ? tail
    : path.relative(dir, file);
}

function codexRollout(file: FileFacts, threadId: string | undefined, archived: boolean): SessionFileRef {
  const ref: SessionFileRef = base(file, 'codex', 'session');
  if (threadId !== undefined) ref.sessionId = threadId;
  if (archived) ref.archived = true;
  return ref;
}

async function hasSessionDir(dir: string, stem: string, child: string, lookup: DirLookup): Promise<boolean> {
  return (await lookup.hasDir(dir, stem)) && (await lookup.hasDir(path.join(dir, stem), child));
}

export function base(
  file: FileFacts,
  agent: SessionFileRef['agent'],
  role: SessionFileRef['role'],
): SessionFileRef {
  const ref: SessionFileRef = { path: file.path, agent, role, size: file.size, mtimeMs: file.mtimeMs };
  if (file.identity !== undefined) ref.identity = file.identity;
  return ref;
}

export function skip(file: FileFacts, reason: string): Classified {
  return { skipped: { path: file.path, reason } };
}
