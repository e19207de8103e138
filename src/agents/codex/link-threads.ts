import { MAX_SUBAGENT_DEPTH } from '../../model/max-subagent-depth.js';
import type { Session } from '../../model/session.js';
import type { LocatedProblem } from '../../model/source-location.js';
import type { ToolCall } from '../../model/tool-call.js';

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
    const call = parent.toolCalls.find((c) => namesThread(c, child.id));
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

/**
 * Whether a call of the parent thread names a sub-agent thread (its result or its input holds the thread id:
 * `spawn_agent`'s output `{"agent_id": ...}`, `wait`'s ids): the first such call is the one that started it.
 */
export function namesThread(call: ToolCall, threadId: string): boolean {
  return call.result?.text.includes(threadId) === true || JSON.stringify(call.input ?? '').includes(threadId);
}

/** The types of the problems linking gives a thread (after its rollout's own problems). */
export const threadProblemTypes: ReadonlySet<string> = new Set(['parent-cycle', 'subagent-too-deep']);

/** A problem about a whole Codex thread, located at the start of its rollout. */
function threadProblem(session: Session, type: string, message: string): LocatedProblem {
  return { location: { file: session.files[0] ?? session.id, line: 1 }, type, message };
}
