// Appends to a stored Claude Code unit (a session file with its subagent files) what a running session
// writes: new lines of the session file and of its subagent files, subagent files new to the unit, the
// subagent responses the session file streams in `agent_progress` records, and the links the Task calls
// make once their subagent exists or their result names it. The tree then equals a build of the whole
// files; where it could not, `NotAppendable` says why and the caller builds the unit again.
import { mergeCounts } from '../../model/merge-counts.js';
import type { Session, Subagent } from '../../model/session.js';
import type { ToolCall } from '../../model/tool-call.js';
import { optional } from '../../schemas/common/value-access.js';
import type { RecordFile } from '../record-file.js';
import {
  type AppendedPart,
  appendClaudeSession,
  appendClaudeSubagent,
  type SessionAppend,
  subagentSessions,
  usageKeyOf,
} from './append-claude-session.js';
import { NotAppendable } from './append-conversation.js';
import { buildConversation, type ProgressUsage } from './build-conversation.js';
import { type EarlierMessages, NeedsEarlierMessages } from './earlier-messages.js';
import {
  agentToolNames,
  type CallClaim,
  linkedSubagent,
  type PendingSubagent,
  type SubagentClaim,
  subagentClaimOf,
  topLevelLinks,
} from './link-subagents.js';
import type { ClaudeSessionResume, SessionResume } from './session-resume.js';
import { subagentFileAgentId, subagentOfInput } from './subagent-of-input.js';

/** What a unit got since it was stored. */
export interface ClaudeUnitChanges {
  /** Files of the unit that grew: their stored state and new lines. */
  reads: readonly { path: string; resume: SessionResume; part: AppendedPart }[];
  /** The stored state of a file of the unit that did not change. */
  stored(path: string): SessionResume | undefined;
  /** Subagent files new to the unit, read whole (with their agent id and `.meta.json` link fields). */
  added: readonly RecordFile[];
  /** The unit's files in input order (the order a build takes them in). */
  order: readonly string[];
  /**
   * Set when the session is decoded from its last prompt on and the subagents the append does not reach
   * without their messages: the session file's new lines can be appended, and those of the subagents decoded
   * whole, and the usage streamed to them (else `NeedsEarlierMessages`).
   */
  earlier?: EarlierMessages;
}

/** What an append changed in the tree, for the index to write only that. */
export interface ClaudeUnitAppend {
  /** Each session that changed, with the file its change's resume state belongs to. */
  changes: { path: string; change: SessionAppend }[];
  /** Sessions built from the new subagent files (their files' resume states are theirs: `sessionResumeOf`). */
  added: Session[];
  /** Calls of the main session that now claim a subagent. */
  linked: ToolCall[];
  /** Whether the main session's subagents changed (their order, links or number). */
  relinked: boolean;
  /** The session file's state when only its links changed (its lines did not). */
  mainResume?: ClaudeSessionResume;
}

const noLines: AppendedPart = { records: [], problems: [], counts: mergeCounts([]) };

