import { describe, expect, it } from 'vitest';
import {
  decodeCodexLine,
  knownCodexEnvelopeTypes,
  knownEventMsgTypes,
  knownResponseItemTypes,
  looksLikeCodexRollout,
} from './decode-record.js';

const ts = '2025-11-17T21:30:28.608Z';
const envelope = (type: string, payload: unknown): Record<string, unknown> => ({
  timestamp: ts,
  type,
  payload,
});

/** A bare-era rollout as spec 4.2 describes it (no such file is in the corpus). */
const bareRollout: Record<string, unknown>[] = [
  {
    id: '5973b6c0-94b8-487b-a530-2aeb6098ae0e',
    timestamp: '2025-08-06T20:00:00.000Z',
    instructions: null,
    git: { branch: 'main' },
  },
  { record_type: 'state' },
  {
    type: 'message',
    id: null,
    role: 'user',
    content: [{ type: 'input_text', text: '<environment_context>…' }],
  },
  { type: 'reasoning', id: 'rs_1', summary: [], encrypted_content: 'gAAA' },
  { type: 'function_call', id: 'fc_1', name: 'shell', arguments: '{"command":["ls"]}', call_id: 'call_1' },
  { type: 'function_call_output', call_id: 'call_1', output: '{"output":"a\\n","metadata":{"exit_code":0}}' },
  { record_type: 'state' },
];

describe('decodeCodexLine: bare era', () => {
  it('classifies every line of a bare-era rollout', () => {
    const decoded = bareRollout.map((value, lineIndex) => decodeCodexLine(value, 'full', { lineIndex }));
    expect(decoded.map((d) => [d.kind, d.type, d.subtype, d.known])).toEqual([
      ['bare-meta', 'session_meta', undefined, true],
      ['state', 'state', undefined, true],
      ['bare-item', 'response_item', 'message', true],
      ['bare-item', 'response_item', 'reasoning', true],
      ['bare-item', 'response_item', 'function_call', true],
      ['bare-item', 'response_item', 'function_call_output', true],
      ['state', 'state', undefined, true],
    ]);
    expect(decoded.flatMap((d) => d.issues)).toEqual([]);
    expect(decoded[0]?.timestamp).toBe('2025-08-06T20:00:00.000Z');
    expect(decoded[2]?.timestamp).toBeUndefined();
    expect(decoded[4]?.payload).toBe(bareRollout[4]);
    expect(decoded[4]?.raw).toBe(bareRollout[4]);
  });

  it('takes id + timestamp as bare meta on the first line, later only with instructions', () => {
    const meta = { id: 'x', timestamp: ts };
    expect(decodeCodexLine(meta, 'envelope', { lineIndex: 0 }).kind).toBe('bare-meta');
    expect(decodeCodexLine(meta, 'envelope', { lineIndex: 5 })).toMatchObject({
      kind: 'bare-item',
      known: false,
    });
    expect(decodeCodexLine({ ...meta, instructions: 'x' }, 'envelope', { lineIndex: 5 }).kind).toBe(
      'bare-meta',
    );
  });

  it('reports bare-item issues with paths relative to the line', () => {
    const item = { type: 'function_call', name: 'shell', arguments: 3, call_id: 'c' };
    expect(decodeCodexLine(item, 'full', { lineIndex: 1 }).issues).toEqual([
      { path: ['arguments'], code: 'invalid_type', message: expect.stringMatching(/expected string/) },
    ]);
    expect(decodeCodexLine({ id: 'x' }, 'envelope', { lineIndex: 1 }).issues).toEqual([
      { path: ['type'], code: 'invalid_type', message: 'Expected a string at "type", got undefined' },
    ]);
  });

  it('checks bare meta and sentinels in full mode', () => {
    expect(
      decodeCodexLine({ id: 'x', timestamp: ts, git: 'main' }, 'full', { lineIndex: 0 }).issues,
    ).toMatchObject([{ path: ['git'], code: 'invalid_type' }]);
    expect(decodeCodexLine({ record_type: 'checkpoint' }, 'full', { lineIndex: 3 })).toMatchObject({
      kind: 'state',
      known: false,
      issues: [],
    });
  });
});

