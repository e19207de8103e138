import { describe, expect, it } from 'vitest';
import type { RecordFile } from '../record-file.js';
import { buildClaudeCodeSession } from './build-session.js';

const file = '/p/-home-me-app/11111111-1111-4111-8111-111111111111.jsonl';

function recordFile(values: Record<string, unknown>[]): RecordFile {
  return {
    file,
    records: values.map((value, i) => ({ value, location: { file, line: i + 1 } })),
    counts: {
      lines: values.length,
      blankLines: 0,
      records: values.length,
      errors: 0,
      recordsByType: {},
      unknownRecordTypes: {},
    },
    problems: [],
  };
}

const base = { sessionId: '11111111-1111-4111-8111-111111111111', cwd: '/home/me/app' };

describe('buildClaudeCodeSession', () => {
  it('keeps a message whose record has no uuid, with its tool call, and says where it is (nothing is lost)', () => {
    const session = buildClaudeCodeSession(
      recordFile([
        {
          ...base,
          type: 'user',
          uuid: 'u1',
          timestamp: '2026-01-01T10:00:00.000Z',
          message: { role: 'user', content: 'list files' },
        },
        {
          ...base,
          type: 'assistant',
          parentUuid: 'u1',
          timestamp: '2026-01-01T10:00:01.000Z',
          message: {
            id: 'msg_1',
            role: 'assistant',
            model: 'claude-sonnet-4-5',
            content: [{ type: 'tool_use', id: 'toolu_1', name: 'Bash', input: { command: 'ls' } }],
            usage: { input_tokens: 10, output_tokens: 5 },
          },
        },
        {
          ...base,
          type: 'user',
          uuid: 'u3',
          timestamp: '2026-01-01T10:00:02.000Z',
          message: {
            role: 'user',
            content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'a b' }],
          },
        },
      ]),
    );
    expect(session.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(session.messages.some((m) => m.offBranch)).toBe(false);
    expect(session.toolCalls.map((c) => [c.id, c.name, c.status])).toEqual([['toolu_1', 'Bash', 'ok']]);
    expect(session.problems).toContainEqual(
      expect.objectContaining({ type: 'missing-uuid', location: { file, line: 2 } }),
    );
  });

  it('takes the last of metadata records written again on every resume (edge case 5)', () => {
    const session = buildClaudeCodeSession(
      recordFile([
        {
          ...base,
          type: 'user',
          uuid: 'u1',
          timestamp: '2026-01-01T10:00:00.000Z',
          message: { role: 'user', content: 'hello' },
        },
        { ...base, type: 'ai-title', aiTitle: 'First guess' },
        { ...base, type: 'custom-title', customTitle: 'Old name' },
        { ...base, type: 'ai-title', aiTitle: 'Second guess' },
        { ...base, type: 'custom-title', customTitle: 'New name' },
        { ...base, type: 'custom-title', customTitle: 'New name' },
      ]),
    );
    expect(session).toMatchObject({ title: 'New name', titleSource: 'custom-title' });
  });

  it('survives missing and malformed timestamps (edge case 27)', () => {
    const session = buildClaudeCodeSession(
      recordFile([
        {
          ...base,
          type: 'user',
          uuid: 'u1',
          timestamp: 'not a time',
          message: { role: 'user', content: 'run it' },
        },
        {
          ...base,
          type: 'assistant',
          uuid: 'a1',
          parentUuid: 'u1',
          message: {
            id: 'm1',
            role: 'assistant',
            model: 'claude-sonnet-4-5',
            content: [{ type: 'tool_use', id: 't1', name: 'Bash', input: { command: 'ls' } }],
          },
        },
        {
          ...base,
          type: 'user',
          uuid: 'u2',
          parentUuid: 'a1',
          timestamp: '2026-01-01T10:00:05.000Z',
          message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'a.txt' }] },
        },
      ]),
    );
    const [call] = session.toolCalls;
    expect(call).toMatchObject({ status: 'ok', endTime: '2026-01-01T10:00:05.000Z' });
    expect(call?.durationMs).toBeUndefined();
    expect(session).toMatchObject({
      startTime: '2026-01-01T10:00:05.000Z',
      endTime: '2026-01-01T10:00:05.000Z',
      durationMs: 0,
    });
    expect(session.messages.map((m) => m.id)).toEqual(['u1', 'a1', 'u2']);
  });

  it('keeps every sidechain record of one agent id in one subagent, even when its chain is broken', () => {
    const sidechain = (uuid: string, parentUuid: string | null, text: string, agentId: string) => ({
      ...base,
      type: 'user',
      uuid,
      parentUuid,
      isSidechain: true,
      agentId,
      timestamp: '2026-01-01T10:00:02.000Z',
      message: { role: 'user', content: text },
    });
    const session = buildClaudeCodeSession(
      recordFile([
        {
          ...base,
          type: 'user',
          uuid: 'm1',
          timestamp: '2026-01-01T10:00:00.000Z',
          message: { role: 'user', content: 'go' },
        },
        sidechain('s1', null, 'first piece', 'a1'),
        sidechain('s2', 's1', 'first piece, answered', 'a1'),
        // The parent of this one is not in the file: a second chain of the same subagent.
        sidechain('s3', 'missing', 'second piece', 'a1'),
        sidechain('s4', null, 'another subagent', 'b2'),
      ]),
    );
    // Counted from the records: 4 sidechain records, of two agent ids.
    const subagents = session.subagents.map((s) => [s.agentId, s.session.messages.map((m) => m.id)]);
    expect(subagents).toEqual([
      ['a1', ['s1', 's2', 's3']],
      ['b2', ['s4']],
    ]);
  });
});