/** Appends `changes` to the stored session tree `root` (mutated). */
export function appendClaudeUnit(root: Session, changes: ClaudeUnitChanges): ClaudeUnitAppend {
  const mainPath = root.files[0];
  if (mainPath === undefined) throw new NotAppendable('the session has no file');
  const result: ClaudeUnitAppend = { changes: [], added: [], linked: [], relinked: false };
  const readOf = new Map(changes.reads.map((read) => [read.path, read]));

  // The session file first: its conversation counts first, and it streams its subagents' responses.
  let main: ClaudeSessionResume;
  let streamed = new Map<string, ProgressUsage>();
  const mainRead = readOf.get(mainPath);
  const { earlier } = changes;
  if (earlier && [...readOf.keys()].some((path) => path !== mainPath && !earlier.wholeFile(path)))
    throw new NeedsEarlierMessages('a subagent file grew');
  if (mainRead) {
    if (mainRead.resume.kind !== 'session') throw new NotAppendable('the session file has a subagent state');
    const change = appendClaudeSession(root, mainRead.resume, mainRead.part, mainPath, changes.earlier);
    result.changes.push({ path: mainPath, change });
    main = change.resume;
    streamed = change.streamed;
  } else {
    const stored = changes.stored(mainPath);
    if (stored?.kind !== 'session') throw new NotAppendable('the session file has no state');
    main = { ...stored };
  }
  const claims = main.claims.map(([agentId, meta, prompt]): SubagentClaim => [agentId, meta, prompt]);
  const claimOfAgent = new Map(claims.map((claim) => [claim[0], claim]));

  // Streamed responses join their subagent's session: one stored with its file, or one of a new file. The
  // first copy ever streamed of a subagent names the call that claims it when it has no .meta.json.
  const addedIds = new Set(changes.added.map(subagentFileAgentId));
  const streamedTo = new Map<string, ProgressUsage>();
  if (streamed.size > 0 && main.streamedAgents === undefined)
    throw new NotAppendable('the stored state does not say which subagents streamed');
  const streamedAgents = new Map(main.streamedAgents ?? []);
  for (const [agentId, usage] of streamed) {
    const first = !streamedAgents.has(agentId);
    if (first) streamedAgents.set(agentId, usage.toolUseId ?? null);
    if (addedIds.has(agentId)) continue;
    // (A subagent's subagents stream into their parent's file too, after the main file's copies.)
    const target = root.subagents.find((sub) => sub.session.agentId === agentId)?.session;
    const path = target?.files[0];
    if (path === undefined) throw new NotAppendable('usage is streamed for a subagent without its file');
    streamedTo.set(path, usage);
    const claim = claimOfAgent.get(agentId);
    if (first && claim && claim[1] === null && usage.toolUseId !== undefined) claim[1] = usage.toolUseId;
  }
  if (main.streamedAgents !== undefined) main.streamedAgents = [...streamedAgents];
  if (earlier && [...streamedTo.keys()].some((path) => !earlier.wholeFile(path)))
    throw new NeedsEarlierMessages('subagent usage is streamed');
  for (const path of [...readOf.keys(), ...streamedTo.keys()])
    if (!changes.order.includes(path)) throw new NotAppendable('a changed file is not in the unit');
  for (const path of changes.order) {
    if (path === mainPath || (!readOf.has(path) && !streamedTo.has(path))) continue;
    const read = readOf.get(path);
    const resume = read?.resume ?? changes.stored(path);
    if (resume?.kind !== 'subagent') throw new NotAppendable('the subagent file has no state');
    const change = appendClaudeSubagent(root, resume, read?.part ?? noLines, path, streamedTo.get(path));
    result.changes.push({ path, change });
  }

  const entries = new Map<string, PendingSubagent>();
  for (const file of changes.added) {
    const entry = addSubagentFile(root, file, claims, changes.order, streamed, entries);
    entries.set(entry.agentId, entry);
    result.added.push(entry.session);
  }
  // How each stored subagent is linked: a session decoded from its last prompt on can move those it did not
  // decode (their stored forms move with their rows), not link them again.
  const linkedBefore = root.subagents.map((sub) => [sub, sub.toolCallId, sub.linkedBy] as const);
  try {
    relink(root, main.agentCalls, claims, entries, result, earlier);
  } catch (error) {
    // Linking reads calls a session decoded from its last prompt on may not hold.
    if (earlier && error instanceof NotAppendable) throw new NeedsEarlierMessages(error.message);
    throw error;
  }
  if (
    earlier &&
    result.relinked &&
    linkedBefore.some(([sub, call, by]) => {
      const now = root.subagents.find((entry) => entry.agentId === sub.agentId);
      return now !== sub || sub.toolCallId !== call || sub.linkedBy !== by;
    })
  )
    throw new NeedsEarlierMessages('stored subagents are linked again');
  main.claims = claims;
  if (!mainRead && result.relinked) result.mainResume = main;
  return result;
}

/**
 * Builds a subagent file new to the unit as a build would among the others: its place among the subagents
 * waiting to be linked (`claims`, updated) is its place in the input order, and it counts the requests no
 * conversation before it counted. A request a conversation after it counted would move: left to a build.
 */
function addSubagentFile(
  root: Session,
  file: RecordFile,
  claims: SubagentClaim[],
  order: readonly string[],
  streamed: ReadonlyMap<string, ProgressUsage>,
  entries: ReadonlyMap<string, PendingSubagent>,
): PendingSubagent {
  // The subagents waiting: those stored in the tree, and the new files taken before this one.
  const sessionOf = (id: string) => entries.get(id)?.session ?? subagentOf(root, id);
  const agentId = subagentFileAgentId(file);
  if (sessionOf(agentId)) throw new NotAppendable('a subagent of the same id is stored');
  const conversation = buildConversation(file.records, { sessionId: root.id, agentId });
  if (conversation.progressUsage.size > 0)
    throw new NotAppendable('a new subagent file streams the usage of its own subagents');
  // Waiting order: sidechains of the old layout, subagent files in input order, usage-only subagents.
  const rank = (path: string) => order.indexOf(path);
  const own = rank(file.file);
  if (own === -1) throw new NotAppendable('a new subagent file is not in the unit');
  let at = claims.length;
  for (const [i, [id]] of claims.entries()) {
    const session = sessionOf(id);
    const path = session?.files[0];
    const usageOnly = session !== undefined && path === undefined && session.meta.usageFrom !== undefined;
    if (usageOnly || (path !== undefined && rank(path) > own)) {
      at = i;
      break;
    }
  }
  const keysOf = (session: Session | undefined) => (session?.usageEntries ?? []).map(usageKeyOf);
  const counted = new Set(keysOf(root));
  for (const [id] of claims.slice(0, at)) for (const key of keysOf(sessionOf(id))) counted.add(key);
  const entry = subagentOfInput(
    { records: file.records, file, agentId },
    conversation,
    streamed.get(agentId),
    root.id,
    counted,
  );
  const later = new Set(claims.slice(at).flatMap(([id]) => keysOf(sessionOf(id))));
  if (keysOf(entry.session).some((key) => later.has(key)))
    throw new NotAppendable('a new subagent file counts a request a later one counted');
  claims.splice(at, 0, subagentClaimOf(entry));
  return entry;
}

