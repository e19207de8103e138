import { buildTurns } from '../../model/build-turns.js';
import { mergeCounts } from '../../model/merge-counts.js';
import type { Message } from '../../model/message.js';
import type { Session, Subagent } from '../../model/session.js';
import { addUsage, addUsageTo, emptyUsage, maxUsage } from '../../model/usage.js';
import { baseName, obj, optional, str, timeOf } from '../../schemas/common/value-access.js';
import type { LocatedRecord, RecordFile } from '../record-file.js';
import { buildConversation, type Conversation, type ProgressUsage } from './build-conversation.js';
import {
  agentToolNames,
  callClaimOf,
  linkSubagents,
  type PendingSubagent,
  subagentClaimOf,
} from './link-subagents.js';
import { type ClaudeSessionResume, emptyTextOf, setSessionResume } from './session-resume.js';

/**
 * Builds a Claude Code session from its main file and its subagent files (both later layouts); sidechain
 * records inside the main file (the layout up to 2.0.27) become subagents too. Subagents are linked to the
 * calls that started them, nested subagents under their parent subagent's call.
 *
 * Usage rule: an API message (key `message.id` + `requestId`) counts once in the whole tree, with the
 * per-field maximum over its split records, in the first conversation that has it (the main file before
 * subagent files), so a subagent's replay of a parent message is not counted twice. Subagent responses
 * streamed into a parent as `agent_progress` records join their subagent's usage under the same key
 * (per-field maximum); when the subagent's file is missing they make a subagent of their own (no files,
 * usage only), linked to the call named by `parentToolUseID`.
 */
export function buildClaudeCodeSession(main: RecordFile, subagentFiles: readonly RecordFile[] = []): Session {
  const sessionId = claudeSessionIdOf(main);
  const mainRecords = main.records.filter((r) => r.value.isSidechain !== true);
  const sidechains = groupSidechains(main.records.filter((r) => r.value.isSidechain === true));
  const counted = new Set<string>();

  const mainConversation = buildConversation(mainRecords, { sessionId });
  const subagentInputs: { records: readonly LocatedRecord[]; file?: RecordFile; agentId: string }[] = [];
  for (const [key, records] of sidechains)
    subagentInputs.push({
      records,
      agentId: str(records[0]?.value.agentId) ?? `sidechain-${key.replace(/^root:/, '').slice(0, 8)}`,
    });
  for (const file of subagentFiles) {
    const agentId = subagentFileAgentId(file);
    subagentInputs.push({ records: file.records, file, agentId });
  }
  const subagentConversations = subagentInputs.map((input) =>
    buildConversation(input.records, { sessionId, agentId: input.agentId }),
  );
  const progress = collectProgressUsage([mainConversation, ...subagentConversations]);

  const session = sessionFrom(
    mainConversation,
    main.records,
    [main],
    { sessionId, isSubagent: false },
    counted,
  );
  applyMetadata(session, main.records, mainConversation);

  const pending: PendingSubagent[] = [];
  subagentInputs.forEach((input, i) => {
    const streamed = progress.get(input.agentId);
    progress.delete(input.agentId);
    pending.push(
      subagentOfInput(input, subagentConversations[i] as Conversation, streamed, sessionId, counted),
    );
  });
  // Subagents known only from the responses streamed into their parent (their own file is missing).
  for (const [agentId, streamed] of progress) {
    const conversation = emptyConversation(streamed.usageByKey);
    const entry = subagentFrom(conversation, [], [], agentId, sessionId, counted);
    entry.session.meta.usageFrom = 'agent_progress records (the subagent file is missing)';
    if (streamed.toolUseId !== undefined) entry.metaToolUseId = streamed.toolUseId;
    pending.push(entry);
  }
  const unlinked = linkSubagents(session, pending);
  setSessionResume(session, {
    v: 1,
    kind: 'session',
    conversation: mainConversation.resume,
    fileProblems: main.problems.length,
    ...metadataInputs(main.records),
    emptyText: emptyTextOf(mainConversation.messages),
    claims: pending.map(subagentClaimOf),
    agentCalls: session.toolCalls.filter((c) => agentToolNames.has(c.name)).map(callClaimOf),
    streamedAgents: [...mainConversation.progressUsage].map(([agentId, p]) => [agentId, p.toolUseId ?? null]),
  });
  for (const entry of unlinked) {
    const subagent: Subagent = {
      agentId: entry.agentId,
      session: entry.session,
      ...optional('agentType', entry.agentType),
    };
    session.subagents.push(subagent);
  }
  return session;
}

