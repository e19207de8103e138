import { MAX_SUBAGENT_DEPTH } from '../../model/max-subagent-depth.js';
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

const agentToolNames = new Set(['Task', 'Agent']);

/**
 * Links subagent conversations to the Task/Agent calls that started them, breadth first from the main
 * session, so nested subagents end up under their parent subagent's call. A call claims a subagent by,
 * in this order: the `.meta.json` `toolUseId`; `toolUseResult.agentId`; an `agentId: <id>` line in the
 * result text; the subagent's first prompt being the call's `prompt` (sidechains of the old layout, and
 * subagent transcripts without `toolUseResult`). Returns the subagents no call claimed.
 */
export function linkSubagents(root: Session, pending: readonly PendingSubagent[]): PendingSubagent[] {
  const pool = new Map(pending.map((p) => [p.agentId, p]));
  // Breadth first with each session's nesting level; sessions at MAX_SUBAGENT_DEPTH claim nothing more (what
  // they would have claimed stays unlinked, under the main session).
  const queue: { session: Session; level: number }[] = [{ session: root, level: 0 }];
  for (let head = 0; head < queue.length; head++) {
    const { session, level } = queue[head] as (typeof queue)[number];
    if (level >= MAX_SUBAGENT_DEPTH) continue;
    for (const call of session.toolCalls) {
      if (!agentToolNames.has(call.name)) continue;
      const match = claim(call, pool);
      if (!match) continue;
      pool.delete(match.entry.agentId);
      call.subagentId = match.entry.agentId;
      match.entry.session.parentToolCallId = call.id;
      const input = obj(call.input);
      const subagent: Subagent = {
        agentId: match.entry.agentId,
        toolCallId: call.id,
        linkedBy: match.by,
        session: match.entry.session,
        ...optional('agentType', match.entry.agentType ?? str(input?.subagent_type)),
        ...optional('description', str(input?.description)),
      };
      session.subagents.push(subagent);
      queue.push({ session: match.entry.session, level: level + 1 });
    }
  }
  return [...pool.values()];
}

function claim(
  call: ToolCall,
  pool: Map<string, PendingSubagent>,
): { entry: PendingSubagent; by: NonNullable<Subagent['linkedBy']> } | undefined {
  for (const entry of pool.values()) if (entry.metaToolUseId === call.id) return { entry, by: 'meta-json' };
  const structuredId = str(obj(call.result?.structured)?.agentId);
  if (structuredId !== undefined) {
    const entry = pool.get(structuredId);
    if (entry) return { entry, by: 'tool-use-result' };
  }
  const textId = call.result ? /agentId: ([\w-]+)/.exec(call.result.text)?.[1] : undefined;
  if (textId !== undefined) {
    const entry = pool.get(textId);
    if (entry) return { entry, by: 'result-text' };
  }
  const prompt = str(obj(call.input)?.prompt)?.trim();
  if (prompt) {
    for (const entry of pool.values()) {
      const first = entry.session.messages.find((m) => m.role === 'user');
      if (first && textOf(first.parts).trim() === prompt) return { entry, by: 'sidechain-prompt' };
    }
  }
  return undefined;
}