/**
 * Links the main session's subagents again, as a build links them from the calls' and subagents' claims;
 * a subagent a call claimed keeps its call, or the append is left to a build. Subagents whose own calls
 * could claim others are left to a build too when anything would change.
 */
function relink(
  root: Session,
  agentCalls: readonly CallClaim[] | undefined,
  claims: readonly SubagentClaim[],
  entries: ReadonlyMap<string, PendingSubagent>,
  result: ClaudeUnitAppend,
  earlier: EarlierMessages | undefined,
): void {
  if (agentCalls === undefined) {
    if (entries.size > 0) throw new NotAppendable('the stored state does not say what Task calls claim');
    return;
  }
  const links = topLevelLinks(agentCalls, claims);
  let changed = entries.size > 0;
  for (const sub of root.subagents) {
    const link = links.get(sub.agentId);
    if (sub.toolCallId === undefined) changed ||= link !== undefined;
    else if (link?.callId !== sub.toolCallId)
      throw new NotAppendable('a subagent would be linked to another call');
    else if (link.by !== sub.linkedBy) {
      // Its call's result names it now: the same link, made by a surer claim.
      sub.linkedBy = link.by;
      result.relinked = true;
    }
  }
  // A call of the main session claims before any subagent's call does.
  const stored = new Map(root.subagents.map((sub) => [sub.agentId, sub]));
  for (const agentId of links.keys())
    if (!stored.has(agentId) && !entries.has(agentId))
      throw new NotAppendable("a call would claim a subagent's subagent");
  if (!changed) return;
  if (new Set(claims.map(([agentId]) => agentId)).size !== claims.length)
    throw new NotAppendable('two subagents share an id');
  if (earlier?.subagentsCall(agentToolNames))
    throw new NeedsEarlierMessages('a stored subagent has Task calls');
  for (const session of [...subagentSessions(root), ...[...entries.values()].map((e) => e.session)])
    if (session.toolCalls.some((c) => agentToolNames.has(c.name)))
      throw new NotAppendable('a subagent has Task calls of its own');

  const byCall = new Map([...links].map(([agentId, link]) => [link.callId, { agentId, by: link.by }]));
  const calls = new Map(root.toolCalls.map((call) => [call.id, call]));
  const subagents: Subagent[] = [];
  for (const claim of agentCalls) {
    const link = byCall.get(claim[0]);
    if (!link) continue;
    const before = stored.get(link.agentId);
    if (before?.toolCallId !== undefined) {
      subagents.push(before);
      continue;
    }
    const entry = entries.get(link.agentId);
    const session = before?.session ?? entry?.session;
    const call = calls.get(claim[0]);
    if (!session || !call) throw new NotAppendable('a linked subagent or call is not stored');
    const agentType = before ? before.agentType : entry?.agentType;
    subagents.push(linkedSubagent(claim, { agentId: link.agentId, session, agentType }, link.by));
    session.parentToolCallId = call.id;
    call.subagentId = link.agentId;
    result.linked.push(call);
  }
  for (const [agentId] of claims) {
    if (links.has(agentId)) continue;
    const before = stored.get(agentId);
    const entry = entries.get(agentId);
    if (before) subagents.push(before);
    else if (entry)
      subagents.push({ agentId, session: entry.session, ...optional('agentType', entry.agentType) });
    else throw new NotAppendable('a waiting subagent is not stored');
  }
  if (subagents.length !== root.subagents.length + entries.size)
    throw new NotAppendable('the subagents do not add up');
  root.subagents = subagents;
  result.relinked = true;
}

/** The subagent session of the tree with this agent id. */
function subagentOf(root: Session, agentId: string): Session | undefined {
  return subagentSessions(root).find((session) => session.agentId === agentId);
}
