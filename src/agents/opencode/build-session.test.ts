import { describe, expect, it } from 'vitest';
import type { AdapterFile } from '../agent-adapter.js';
import { buildOpencodeSession } from './build-session.js';

type Json = Record<string, unknown>;

/** Records as `read.ts` gives them for a storage tree, numbered in order. */
function treeFile(docs: [storage: string, document: Json | Json[]][]): AdapterFile {
  const records = docs.map(([storage, document], i) => ({
    value: { storage, file: `${storage}/x/${i}.json`, document },
    location: { file: 'storage/session/p/ses_1.json', line: i + 1 },
  }));
  return {
    file: 'storage/session/p/ses_1.json',
    records,
    counts: {
      lines: records.length,
      blankLines: 0,
      records: records.length,
      errors: 0,
      recordsByType: {},
      unknownRecordTypes: {},
    },
    problems: [],
  };
}

const tokens = (input: number, output: number, read = 0) => ({
  input,
  output,
  reasoning: 0,
  cache: { read, write: 0 },
});

describe('buildOpencodeSession (storage tree)', () => {
  it('counts each step-finish of a message once, and not the message tokens again', () => {
    const session = buildOpencodeSession(
      treeFile([
        [
          'session',
          { id: 'ses_1', directory: '/w/p', title: 'Two steps', time: { created: 1000, updated: 9000 } },
        ],
        ['message', { id: 'msg_u', sessionID: 'ses_1', role: 'user', time: { created: 1000 } }],
        ['part', { id: 'prt_1', messageID: 'msg_u', type: 'text', text: 'go' }],
        [
          'message',
          {
            id: 'msg_a',
            sessionID: 'ses_1',
            role: 'assistant',
            modelID: 'm',
            time: { created: 2000 },
            tokens: tokens(5, 6),
          },
        ],
        ['part', { id: 'prt_2', messageID: 'msg_a', type: 'step-start' }],
        ['part', { id: 'prt_3', messageID: 'msg_a', type: 'step-finish', tokens: tokens(10, 1, 100) }],
        ['part', { id: 'prt_4', messageID: 'msg_a', type: 'step-start' }],
        ['part', { id: 'prt_5', messageID: 'msg_a', type: 'step-finish', tokens: tokens(5, 6) }],
      ]),
    );
    expect(session.usageEntries.map((e) => e.requestKey)).toEqual([
      'opencode:ses_1:prt_3',
      'opencode:ses_1:prt_5',
    ]);
    expect(session.usage).toMatchObject({ inputTokens: 15, outputTokens: 7, cacheReadTokens: 100 });
    expect(session.title).toBe('Two steps');
    expect(session.cwd).toBe('/w/p');
  });

  it('gives calls their status from the part state, and interrupts those an aborted message left running', () => {
    const tool = (id: string, state: Json) => ({
      id: `prt_${id}`,
      messageID: 'msg_a',
      type: 'tool',
      callID: id,
      tool: 'bash',
      state,
    });
    const session = buildOpencodeSession(
      treeFile([
        ['session', { id: 'ses_1' }],
        [
          'message',
          {
            id: 'msg_a',
            sessionID: 'ses_1',
            role: 'assistant',
            error: { name: 'MessageAbortedError', data: { message: 'The operation was aborted.' } },
          },
        ],
        [
          'part',
          tool('c1', {
            status: 'completed',
            input: { command: 'ls' },
            output: 'a\n',
            metadata: { exit: 0 },
            time: { start: 1, end: 5 },
          }),
        ],
        [
          'part',
          tool('c2', { status: 'error', input: { command: 'x' }, error: 'Tool execution failed\nmore' }),
        ],
        ['part', tool('c3', { status: 'running', input: { command: 'sleep 9' } })],
      ]),
    );
    expect(session.toolCalls.map((c) => [c.id, c.status, c.statusReason])).toEqual([
      ['c1', 'ok', undefined],
      ['c2', 'error', 'Tool execution failed'],
      ['c3', 'interrupted', 'the response was aborted'],
    ]);
    expect(session.toolCalls[0]?.result).toMatchObject({ text: 'a\n', exitCode: 0 });
    expect(session.toolCalls[0]?.durationMs).toBe(4);
    expect(session.toolCalls[0]?.kind).toBe('builtin');
    // The assistant message, then the results it carried.
    expect(session.messages.map((m) => m.kind)).toEqual(['response', 'tool_results']);
  });

  it('shows a failed response as an API error and leaves its unfinished call missing', () => {
    const session = buildOpencodeSession(
      treeFile([
        ['session', { id: 'ses_1' }],
        [
          'message',
          {
            id: 'msg_a',
            sessionID: 'ses_1',
            role: 'assistant',
            error: { name: 'APIError', data: { message: 'Overloaded' } },
          },
        ],
        [
          'part',
          {
            id: 'prt_1',
            messageID: 'msg_a',
            type: 'tool',
            callID: 'c1',
            tool: 'grep',
            state: { status: 'pending', input: { pattern: 'x' } },
          },
        ],
      ]),
    );
    expect(session.messages[0]).toMatchObject({
      kind: 'api_error',
      parts: [{ type: 'tool_call' }, { type: 'text', text: 'Overloaded' }],
    });
    expect(session.toolCalls.map((c) => c.status)).toEqual(['missing']);
  });

  it('nests a subagent session under the task call whose metadata names it', () => {
    const session = buildOpencodeSession(
      treeFile([
        ['session', { id: 'ses_1' }],
        ['message', { id: 'msg_a', sessionID: 'ses_1', role: 'assistant' }],
        [
          'part',
          {
            id: 'prt_t',
            messageID: 'msg_a',
            type: 'tool',
            callID: 'task_1',
            tool: 'task',
            state: {
              status: 'completed',
              input: { prompt: 'look', description: 'Look', subagent_type: 'general' },
              output: 'done',
              metadata: { sessionId: 'ses_2' },
            },
          },
        ],
        ['session', { id: 'ses_2', parentID: 'ses_1', title: 'Look (@general subagent)' }],
        ['message', { id: 'msg_c', sessionID: 'ses_2', role: 'assistant', tokens: tokens(3, 4) }],
      ]),
    );
    expect(session.subagents).toHaveLength(1);
    const sub = session.subagents[0];
    expect(sub).toMatchObject({
      agentId: 'ses_2',
      toolCallId: 'task_1',
      agentType: 'general',
      description: 'Look',
    });
    expect(sub?.session).toMatchObject({
      isSubagent: true,
      parentSessionId: 'ses_1',
      parentToolCallId: 'task_1',
    });
    expect(session.toolCalls[0]?.subagentId).toBe('ses_2');
    // Each session counts its own requests.
    expect(session.usageEntries).toEqual([]);
    expect(sub?.session.usage.inputTokens).toBe(3);
  });

  it('reads v1 rows (the tree documents in a data column) the same way', () => {
    const rows: Json[] = [
      { table: 'session', row: { id: 'ses_1', title: 'v1', directory: '/w' } },
      {
        table: 'message',
        row: { id: 'msg_a', session_id: 'ses_1', data: { role: 'assistant', modelID: 'm' } },
      },
      {
        table: 'part',
        row: {
          id: 'prt_1',
          message_id: 'msg_a',
          session_id: 'ses_1',
          data: {
            type: 'tool',
            callID: 'c1',
            tool: 'read',
            state: { status: 'completed', input: { filePath: '/w/a' }, output: 'x' },
          },
        },
      },
      {
        table: 'part',
        row: {
          id: 'prt_2',
          message_id: 'msg_a',
          session_id: 'ses_1',
          data: { type: 'step-finish', tokens: tokens(7, 8) },
        },
      },
    ];
    const file: AdapterFile = {
      file: 'opencode.db#ses_1',
      records: rows.map((value, i) => ({ value, location: { file: 'opencode.db#ses_1', line: i + 1 } })),
      counts: { lines: 4, blankLines: 0, records: 4, errors: 0, recordsByType: {}, unknownRecordTypes: {} },
      problems: [],
    };
    const session = buildOpencodeSession(file);
    expect(session.toolCalls.map((c) => [c.id, c.name, c.status])).toEqual([['c1', 'read', 'ok']]);
    expect(session.usage).toMatchObject({ inputTokens: 7, outputTokens: 8 });
    expect(session.meta.store).toBe('v1');
  });
});