describe('decodeCodexLine: envelope era', () => {
  it('reads type, subtype, payload and timestamp', () => {
    const value = envelope('event_msg', { type: 'agent_message', message: 'Done.' });
    expect(decodeCodexLine(value, 'envelope', { lineIndex: 3 })).toEqual({
      kind: 'envelope',
      type: 'event_msg',
      subtype: 'agent_message',
      known: true,
      payload: { type: 'agent_message', message: 'Done.' },
      timestamp: ts,
      raw: value,
      issues: [],
    });
    expect(
      decodeCodexLine(envelope('turn_context', { model: 'gpt-5' }), 'full', { lineIndex: 1 }),
    ).toMatchObject({
      type: 'turn_context',
      subtype: undefined,
      known: true,
      issues: [],
    });
  });

  it('keeps unknown envelope types, item types and event types, unchecked', () => {
    const lines = [
      envelope('brand_new_kind', { anything: [1, 2] }),
      envelope('response_item', { type: 'hologram', shape: 'cube' }),
      envelope('event_msg', { type: 'quantum_event', spin: 'up' }),
    ];
    for (const value of lines) {
      const decoded = decodeCodexLine(value, 'full', { lineIndex: 2 });
      expect(decoded.known).toBe(false);
      expect(decoded.issues).toEqual([]);
      expect(decoded.payload).toBe(value.payload);
    }
  });

  it('knows the live-only events and leaves their payloads unchecked', () => {
    const decoded = decodeCodexLine(envelope('event_msg', { type: 'exec_command_begin', x: 1 }), 'full', {
      lineIndex: 2,
    });
    expect(decoded).toMatchObject({ subtype: 'exec_command_begin', known: true, issues: [] });
  });

  it('reports payload issues under "payload", with nested paths', () => {
    const call = envelope('response_item', { type: 'function_call', name: 'shell', arguments: '{}' });
    expect(decodeCodexLine(call, 'full', { lineIndex: 2 }).issues).toEqual([
      {
        path: ['payload', 'call_id'],
        code: 'invalid_type',
        message: expect.stringMatching(/expected string/),
      },
    ]);
    const message = envelope('response_item', {
      type: 'message',
      role: 'assistant',
      content: [{ type: 'output_text', text: 'ok' }, { type: 'output_text' }],
    });
    expect(decodeCodexLine(message, 'full', { lineIndex: 2 }).issues).toMatchObject([
      { path: ['payload', 'content', 1, 'text'], code: 'invalid_type' },
    ]);
    const output = envelope('response_item', {
      type: 'function_call_output',
      call_id: 'c',
      output: [{ type: 'input_image', image_url: 5 }],
    });
    expect(decodeCodexLine(output, 'full', { lineIndex: 2 }).issues).toMatchObject([
      { path: ['payload', 'output', 0, 'image_url'], code: 'invalid_type' },
    ]);
  });

  it('reports envelope issues: timestamp, payload, subtype', () => {
    expect(
      decodeCodexLine({ type: 'event_msg', payload: { type: 'warning', message: 'x' } }, 'full', {
        lineIndex: 0,
      }).issues,
    ).toMatchObject([{ path: ['timestamp'], code: 'invalid_type' }]);
    const bad = { timestamp: ts, type: 'response_item', payload: 'oops' };
    const fast = decodeCodexLine(bad, 'envelope', { lineIndex: 0 });
    expect(fast).toMatchObject({
      kind: 'envelope',
      type: 'response_item',
      subtype: undefined,
      known: false,
      payload: {},
    });
    expect(fast.issues).toEqual([
      { path: ['payload'], code: 'invalid_type', message: 'Expected an object at "payload", got string' },
    ]);
    expect(decodeCodexLine(bad, 'full', { lineIndex: 0 }).issues).toMatchObject([{ path: ['payload'] }]);
    expect(
      decodeCodexLine(envelope('event_msg', { message: 'x' }), 'envelope', { lineIndex: 0 }).issues,
    ).toMatchObject([{ path: ['payload', 'type'] }]);
    expect(
      decodeCodexLine({ timestamp: ts, type: 7, payload: {} }, 'envelope', { lineIndex: 0 }),
    ).toMatchObject({
      type: '',
      known: false,
      issues: [{ path: ['type'] }],
    });
  });

  it('checks session_meta, including the sub-agent source and fork fields', () => {
    const meta = {
      id: '019fc8be-3658-7ca3-9e29-000000000001',
      timestamp: ts,
      cwd: '/repo',
      originator: 'codex_cli_rs',
      cli_version: '0.146.0',
      forked_from_id: '019fc8be-3658-7ca3-9e29-000000000000',
      source: { subagent: { thread_spawn: { parent_thread_id: '019fc8be', depth: 1, agent_role: null } } },
    };
    expect(decodeCodexLine(envelope('session_meta', meta), 'full', { lineIndex: 0 }).issues).toEqual([]);
    for (const source of [
      'cli',
      'exec',
      { subagent: 'review' },
      { subagent: { other: 'x' } },
      { custom: 'ide' },
    ]) {
      expect(
        decodeCodexLine(envelope('session_meta', { ...meta, source }), 'full', { lineIndex: 0 }).issues,
      ).toEqual([]);
    }
    const badSpawn = {
      ...meta,
      source: { subagent: { thread_spawn: { parent_thread_id: 'p', depth: 'deep' } } },
    };
    expect(
      decodeCodexLine(envelope('session_meta', badSpawn), 'full', { lineIndex: 0 }).issues,
    ).toMatchObject([
      { path: ['payload', 'source', 'subagent', 'thread_spawn', 'depth'], code: 'invalid_type' },
    ]);
  });

  it('accepts token_count with null info, both rate-limit forms, and checks usage fields', () => {
    const older = {
      type: 'token_count',
      info: null,
      rate_limits: { primary: { used_percent: 1, resets_in_seconds: 60 } },
    };
    const newer = {
      type: 'token_count',
      info: null,
      rate_limits: { primary: { used_percent: 1, resets_at: 1785958530 } },
    };
    for (const payload of [older, newer, { type: 'token_count' }]) {
      expect(decodeCodexLine(envelope('event_msg', payload), 'full', { lineIndex: 4 }).issues).toEqual([]);
    }
    const usage = {
      input_tokens: 1,
      cached_input_tokens: 0,
      output_tokens: 1,
      reasoning_output_tokens: 0,
      total_tokens: 2,
    };
    const partial = {
      type: 'token_count',
      info: { total_token_usage: usage, last_token_usage: { ...usage, total_tokens: '2' } },
    };
    expect(decodeCodexLine(envelope('event_msg', partial), 'full', { lineIndex: 4 }).issues).toMatchObject([
      { path: ['payload', 'info', 'last_token_usage', 'total_tokens'], code: 'invalid_type' },
    ]);
  });

  it('checks the replacement history of compacted lines', () => {
    const payload = {
      message: '',
      replacement_history: [{ type: 'message', role: 'user', content: 'text' }],
    };
    expect(decodeCodexLine(envelope('compacted', payload), 'full', { lineIndex: 9 }).issues).toMatchObject([
      { path: ['payload', 'replacement_history', 0, 'content'], code: 'invalid_type' },
    ]);
  });
});

