import { describe, expect, it } from 'vitest';
import type { Message } from '../model/message.js';
import type { Session } from '../model/session.js';
import type { ToolCall } from '../model/tool-call.js';
import { emptyUsage } from '../model/usage.js';
import { sessionState, stateValidThrough } from './session-state.js';

const now = Date.parse('2026-03-01T12:00:00Z');
const minutes = (n: number) => new Date(now - n * 60_000).toISOString();

function message(
  kind: Message['kind'],
  parts: Message['parts'] = [],
  role: Message['role'] = 'assistant',
): Message {
  return { id: `${kind}-${parts.length}`, role, kind, parts, location: { file: 'f', line: 1 } };
}

function session(messages: Message[], calls: Partial<ToolCall>[] = [], endTime = minutes(1)): Session {
  return {
    id: 's',
    agent: 'claude-code',
    files: [],
    cwds: [],
    versions: [],
    models: [],
    messages,
    turns: [],
    toolCalls: calls.map((c, i) => ({
      id: `c${i}`,
      name: 'Bash',
      canonicalName: 'Bash',
      kind: 'builtin',
      input: {},
      status: 'ok',
      sessionId: 's',
      location: { file: 'f', line: 1 },
      ...c,
    })),
    subagents: [],
    usage: emptyUsage(),
    usageByModel: {},
    usageEntries: [],
    counts: { lines: 0, blankLines: 0, records: 0, errors: 0, recordsByType: {}, unknownRecordTypes: {} },
    problems: [],
    meta: {},
    isSubagent: false,
    endTime,
  };
}

const answered = [message('prompt', [], 'user'), message('response', [{ type: 'text', text: 'done' }])];
const calling = [message('prompt', [], 'user'), message('response', [{ type: 'tool_call', callId: 'c0' }])];

describe('sessionState', () => {
  it('is active when written recently with a call still open', () => {
    const s = session(calling, [{ status: 'missing' }]);
    expect(sessionState(s, { now, lastWriteMs: now - 30_000 })).toMatchObject({
      state: 'active',
      open: '1 call without a result',
    });
  });

  it('is active while a prompt or tool results wait for the agent', () => {
    expect(sessionState(session([message('prompt', [], 'user')]), { now }).state).toBe('active');
    expect(sessionState(session([...calling, message('tool_results', [], 'user')]), { now }).state).toBe(
      'active',
    );
  });

  it('is idle when the agent answered and the user has not written for less than an hour', () => {
    expect(sessionState(session(answered, [], minutes(20)), { now }).state).toBe('idle');
  });

  it('is ended when closed and quiet for over an hour', () => {
    expect(sessionState(session(answered, [], minutes(90)), { now }).state).toBe('ended');
  });

  it('is abandoned when calls were left missing and nothing was written for minutes', () => {
    const s = session(calling, [{ status: 'missing' }], minutes(30));
    expect(sessionState(s, { now }).state).toBe('abandoned');
  });

  it('treats interruptions and API errors as the turn handed back', () => {
    expect(sessionState(session([...calling, message('interrupt', [], 'user')]), { now }).state).toBe('idle');
  });

  it('bounds a fresh modification time by the last record (a copied file is not active)', () => {
    const s = session(calling, [{ status: 'missing' }], minutes(60 * 24));
    expect(sessionState(s, { now, lastWriteMs: now }).state).toBe('abandoned');
  });

  it('ignores harness and system messages when deciding whose turn it is', () => {
    const s = session([...answered, message('system'), message('meta', [], 'user')], [], minutes(2));
    expect(sessionState(s, { now }).state).toBe('idle');
  });
});

describe('stateValidThrough', () => {
  it('holds an active state through the active window, an idle one through the idle window', () => {
    const active = session(calling, [{ status: 'missing' }]);
    const result = sessionState(active, { now, lastWriteMs: now - 30_000 });
    const through = stateValidThrough(result.state, result.lastWriteMs);
    expect(through).toBe((result.lastWriteMs as number) + 5 * 60_000);
    expect(sessionState(active, { now: through, lastWriteMs: now - 30_000 }).state).toBe('active');
    expect(sessionState(active, { now: through + 1, lastWriteMs: now - 30_000 }).state).toBe('abandoned');
    const idle = session(answered, [], minutes(20));
    const idleResult = sessionState(idle, { now });
    const idleThrough = stateValidThrough(idleResult.state, idleResult.lastWriteMs);
    expect(sessionState(idle, { now: idleThrough }).state).toBe('idle');
    expect(sessionState(idle, { now: idleThrough + 1 }).state).toBe('ended');
  });

  it('is forever for ended and abandoned sessions, and for a session never written', () => {
    expect(stateValidThrough('ended', now)).toBe(Number.POSITIVE_INFINITY);
    expect(stateValidThrough('abandoned', now)).toBe(Number.POSITIVE_INFINITY);
    expect(stateValidThrough('active', undefined)).toBe(Number.POSITIVE_INFINITY);
  });
});
