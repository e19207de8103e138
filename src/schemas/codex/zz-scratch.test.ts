import { it } from 'vitest';
import { decodeCodexLine } from './decode-line.js';

it('scratch', () => {
  const cases = [
    { timestamp: 't', type: 'response_item', payload: { type: 'function_call', name: 'x', arguments: 1 } },
    { timestamp: 't', type: 'response_item', payload: { type: 'message', role: 'user', content: [{ type: 'input_text' }] } },
    { timestamp: 't', type: 'response_item', payload: { type: 'function_call_output', call_id: 'c', output: [{ type: 'input_text', text: 3 }] } },
    { timestamp: 't', type: 'response_item', payload: { type: 'function_call_output', call_id: 'c' } },
    { timestamp: 't', type: 'event_msg', payload: { type: 'token_count', info: { total_token_usage: {} } } },
    { timestamp: 't', type: 'session_meta', payload: { id: 'x', source: { subagent: { thread_spawn: { depth: 'a' } } } } },
    { timestamp: 't', type: 'compacted', payload: { message: 'm', replacement_history: [{ type: 'message', role: 'user', content: 'x' }] } },
    { timestamp: 't', type: 'event_msg', payload: { type: 'exec_command_begin', foo: 1 } },
    { timestamp: 't', type: 'event_msg', payload: { type: 'brand_new', foo: 1 } },
    { type: 'message', role: 'user', content: [] },
    { record_type: 'state' },
  ];
  cases.forEach((c, i) => {
    const d = decodeCodexLine(c, 'full', { lineIndex: i + 1 });
    console.log(JSON.stringify({ kind: d.kind, type: d.type, sub: d.subtype, known: d.known, issues: d.issues }));
  });
});