describe('known type lists', () => {
  it('cover every envelope type of spec 4.3', () => {
    const spec = [
      'session_meta',
      'response_item',
      'event_msg',
      'turn_context',
      'compacted',
      'inter_agent_communication',
      'world_state',
      'security_risk_score',
      'inter_agent_communication_metadata',
    ];
    expect([...knownCodexEnvelopeTypes].sort()).toEqual(spec.sort());
  });

  it('cover every response item type of spec 4.5', () => {
    const spec = [
      'message',
      'reasoning',
      'function_call',
      'function_call_output',
      'custom_tool_call',
      'custom_tool_call_output',
      'local_shell_call',
      'tool_search_call',
      'tool_search_output',
      'web_search_call',
      'image_generation_call',
      'compaction',
      'compaction_summary',
      'context_compaction',
      'agent_message',
      'additional_tools',
      'ghost_snapshot',
      'other',
    ];
    expect([...knownResponseItemTypes].sort()).toEqual(spec.sort());
  });

  it('cover every event type of spec 4.6', () => {
    const spec = [
      ...['user_message', 'agent_message', 'agent_reasoning', 'agent_reasoning_raw_content', 'token_count'],
      ...[
        'patch_apply_end',
        'context_compacted',
        'entered_review_mode',
        'exited_review_mode',
        'thread_rolled_back',
      ],
      ...[
        'turn_aborted',
        'task_started',
        'turn_started',
        'task_complete',
        'turn_complete',
        'thread_name_updated',
      ],
      ...[
        'thread_goal_updated',
        'image_generation_end',
        'web_search_end',
        'mcp_tool_call_end',
        'item_completed',
      ],
      ...['sub_agent_activity', 'error', 'warning', 'exec_command_end', 'view_image_tool_call'],
      ...['dynamic_tool_call_request', 'dynamic_tool_call_response', 'guardian_assessment'],
      ...[
        'exec_command_output_delta',
        'exec_approval_request',
        'apply_patch_approval_request',
        'request_user_input',
      ],
      ...['hook_started', 'hook_completed', 'session_configured', 'plan_update', 'turn_diff', 'stream_error'],
      ...['raw_response_item', 'shutdown_complete', 'exec_command_begin', 'agent_message_delta'],
    ];
    expect(spec.filter((type) => !knownEventMsgTypes.includes(type))).toEqual([]);
    expect(
      knownEventMsgTypes.filter((type) => type.startsWith('collab_') && type.endsWith('_end')),
    ).toHaveLength(5);
  });
});

describe('looksLikeCodexRollout', () => {
  it('recognises both eras by their first line', () => {
    expect(looksLikeCodexRollout(envelope('session_meta', { id: 'x' }))).toBe(true);
    expect(looksLikeCodexRollout(envelope('response_item', { type: 'message' }))).toBe(true);
    expect(looksLikeCodexRollout(bareRollout[0] ?? {})).toBe(true);
    expect(looksLikeCodexRollout({ record_type: 'state' })).toBe(true);
    expect(looksLikeCodexRollout({ type: 'message', role: 'user', content: [] })).toBe(true);
  });

  it('rejects Claude Code records and other objects', () => {
    expect(
      looksLikeCodexRollout({ type: 'user', uuid: 'u', sessionId: 's', message: { role: 'user' } }),
    ).toBe(false);
    expect(looksLikeCodexRollout({ type: 'summary', summary: 'x', leafUuid: 'u' })).toBe(false);
    expect(looksLikeCodexRollout({ type: 'file-history-snapshot', messageId: 'm', snapshot: {} })).toBe(
      false,
    );
    expect(looksLikeCodexRollout(envelope('brand_new_kind', {}))).toBe(false);
    expect(looksLikeCodexRollout({ type: 'session_meta', payload: 'x', timestamp: ts })).toBe(false);
    expect(looksLikeCodexRollout({ foo: 1 })).toBe(false);
  });
});