/**
 * A subagent file's conversation (or a sidechain's of the old layout) as a subagent waiting to be linked:
 * its usage joined by what was `streamed` of it into other conversations, counted where no conversation
 * before it (`counted`) counted a request; a file's session remembers its resume state.
 */
export function subagentOfInput(
  input: { records: readonly LocatedRecord[]; file?: RecordFile; agentId: string },
  conversation: Conversation,
  streamed: ProgressUsage | undefined,
  sessionId: string,
  counted: Set<string>,
): PendingSubagent {
  const streamedOnly = [...(streamed?.usageByKey.keys() ?? [])].filter(
    (k) => !conversation.usageByKey.has(k),
  );
  if (streamed) mergeUsage(conversation.usageByKey, streamed.usageByKey);
  const entry = subagentFrom(
    conversation,
    input.records,
    input.file ? [input.file] : [],
    input.agentId,
    sessionId,
    counted,
  );
  if (input.file?.meta?.toolUseId !== undefined) entry.metaToolUseId = input.file.meta.toolUseId;
  else if (streamed?.toolUseId !== undefined) entry.metaToolUseId = streamed.toolUseId;
  if (input.file?.meta?.agentType !== undefined) entry.agentType = input.file.meta.agentType;
  if (input.file)
    setSessionResume(entry.session, {
      v: 1,
      kind: 'subagent',
      agentId: input.agentId,
      conversation: conversation.resume,
      fileProblems: input.file.problems.length,
      emptyText: emptyTextOf(conversation.messages),
      usage: [...conversation.usageByKey].map(([key, u]) => [
        key,
        u.usage,
        u.model ?? null,
        u.messageId,
        u.timestamp ?? null,
      ]),
      streamedOnly,
    });
  return entry;
}

/** A subagent file's agent id: from its name (`agent-<id>.jsonl`), else its first record, else its file name. */
export function subagentFileAgentId(file: RecordFile): string {
  return file.agentId ?? str(file.records[0]?.value.agentId) ?? baseName(file.file).replace(/\.jsonl$/, '');
}

/** Streamed subagent usage of all conversations of a session, by subagent id (per-field max per key). */
function collectProgressUsage(conversations: readonly Conversation[]): Map<string, ProgressUsage> {
  const all = new Map<string, ProgressUsage>();
  for (const conversation of conversations)
    for (const [agentId, streamed] of conversation.progressUsage) {
      const entry = all.get(agentId);
      if (!entry)
        all.set(agentId, { toolUseId: streamed.toolUseId, usageByKey: new Map(streamed.usageByKey) });
      else mergeUsage(entry.usageByKey, streamed.usageByKey);
    }
  return all;
}

/** Merges usage entries into `target`, per-field maximum for keys both have. */
function mergeUsage(target: Conversation['usageByKey'], source: Conversation['usageByKey']): void {
  for (const [key, entry] of source) {
    const existing = target.get(key);
    target.set(key, existing ? { ...existing, usage: maxUsage(existing.usage, entry.usage) } : entry);
  }
}

function emptyConversation(usageByKey: Conversation['usageByKey']): Conversation {
  return {
    messages: [],
    toolCalls: [],
    usageByKey,
    progressUsage: new Map(),
    firstPrompt: undefined,
    problems: [],
    duplicateRecords: 0,
    resume: { nodes: [], records: 0, cyclic: false, hookBlocked: [], merged: [], firstPrompt: null },
  };
}

function subagentFrom(
  conversation: Conversation,
  records: readonly LocatedRecord[],
  files: readonly RecordFile[],
  agentId: string,
  parentSessionId: string,
  counted: Set<string>,
): PendingSubagent {
  const session = sessionFrom(
    conversation,
    records,
    files,
    { sessionId: agentId, isSubagent: true },
    counted,
  );
  session.parentSessionId = parentSessionId;
  session.agentId = agentId;
  session.title = conversation.firstPrompt ? shorten(conversation.firstPrompt) : `Subagent ${agentId}`;
  session.titleSource = 'first-prompt';
  return { agentId, session, conversation };
}

