import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readRecordFile } from '../../lifecycle/load-sessions.js';
import { buildGeminiSession, REWIND_TARGET_MISSING } from './build-session.js';
import { messageLines } from './read.js';

const dir = mkdtempSync(path.join(tmpdir(), 'agentlog-gemini-build-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function jsonl(records: object[]): string {
  const file = path.join(dir, `s-${Math.random().toString(36).slice(2)}.jsonl`);
  writeFileSync(file, `${records.map((r) => JSON.stringify(r)).join('\n')}\n`);
  return file;
}

const meta = {
  sessionId: 'sess-1',
  projectHash: 'abc',
  startTime: '2026-05-01T10:00:00.000Z',
  lastUpdated: '2026-05-01T10:00:00.000Z',
  kind: 'main',
};
const user = (id: string, text: string, ts: string) => ({
  id,
  timestamp: ts,
  type: 'user',
  content: [{ text }],
});
const tokens = { input: 1000, output: 50, cached: 400, thoughts: 20, tool: 5, total: 1075 };
const call = (id: string, status: string, response?: object) => ({
  id,
  name: 'run_shell_command',
  args: { command: 'ls' },
  status,
  timestamp: '2026-05-01T10:00:03.000Z',
  ...(response ? { result: [{ functionResponse: { id, name: 'run_shell_command', response } }] } : {}),
});

describe('buildGeminiSession', () => {
  it('folds JSONL records as the CLI does: last copy per id, $set, $rewindTo', async () => {
    const file = jsonl([
      meta,
      user('u1', 'first prompt', '2026-05-01T10:00:01.000Z'),
      { $set: { lastUpdated: '2026-05-01T10:00:01.000Z' } },
      // The model message appended first without its call's result, then again complete.
      {
        id: 'g1',
        timestamp: '2026-05-01T10:00:02.000Z',
        type: 'gemini',
        content: '',
        model: 'gemini-2.5-pro',
        toolCalls: [call('c1', 'executing')],
      },
      {
        id: 'g1',
        timestamp: '2026-05-01T10:00:02.000Z',
        type: 'gemini',
        content: 'done',
        model: 'gemini-2.5-pro',
        tokens,
        toolCalls: [call('c1', 'success', { output: 'a\nb' })],
      },
      user('u2', 'second prompt', '2026-05-01T10:00:05.000Z'),
      {
        id: 'g2',
        timestamp: '2026-05-01T10:00:06.000Z',
        type: 'gemini',
        content: 'oops',
        model: 'gemini-2.5-pro',
        tokens,
        toolCalls: [call('c2', 'error', { error: 'boom' }), call('c3', 'cancelled')],
      },
      { $rewindTo: 'u2' },
      { $rewindTo: 'nowhere' },
      user('u3', 'third prompt', '2026-05-01T10:00:09.000Z'),
      { $set: { summary: 'A summary', lastUpdated: '2026-05-01T10:00:10.000Z' } },
      { id: 'x1', timestamp: '2026-05-01T10:00:09.500Z', type: 'info', content: 'update available' },
    ]);
    const read = await readRecordFile(file);
    expect(read.agent).toBe('gemini-cli');
    expect(read.counts.recordsByType).toEqual({
      session: 1,
      user: 3,
      $set: 2,
      gemini: 3,
      $rewindTo: 2,
      info: 1,
    });
    const s = buildGeminiSession(read);
    expect(s.id).toBe('sess-1');
    expect(s.title).toBe('A summary');
    expect(s.titleSource).toBe('summary');
    expect(s.messages.map((m) => [m.id, m.kind, m.offBranch ?? false])).toEqual([
      ['u1', 'prompt', false],
      ['g1', 'response', false],
      ['g1#results', 'tool_results', false],
      ['u2', 'prompt', true],
      ['g2', 'response', true],
      ['g2#results', 'tool_results', true],
      ['u3', 'prompt', false],
      ['x1', 'system', false],
    ]);
    expect(s.toolCalls.map((c) => [c.id, c.status, c.result?.text])).toEqual([
      ['c1', 'ok', 'a\nb'],
      ['c2', 'error', 'boom'],
      ['c3', 'interrupted', undefined],
    ]);
    // Two requests, the rewound one included (it was made): each input 1000 - 400 cached + 5 tool.
    expect(s.usageEntries.map((e) => e.messageId)).toEqual(['g1', 'g2']);
    expect(s.usage).toMatchObject({
      inputTokens: 1210,
      cacheReadTokens: 800,
      outputTokens: 140,
      reasoningTokens: 40,
    });
    expect(s.problems.map((p) => [p.type, p.location.line])).toEqual([[REWIND_TARGET_MISSING, 9]]);
    expect(s.startTime).toBe('2026-05-01T10:00:00.000Z');
    expect(s.endTime).toBe('2026-05-01T10:00:10.000Z');
    // A rewound prompt starts no turn of the live conversation.
    expect(s.turns.map((t) => t.promptId)).toEqual(['u1', 'u3']);
  });

  it('reads a pretty-printed document as records located at their messages', async () => {
    const doc = {
      ...meta,
      messages: [
        user('u1', 'hello', '2026-05-01T10:00:01.000Z'),
        {
          id: 'g1',
          timestamp: '2026-05-01T10:00:02.000Z',
          type: 'gemini',
          content: 'hi "{[',
          model: 'm',
          tokens,
        },
      ],
    };
    const file = path.join(dir, 'session-2026-05-01T10-00-sess1.json');
    writeFileSync(file, JSON.stringify(doc, null, 2));
    const read = await readRecordFile(file);
    expect(read.agent).toBe('gemini-cli');
    expect(read.records.map((r) => r.location.line)).toEqual([1, 8, 18]);
    expect(read.counts).toMatchObject({ lines: 3, records: 3, errors: 0 });
    const s = buildGeminiSession(read);
    expect(s.messages.map((m) => m.id)).toEqual(['u1', 'g1']);
  });

  it('messageLines finds the line of every message of a real document', () => {
    const file = path.resolve(
      import.meta.dirname,
      '../../../test/data/corpus-more/gemini-cli/codemie-ai__codemie-code/tests/integration/metrics/fixtures/gemini/session-2026-01-16T11-01-file-ops-37b7abef.json',
    );
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n');
    const messages = (JSON.parse(text) as { messages: { id: string }[] }).messages;
    const found = messageLines(text);
    expect(found).toHaveLength(messages.length);
    found.forEach((line, i) => {
      expect(lines[line - 1]?.trim()).toBe('{');
      expect(lines[line]).toContain(`"id": "${messages[i]?.id}"`);
    });
  });

  it('a document no agent claims is one located error, not a crash', async () => {
    const file = path.join(dir, 'other.json');
    writeFileSync(file, '{\n  "hello": 1\n}\n');
    const read = await readRecordFile(file);
    expect(read.records).toEqual([]);
    expect(read.problems.map((p) => [p.type, p.location.line])).toEqual([['not-an-object', 1]]);
    writeFileSync(file, '{\n  "sessionId": "x",\n  oops\n}\n');
    const broken = await readRecordFile(file);
    expect(broken.problems.map((p) => [p.type, p.location.line])).toEqual([['invalid-json', 3]]);
  });
});
