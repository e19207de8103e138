import type { Message } from './message.js';
import type { Turn } from './session.js';
import type { ToolCall } from './tool-call.js';

/**
 * Splits messages into turns (a prompt and what followed) and settles calls left without a result: a call
 * whose turn later shows an interruption marker becomes `interrupted`; others stay `missing`.
 */
export function buildTurns(messages: readonly Message[], calls: readonly ToolCall[]): Turn[] {
  const callsById = new Map(calls.map((c) => [c.id, c]));
  const turns: Turn[] = [];
  let current: Turn | undefined;
  let openCalls: ToolCall[] = [];
  for (const message of messages) {
    if (message.kind === 'prompt' && !message.offBranch) {
      openCalls = [];
      current = { index: turns.length, promptId: message.id, messageIds: [], toolCallIds: [] };
      turns.push(current);
    } else if (!current) {
      current = { index: turns.length, messageIds: [], toolCallIds: [] };
      turns.push(current);
    }
    current.messageIds.push(message.id);
    if (message.timestamp !== undefined) {
      current.startTime ??= message.timestamp;
      current.endTime = message.timestamp;
    }
    for (const part of message.parts) {
      if (part.type !== 'tool_call') continue;
      current.toolCallIds.push(part.callId);
      const call = callsById.get(part.callId);
      if (call && call.status === 'missing') openCalls.push(call);
    }
    if (message.kind === 'interrupt') {
      for (const call of openCalls) {
        if (call.status !== 'missing') continue;
        call.status = 'interrupted';
        call.statusReason = 'no result; the turn was interrupted';
      }
      openCalls = [];
    }
  }
  return turns;
}