function sessionFrom(
  conversation: Conversation,
  records: readonly LocatedRecord[],
  files: readonly RecordFile[],
  identity: { sessionId: string; isSubagent: boolean },
  counted: Set<string>,
): Session {
  const usage = emptyUsage();
  const usageByModel: Session['usageByModel'] = {};
  const usageEntries: Session['usageEntries'] = [];
  const messagesById = new Map(conversation.messages.map((m) => [m.id, m]));
  for (const [key, entry] of conversation.usageByKey) {
    if (counted.has(key)) continue;
    counted.add(key);
    addUsage(usage, entry.usage);
    addUsageTo(usageByModel, entry.model ?? 'unknown', entry.usage);
    const message = messagesById.get(entry.messageId);
    if (message) message.usage = entry.usage;
    usageEntries.push({
      usage: entry.usage,
      messageId: entry.messageId,
      ...optional('requestKey', key.startsWith('uuid:') ? undefined : key),
      ...optional('model', entry.model),
      ...optional('timestamp', message?.timestamp ?? entry.timestamp),
    });
  }

  const versions = new Set<string>();
  const models = new Set<string>();
  const cwds: string[] = [];
  let gitBranch: string | undefined;
  let first: number | undefined;
  let last: number | undefined;
  for (const { value } of records) {
    const version = str(value.version);
    if (version !== undefined) versions.add(version);
    const cwd = str(value.cwd);
    if (cwd !== undefined && cwds[cwds.length - 1] !== cwd && !cwds.includes(cwd)) cwds.push(cwd);
    gitBranch = str(value.gitBranch) || gitBranch;
    const model = str(obj(value.message)?.model);
    if (value.type === 'assistant' && model !== undefined && model !== '<synthetic>') models.add(model);
    const t = timeOf(value.timestamp);
    if (t !== undefined) {
      if (first === undefined || t < first) first = t;
      if (last === undefined || t > last) last = t;
    }
  }
  const cwd = cwds[0];
  const session: Session = {
    id: identity.sessionId,
    agent: 'claude-code',
    files: files.map((f) => f.file),
    cwds,
    versions: [...versions],
    models: [...models],
    messages: conversation.messages,
    turns: buildTurns(conversation.messages, conversation.toolCalls),
    toolCalls: conversation.toolCalls,
    subagents: [],
    usage,
    usageByModel,
    usageEntries,
    counts: mergeCounts(files.map((f) => f.counts)),
    problems: [...files.flatMap((f) => f.problems), ...conversation.problems],
    meta: conversation.duplicateRecords > 0 ? { duplicateRecords: conversation.duplicateRecords } : {},
    isSubagent: identity.isSubagent,
    ...optional('cwd', cwd),
    ...optional('project', cwd === undefined ? undefined : baseName(cwd)),
    ...optional('gitBranch', gitBranch),
  };
  if (first !== undefined && last !== undefined) {
    session.startTime = new Date(first).toISOString();
    session.endTime = new Date(last).toISOString();
    session.durationMs = last - first;
  }
  return session;
}

/** Title, fork origin and entry point from the metadata records (last wins, edge case 5). */
function applyMetadata(
  session: Session,
  records: readonly LocatedRecord[],
  conversation: Conversation,
): void {
  applyOrigin(session, records);
  applyTitle(session, metadataInputs(records), conversation.messages, conversation.firstPrompt);
}

/** Fork origin and entry point from records (last wins). */
export function applyOrigin(session: Session, records: readonly LocatedRecord[]): void {
  for (const { value } of records) {
    const forkedFrom = str(obj(value.forkedFrom)?.sessionId);
    if (forkedFrom !== undefined) session.forkedFromId = forkedFrom;
    const entrypoint = str(value.entrypoint);
    if (entrypoint !== undefined) session.meta.entrypoint = entrypoint;
  }
}

/** The title records of a file: last custom and AI titles, and every summary with the message it ends at. */
export function metadataInputs(
  records: readonly LocatedRecord[],
  previous?: Pick<ClaudeSessionResume, 'customTitle' | 'aiTitle' | 'summaries'>,
): Pick<ClaudeSessionResume, 'customTitle' | 'aiTitle' | 'summaries'> {
  let customTitle = previous?.customTitle ?? null;
  let aiTitle = previous?.aiTitle ?? null;
  const summaries = [...(previous?.summaries ?? [])];
  for (const { value } of records) {
    if (value.type === 'custom-title') customTitle = str(value.customTitle) ?? customTitle;
    else if (value.type === 'ai-title') aiTitle = str(value.aiTitle) ?? aiTitle;
    else if (value.type === 'summary')
      summaries.push([str(value.leafUuid) ?? null, str(value.summary) ?? null]);
  }
  return { customTitle, aiTitle, summaries };
}

