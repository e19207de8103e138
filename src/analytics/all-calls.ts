import type { Session } from '../model/session.js';
import type { ToolCall } from '../model/tool-call.js';

/** A call with the session it belongs to (subagent calls carry their own subagent session). */
export interface SessionCall {
  call: ToolCall;
  session: Session;
  /** The top-level session of the tree. */
  root: Session;
}

/** Every call of every session tree, subagents included, each once. */
export function* sessionCalls(sessions: readonly Session[]): Generator<SessionCall> {
  for (const root of sessions) {
    const stack: Session[] = [root];
    for (let session = stack.pop(); session; session = stack.pop()) {
      for (const call of session.toolCalls) yield { call, session, root };
      for (const sub of session.subagents) stack.push(sub.session);
    }
  }
}
