import { MAX_SUBAGENT_DEPTH } from '../../model/max-subagent-depth.js';
import { keyDigest } from '../../model/packed-keys.js';
import type { Session, Subagent } from '../../model/session.js';
import type { ToolCall } from '../../model/tool-call.js';
import { obj, optional, str } from '../../schemas/common/value-access.js';
import type { Conversation } from './build-conversation.js';
import { textOf } from './message-parts.js';

/** A subagent conversation waiting to be linked to its Task/Agent call. */
export interface PendingSubagent {
  agentId: string;
  session: Session;
  conversation: Conversation;
  metaToolUseId?: string;
  agentType?: string;
}

/** The tools whose calls start subagents. */
export const agentToolNames: ReadonlySet<string> = new Set(['Task', 'Agent']);

/**
 * What a Task/Agent call claims a subagent by (see {@link linkSubagents}), and what the link takes from its
 * input. JSON-safe.
 */
export type CallClaim = [
  callId: string,
  /** `toolUseResult.agentId`. */
  structuredId: string | null,
  /** An `agentId: <id>` line in the result text. */
  textId: string | null,
  /** The call's `prompt`, trimmed, as its {@link promptKey}. */
  prompt: string | null,
  subagentType: string | null,
  description: string | null,
];

/**
 * What a subagent is claimed by: its id, its `.meta.json` call id and its first prompt, trimmed, as its
 * {@link promptKey}. JSON-safe.
 */
export type SubagentClaim = [agentId: string, metaToolUseId: string | null, prompt: string | null];

/** How a subagent was linked to its call. */
export type LinkedBy = NonNullable<Subagent['linkedBy']>;

/** The claim of a Task/Agent call, from its input and result. */
export function callClaimOf(call: ToolCall): CallClaim {
  const textId = call.result ? /agentId: ([\w-]+)/.exec(call.result.text)?.[1] : undefined;
  const input = obj(call.input);
  return [
    call.id,
    str(obj(call.result?.structured)?.agentId) ?? null,
    textId ?? null,
    promptKey(str(input?.prompt)?.trim() || undefined),
    str(input?.subagent_type) ?? null,
    str(input?.description) ?? null,
  ];
}

/** The claim of a subagent waiting to be linked. */
export function subagentClaimOf(entry: PendingSubagent): SubagentClaim {
  const first = entry.session.messages.find((m) => m.role === 'user');
  return [entry.agentId, entry.metaToolUseId ?? null, first ? promptKey(textOf(first.parts).trim()) : null];
}

/**
 * A prompt as the claims hold it: two prompts are the same claim when their keys are (a 53-bit digest and the
 * length; prompts are long, and resume states keep every Task call's claim). Empty stays empty.
 */
export function promptKey(prompt: string): string;
export function promptKey(prompt: string | undefined): string | null;
export function promptKey(prompt: string | undefined): string | null {
  if (prompt === undefined) return null;
  return prompt === '' ? '' : `${keyDigest(prompt).toString(36)}.${prompt.length.toString(36)}`;
}

/**
 * The subagent `call` claims among `pool` (in its order), by, in this order: the `.meta.json` `toolUseId`;
 * `toolUseResult.agentId`; an `agentId: <id>` line in the result text; the subagent's first prompt being the
 * call's `prompt` (sidechains of the old layout, and subagent transcripts without `toolUseResult`).
 */
export function claimOf(
  call: CallClaim,
  pool: ReadonlyMap<string, SubagentClaim>,
): { agentId: string; by: LinkedBy } | undefined {
  const [callId, structuredId, textId, prompt] = call;
  for (const [agentId, metaToolUseId] of pool.values())
    if (metaToolUseId === callId) return { agentId, by: 'meta-json' };
  if (structuredId !== null && pool.has(structuredId))
    return { agentId: structuredId, by: 'tool-use-result' };
  if (textId !== null && pool.has(textId)) return { agentId: textId, by: 'result-text' };
  if (prompt)
    for (const [agentId, , first] of pool.values())
      if (first === prompt) return { agentId, by: 'sidechain-prompt' };
  return undefined;
}

/**
 * The links the main session's calls make (`calls`, in call order) among the subagents waiting (`pending`,
 * in input order): what {@link linkSubagents} links at its first level, by agent id.
 */
export function topLevelLinks(
  calls: readonly CallClaim[],
  pending: readonly SubagentClaim[],
): Map<string, { callId: string; by: LinkedBy }> {
  const pool = new Map(pending.map((claim) => [claim[0], claim]));
  const links = new Map<string, { callId: string; by: LinkedBy }>();
  for (const call of calls) {
    const match = claimOf(call, pool);
    if (!match) continue;
    pool.delete(match.agentId);
    links.set(match.agentId, { callId: call[0], by: match.by });
  }
  return links;
}

/**
 * Links subagent conversations to the Task/Agent calls that started them, breadth first from the main
 * session, so nested subagents end up under their parent subagent's call (each call claims as
 * {@link claimOf} says). Returns the subagents no call claimed.
 */
export function linkSubagents(root: Session, pending: readonly PendingSubagent[]): PendingSubagent[] {
  const pool = new Map(pending.map((p) => [p.agentId, p]));
  const claims = new Map(pending.map((p) => [p.agentId, subagentClaimOf(p)]));
  // Breadth first with each session's nesting level; sessions at MAX_SUBAGENT_DEPTH claim nothing more (what
  // they would have claimed stays unlinked, under the main session).
  const queue: { session: Session; level: number }[] = [{ session: root, level: 0 }];
  for (let head = 0; head < queue.length; head++) {
    const { session, level } = queue[head] as (typeof queue)[number];
    if (level >= MAX_SUBAGENT_DEPTH) continue;
    for (const call of session.toolCalls) {
      if (!agentToolNames.has(call.name)) continue;
      const match = claimOf(callClaimOf(call), claims);
      if (!match) continue;
      const entry = pool.get(match.agentId) as PendingSubagent;
      pool.delete(match.agentId);
      claims.delete(match.agentId);
      call.subagentId = entry.agentId;
      entry.session.parentToolCallId = call.id;
      session.subagents.push(linkedSubagent(callClaimOf(call), entry, match.by));
      queue.push({ session: entry.session, level: level + 1 });
    }
  }
  return [...pool.values()];
}

/** The subagent entry of a subagent `call` claimed. */
export function linkedSubagent(
  call: CallClaim,
  entry: { agentId: string; session: Session; agentType?: string | undefined },
  by: LinkedBy,
): Subagent {
  return {
    agentId: entry.agentId,
    toolCallId: call[0],
    linkedBy: by,
    session: entry.session,
    ...optional('agentType', entry.agentType ?? call[4] ?? undefined),
    ...optional('description', call[5] ?? undefined),
  };
}
