// The full-text rows of a built session tree (the `search` table, filled for `search` and `cache update`):
// each message's text, each call's input and result, with the session and place they come from.
import { allSessions } from '../model/all-sessions.js';
import type { Session } from '../model/session.js';
import type { ToolCall } from '../model/tool-call.js';
import type { Row } from './insert-row.js';
import { messageText } from './unit-rows.js';

/** Longest text put in one search row (characters); longer texts are already cut by the skeletons. */
const maxSearchText = 100_000;

/**
 * Gives `sink` the search rows of one top-level session tree (unit apart), in the order they are written: each
 * session of the tree (`allSessions` order) with its messages' texts, then its calls' inputs, each followed
 * by the call's result. A blank text gives no row.
 */
export function emitSearchRows(root: Session, sink: (row: Row) => void): void {
  const add = (text: string, row: Row) => {
    if (text.trim() === '') return;
    sink({ text: text.slice(0, maxSearchText), ...row });
  };
  for (const session of allSessions([root])) {
    for (const message of session.messages) {
      add(messageText(message), {
        source: message.kind === 'prompt' ? 'prompt' : message.role,
        session_id: session.id,
        root_session_id: root.id,
        ref_id: message.id,
        role: message.role,
        kind: message.kind,
        timestamp: message.timestamp ?? null,
        file: message.location.file,
        line: message.location.line,
      });
    }
    for (const call of session.toolCalls) {
      add(inputText(call), {
        source: 'tool_input',
        session_id: session.id,
        root_session_id: root.id,
        ref_id: call.id,
        role: 'tool',
        kind: call.name,
        timestamp: call.startTime ?? null,
        file: call.location.file,
        line: call.location.line,
      });
      if (call.result)
        add(call.result.text, {
          source: 'tool_result',
          session_id: session.id,
          root_session_id: root.id,
          ref_id: call.id,
          role: 'tool',
          kind: call.name,
          timestamp: call.result.timestamp ?? call.endTime ?? null,
          file: call.result.location.file,
          line: call.result.location.line,
        });
    }
  }
}

/** A call's input as searchable text: its string and number values, one per line. */
function inputText(call: ToolCall): string {
  if (call.rawInput !== undefined) return call.rawInput;
  const values: string[] = [];
  const visit = (value: unknown, depth: number) => {
    if (typeof value === 'string') values.push(value);
    else if (typeof value === 'number' || typeof value === 'boolean') values.push(String(value));
    else if (depth < 8 && Array.isArray(value)) for (const item of value) visit(item, depth + 1);
    else if (depth < 8 && value !== null && typeof value === 'object')
      for (const item of Object.values(value)) visit(item, depth + 1);
  };
  visit(call.input, 0);
  return values.join('\n');
}
