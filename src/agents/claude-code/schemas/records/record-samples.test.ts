import { describe, expect, it } from 'vitest';
import { unknownKeys } from '../../../../schemas/common/unknown-keys.js';
import {
  attachmentPayloadSchema,
  attachmentTypes,
  claudeCodeRecordSchemas,
  isKnownClaudeCodeRecordType,
  knownClaudeCodeRecordTypes,
  progressDataSchema,
  progressDataTypes,
  systemRecordSchema,
  systemSubtypes,
} from './index.js';

const sessionId = '4520f070-9e99-41bb-9400-2efd7eda4632';
const at = '2026-04-16T11:52:02.108Z';
const chain = {
  uuid: 'e2066dc9-672a-48ff-b6c9-df29103572bf',
  parentUuid: '0d4221bb-4b34-42eb-828a-8892e725be2b',
  isSidechain: false,
  userType: 'external',
  entrypoint: 'cli',
  cwd: '/app',
  sessionId,
  version: '2.1.110',
  gitBranch: 'main',
  slug: 'vectorized-giggling-sedgewick',
  timestamp: at,
};
const backup = { backupFileName: 'f3a9@v2', version: 2, backupTime: at };

/** One record per known type, fields as real logs or the catalog give them. */
const samples: Record<string, Record<string, unknown>> = {
  user: {
    ...chain,
    message: { role: 'user', content: 'Fix the failing test' },
    promptId: 'p1',
    permissionMode: 'default',
  },
  assistant: {
    ...chain,
    requestId: 'req_011',
    message: {
      id: 'msg_01',
      type: 'message',
      role: 'assistant',
      model: 'claude-opus-4-5',
      content: [{ type: 'text', text: 'Done.' }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 3, output_tokens: 2 },
    },
  },
  system: { ...chain, subtype: 'turn_duration', durationMs: 5120, messageCount: 4, isMeta: false },
  attachment: { ...chain, attachment: { type: 'date_change', newDate: '2026-04-17' } },
  progress: {
    ...chain,
    data: { type: 'hook_progress', hookEvent: 'PostToolUse', hookName: 'PostToolUse:Edit', command: 'fmt' },
    toolUseID: 'toolu_01',
    parentToolUseID: 'toolu_01',
  },
  summary: { summary: 'Fixed the parser', leafUuid: 'u9' },
  'custom-title': { customTitle: 'Parser work', sessionId },
  'ai-title': { aiTitle: 'Fix parser tests', sessionId },
  tag: { tag: 'wip', sessionId },
  'last-prompt': { lastPrompt: 'Fix the failing test', sessionId, leafUuid: 'u9' },
  'agent-name': { agentName: 'planner', sessionId },
  'agent-color': { agentColor: 'cyan', sessionId },
  'agent-setting': { agentSetting: 'general-purpose', sessionId },
  mode: { mode: 'normal', sessionId },
  'permission-mode': { permissionMode: 'acceptEdits', sessionId },
  'worktree-state': { worktreeSession: null, sessionId },
  'pr-link': {
    prNumber: 7,
    prUrl: 'https://github.com/o/r/pull/7',
    prRepository: 'o/r',
    sessionId,
    timestamp: at,
  },
  'frame-link': {
    sessionId,
    path: '/tmp/a.html',
    frameUrl: 'https://x',
    title: 'Preview',
    artifactCount: 1,
    timestamp: at,
  },
  'file-history-snapshot': {
    messageId: 'm1',
    isSnapshotUpdate: false,
    snapshot: { messageId: 'm1', timestamp: at, trackedFileBackups: { 'src/a.ts': backup } },
  },
  'file-history-delta': {
    messageId: 'm2',
    snapshotMessageId: 'm1',
    timestamp: at,
    trackingPath: 'src/a.ts',
    backup,
  },
  'attribution-snapshot': { messageId: 'm1', sessionId },
  'queue-operation': { operation: 'enqueue', timestamp: at, sessionId, content: 'also update the docs' },
  'content-replacement': { sessionId, replacements: [{ toolUseId: 'toolu_01' }] },
  'speculation-accept': { timestamp: at, timeSavedMs: 1200 },
  'marble-origami-commit': { sessionId },
  'marble-origami-snapshot': { sessionId },
  checkpoint: { sessionId, commit: 'abc123', timestamp: at, label: 'before refactor', id: 'c1' },
  'continued-in': { continuedInSessionId: 'b9e1', sessionId, timestamp: at },
  relocated: { relocatedCwd: '/app/worktrees/x', sessionId },
  'derived-from': { sessionId },
  'data-flow-records': { sessionId },
  'data-flow-incomplete': { sessionId },
  'history-suppression': { sessionId, cause: 'migration', ts: at },
  'hybrid-organization': { sessionId },
  'tools-used': { tools: ['Read', 'Edit'], sessionId },
  'atis-latch': { atis: 'on', sessionId },
  'bridge-session': { sessionId, bridgeSessionId: 'b1', lastSequenceNum: 4, ownerAccountUuid: 'acc' },
  'cost-state': {
    sessionId,
    hasUnknownModelCost: false,
    modelUsage: {
      'claude-opus-4-5': {
        inputTokens: 1,
        outputTokens: 2,
        cacheReadInputTokens: 3,
        cacheCreationInputTokens: 4,
        webSearchRequests: 0,
        costUSD: 0.5,
      },
    },
    totalCostUSD: 0.5,
    totalDuration: 3000,
  },
  'artifact-autoreact-ledger': { sessionId, v: 1, artifacts: [] },
  'artifact-comment-monitor': { sessionId, v: 1, artifacts: [] },
  'fork-context-ref': { agentId: 'a1' },
  'telemetry-latch': { sessionId },
  'ended-by-model': { sessionId, timestamp: at },
  'isolation-latch': { sessionId, side: 'left' },
  'dev-mods': { sessionId, folder: '/mods' },
  'memory-mode': { sessionId, mode: 'on', timestamp: at },
  'observer-ref': { timestamp: at },
  'api-request-shape': { sessionId, shapeHash: 'h', timestamp: at, version: 1, shape: {} },
  'api-request-blob': { sessionId, hash: 'h', message: {} },
  'api-request': { sessionId, id: 'r1', timestamp: at, version: '2.1.288', params: {} },
};