/**
 * The title: a custom title, else an AI title, else a summary (the last one that ends at a message of this
 * conversation; the first one when none does), else the first prompt.
 */
export function applyTitle(
  session: Session,
  inputs: Pick<ClaudeSessionResume, 'customTitle' | 'aiTitle' | 'summaries'>,
  messages: readonly Message[],
  firstPrompt: string | undefined,
): void {
  const uuids = new Set(messages.map((m) => m.id));
  let summary: string | undefined;
  for (const [leaf, text] of inputs.summaries)
    if (uuids.has(leaf ?? '') || summary === undefined) summary = text ?? summary;
  const title: [string | undefined, Session['titleSource']][] = [
    [inputs.customTitle ?? undefined, 'custom-title'],
    [inputs.aiTitle ?? undefined, 'ai-title'],
    [summary, 'summary'],
    [firstPrompt === undefined ? undefined : shorten(firstPrompt), 'first-prompt'],
  ];
  const chosen = title.find(([text]) => text !== undefined && text.trim().length > 0);
  if (chosen) {
    session.title = chosen[0] as string;
    session.titleSource = chosen[1] as NonNullable<Session['titleSource']>;
  }
}

/**
 * Sidechain records of the old layout, one group per subagent: by the agent id the first record of their
 * parent chain names, else by the chain's root (a subagent whose chain is broken, or written in several
 * pieces, stays one subagent instead of several that share an id).
 */
function groupSidechains(records: readonly LocatedRecord[]): Map<string, LocatedRecord[]> {
  const parent = new Map<string, string | undefined>();
  const first = new Map<string, LocatedRecord>();
  for (const record of records) {
    const uuid = str(record.value.uuid);
    if (uuid !== undefined && !parent.has(uuid)) {
      parent.set(uuid, str(record.value.parentUuid));
      first.set(uuid, record);
    }
  }
  const rootOf = (uuid: string): string => {
    const seen = new Set<string>();
    let current = uuid;
    for (;;) {
      const next = parent.get(current);
      if (next === undefined || !parent.has(next) || seen.has(next)) return current;
      seen.add(current);
      current = next;
    }
  };
  const keyOf = (uuid: string): string => {
    const root = rootOf(uuid);
    const agentId = str(first.get(root)?.value.agentId);
    return agentId === undefined ? `root:${root}` : `agent:${agentId}`;
  };
  const groups = new Map<string, LocatedRecord[]>();
  for (const record of records) {
    const uuid = str(record.value.uuid);
    const key = uuid === undefined ? '(none)' : keyOf(uuid);
    const list = groups.get(key);
    if (list) list.push(record);
    else groups.set(key, [record]);
  }
  return groups;
}

/**
 * A session's id: the file name when it is a UUID (a resumed session's file starts with records copied
 * from the session it resumed, which carry the old `sessionId`), else the last `sessionId` in the records.
 */
export function claudeSessionIdOf(file: Pick<RecordFile, 'file' | 'records'>): string {
  const stem = baseName(file.file).replace(/\.jsonl$/, '');
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(stem)) return stem.toLowerCase();
  for (let i = file.records.length - 1; i >= 0; i--) {
    const id = str(file.records[i]?.value.sessionId);
    if (id !== undefined) return id;
  }
  return stem;
}

/**
 * A prompt as a one-line title: a slash command becomes `/name args`; harness tags
 * (`<command-message>`, `<system-reminder>`...) are dropped.
 */
export function shorten(text: string, max = 100): string {
  const command = /<command-name>([^<]*)<\/command-name>/.exec(text);
  const args = /<command-args>([^<]*)<\/command-args>/.exec(text);
  const source = command
    ? `${(command[1] ?? '').trim()} ${(args?.[1] ?? '').trim()}`
    : text.replace(/<([a-z-]+)>[\s\S]*?<\/\1>/g, ' ');
  const flat = (source.trim() ? source : text).replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
