import { describe, expect, it } from 'vitest';
import { decodeClaudeCodeRecord } from './decode-record.js';

const envelope = {
  uuid: '6a3d4d74-599e-48c1-aba4-d93c4aa3d87b',
  parentUuid: null,
  isSidechain: false,
  userType: 'external',
  cwd: '/repo',
  sessionId: '0d3a8e6f-290f-4105-a327-a2496e5e2a83',
  version: '2.1.40',
  timestamp: '2026-02-01T10:00:00.000Z',
};

function assistant(
  content: unknown[],
  usage: Record<string, unknown> = { input_tokens: 3, output_tokens: 9 },
) {
  return {
    ...envelope,
    type: 'assistant',
    requestId: 'req_011',
    message: {
      id: 'msg_01',
      type: 'message',
      role: 'assistant',
      model: 'claude-opus-4-5',
      content,
      stop_reason: null,
      stop_sequence: null,
      usage,
    },
  };
}

function user(content: unknown, extra: Record<string, unknown> = {}) {
  return { ...envelope, type: 'user', message: { role: 'user', content }, ...extra };
}

describe('decodeClaudeCodeRecord', () => {
  it('returns the input object itself in both modes', () => {
    const value = assistant([{ type: 'text', text: 'Hi' }]);
    for (const mode of ['envelope', 'full'] as const) {
      const decoded = decodeClaudeCodeRecord(value, mode);
      expect(decoded).toEqual({ kind: 'known', type: 'assistant', record: value, issues: [] });
      expect(decoded.record).toBe(value);
    }
  });

  it('does not validate fields in envelope mode', () => {
    const value = { type: 'user', message: 42 };
    expect(decodeClaudeCodeRecord(value, 'envelope')).toEqual({
      kind: 'known',
      type: 'user',
      record: value,
      issues: [],
    });
    expect(decodeClaudeCodeRecord(value, 'full').issues.map((i) => i.path)).toEqual([
      ['uuid'],
      ['sessionId'],
      ['message'],
    ]);
  });

  it('decodes unknown, missing and non-string types as unknown, never as errors', () => {
    const future = { type: 'quantum-entanglement', uuid: 'x', payload: { a: 1 } };
    for (const mode of ['envelope', 'full'] as const) {
      expect(decodeClaudeCodeRecord(future, mode)).toEqual({
        kind: 'unknown',
        type: 'quantum-entanglement',
        record: future,
        issues: [],
      });
      expect(decodeClaudeCodeRecord({ silly: 'this' }, mode)).toMatchObject({
        kind: 'unknown',
        type: undefined,
      });
      expect(decodeClaudeCodeRecord({ type: 7 }, mode)).toMatchObject({ kind: 'unknown', type: undefined });
      expect(decodeClaudeCodeRecord({ type: 'constructor' }, mode)).toMatchObject({
        kind: 'unknown',
        type: 'constructor',
      });
    }
  });

  it('reports a wrongly typed envelope field at its path', () => {
    const decoded = decodeClaudeCodeRecord({ ...assistant([]), isSidechain: 'no' }, 'full');
    expect(decoded.issues).toEqual([
      {
        path: ['isSidechain'],
        code: 'invalid_type',
        message: 'Invalid input: expected boolean, received string',
      },
    ]);
  });

  it('reports a wrongly typed usage field at its path', () => {
    const decoded = decodeClaudeCodeRecord(assistant([], { input_tokens: '12', output_tokens: 3 }), 'full');
    expect(decoded.issues).toEqual([
      {
        path: ['message', 'usage', 'input_tokens'],
        code: 'invalid_type',
        message: 'Invalid input: expected number, received string',
      },
    ]);
  });

  it('reports a wrongly typed field of a known block at its own path', () => {
    const decoded = decodeClaudeCodeRecord(
      assistant([
        { type: 'text', text: 'Let me look.' },
        { type: 'tool_use', id: 'toolu_01', name: 'Bash', input: 'ls -la' },
      ]),
      'full',
    );
    expect(decoded.issues).toEqual([
      {
        path: ['message', 'content', 1, 'input'],
        code: 'invalid_type',
        message: 'Invalid input: expected record, received string',
      },
    ]);
  });

  it('reports issues inside tool_result content arrays', () => {
    const decoded = decodeClaudeCodeRecord(
      user([
        {
          type: 'tool_result',
          tool_use_id: 'toolu_01',
          is_error: 'yes',
          content: [{ type: 'text', text: 5 }],
        },
      ]),
      'full',
    );
    expect(decoded.issues.map((i) => [i.path, i.code])).toEqual([
      [['message', 'content', 0, 'content', 0, 'text'], 'invalid_type'],
      [['message', 'content', 0, 'is_error'], 'invalid_type'],
    ]);
  });

  it('keeps unknown block types as fallback blocks, but requires a string type', () => {
    const future = { type: 'hologram', frames: [1, 2, 3] };
    expect(decodeClaudeCodeRecord(assistant([future]), 'full').issues).toEqual([]);
    expect(decodeClaudeCodeRecord(user([future, { type: 'text', text: 'and this' }]), 'full').issues).toEqual(
      [],
    );
    const untyped = decodeClaudeCodeRecord(assistant([{ frames: [] }]), 'full');
    expect(untyped.issues.map((i) => [i.path, i.code])).toEqual([
      [['message', 'content', 0, 'type'], 'invalid_type'],
    ]);
  });

  it('validates known system subtypes and keeps unknown ones', () => {
    const boundary = {
      ...envelope,
      type: 'system',
      subtype: 'compact_boundary',
      content: 'Conversation compacted',
      logicalParentUuid: 'b3af772f',
      compactMetadata: { trigger: 'auto', preTokens: '155000' },
    };
    expect(decodeClaudeCodeRecord(boundary, 'full').issues.map((i) => i.path)).toEqual([
      ['compactMetadata', 'preTokens'],
    ]);
    const future = { ...envelope, type: 'system', subtype: 'teleport_summary', beamedTo: 'mars' };
    expect(decodeClaudeCodeRecord(future, 'full').issues).toEqual([]);
    const legacy = { ...envelope, type: 'system', content: 'Running PostToolUse:Edit...', level: 'info' };
    expect(decodeClaudeCodeRecord(legacy, 'full').issues).toEqual([]);
    // Base fields are still checked for unknown subtypes.
    const badFuture = { ...future, level: 3 };
    expect(decodeClaudeCodeRecord(badFuture, 'full').issues.map((i) => i.path)).toEqual([['level']]);
  });

  it('validates known attachment and progress payloads and keeps unknown ones', () => {
    const hook = {
      ...envelope,
      type: 'attachment',
      attachment: {
        type: 'hook_success',
        hookName: 'Stop',
        hookEvent: 'Stop',
        exitCode: '0',
        durationMs: 12,
      },
    };
    expect(decodeClaudeCodeRecord(hook, 'full').issues.map((i) => i.path)).toEqual([
      ['attachment', 'exitCode'],
    ]);
    const future = { ...envelope, type: 'attachment', attachment: { type: 'mind_reading', level: 'deep' } };
    expect(decodeClaudeCodeRecord(future, 'full').issues).toEqual([]);
    const progress = {
      ...envelope,
      type: 'progress',
      toolUseID: 'bash-progress-0',
      parentToolUseID: 'toolu_01',
      data: { type: 'bash_progress', output: '', elapsedTimeSeconds: 'two' },
    };
    expect(decodeClaudeCodeRecord(progress, 'full').issues.map((i) => i.path)).toEqual([
      ['data', 'elapsedTimeSeconds'],
    ]);
  });

  it('validates metadata records', () => {
    const snapshot = {
      type: 'file-history-snapshot',
      messageId: 'm1',
      isSnapshotUpdate: false,
      snapshot: {
        messageId: 'm1',
        timestamp: '2026-02-01T10:00:00.000Z',
        trackedFileBackups: { 'src/a.ts': { backupFileName: null, version: 'one', backupTime: 't' } },
      },
    };
    expect(decodeClaudeCodeRecord(snapshot, 'full').issues.map((i) => i.path)).toEqual([
      ['snapshot', 'trackedFileBackups', 'src/a.ts', 'version'],
    ]);
    const title = { type: 'custom-title', sessionId: 's1' };
    expect(decodeClaudeCodeRecord(title, 'full').issues.map((i) => i.path)).toEqual([['customTitle']]);
  });

  it('accepts string and block-array user content, and rejects other content', () => {
    expect(decodeClaudeCodeRecord(user('Fix the bug'), 'full').issues).toEqual([]);
    expect(decodeClaudeCodeRecord(user([{ type: 'text', text: 'Fix the bug' }]), 'full').issues).toEqual([]);
    expect(decodeClaudeCodeRecord(user({ text: 'Fix the bug' }), 'full').issues).toEqual([
      {
        path: ['message', 'content'],
        code: 'invalid_type',
        message: 'Invalid input: expected string or array, received object',
      },
    ]);
  });
});