describe('record schemas', () => {
  it('has a sample for every known record type', () => {
    expect(Object.keys(samples).sort()).toEqual([...knownClaudeCodeRecordTypes].sort());
  });

  it.each(Object.entries(samples))('accepts a %s record and declares all its keys', (type, fields) => {
    const schema = claudeCodeRecordSchemas[type];
    const value = { type, ...fields };
    expect(schema?.safeParse(value).error?.issues).toBeUndefined();
    expect(schema && unknownKeys(schema, value)).toEqual([]);
  });

  it('rejects a record of another type', () => {
    expect(claudeCodeRecordSchemas.tag.safeParse({ type: 'ai-title', tag: 'x', sessionId }).success).toBe(
      false,
    );
  });

  it('looks up only known types', () => {
    expect(claudeCodeRecordSchemas.toString).toBeUndefined();
    expect(isKnownClaudeCodeRecordType('hasOwnProperty')).toBe(false);
    expect(isKnownClaudeCodeRecordType('summary')).toBe(true);
  });
});

describe('variant catalogs', () => {
  it('accepts every known system subtype with the envelope alone', () => {
    for (const subtype of systemSubtypes) {
      expect([subtype, systemRecordSchema.safeParse({ ...chain, type: 'system', subtype }).success]).toEqual([
        subtype,
        true,
      ]);
    }
  });

  it('accepts every known attachment and progress type with its type alone', () => {
    for (const type of attachmentTypes)
      expect([type, attachmentPayloadSchema.safeParse({ type }).success]).toEqual([type, true]);
    for (const type of progressDataTypes)
      expect([type, progressDataSchema.safeParse({ type }).success]).toEqual([type, true]);
  });

  it('lists each variant once', () => {
    for (const list of [systemSubtypes, attachmentTypes, progressDataTypes, knownClaudeCodeRecordTypes]) {
      expect(new Set(list).size).toBe(list.length);
    }
  });
});
